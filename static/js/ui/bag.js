// Tiles left: the count, and a grid of every tile type still in the bag.
import { h, fill } from './dom.js';
import { tileImageURL } from '../board/tiles.js';

/**
 * @param {HTMLElement} el
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 * @param {Record<string, number>} bag tile id -> copies left
 */
export function renderBag(el, catalog, bag) {
  const ids = Object.keys(catalog).filter((id) => (bag[id] ?? 0) > 0);
  fill(el, ...ids.map((id) => {
    const c = h('img.mini-tile', { src: tileImageURL(id, catalog[id], 0, 88), alt: `tile ${id}`, width: 44, height: 44 });
    return h('div.bag-item', { dataset: { tile: id } }, c, h('span', null, `×${bag[id]}`));
  }));
}
