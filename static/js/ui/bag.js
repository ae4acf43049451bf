// Tiles left: the count, and a grid of every tile type still in the bag; in a River game the
// River tiles come first, as they are drawn first.
import { h, fill } from './dom.js';
import { tileImageURL } from '../board/tiles.js';

/** @param {import('../board/shapes.js').TileDef|undefined} def */
export function isRiverTile(def) {
  return (def?.count?.river ?? 0) > 0;
}

/**
 * @param {HTMLElement} el
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 * @param {Record<string, number>} bag tile id -> copies left
 */
export function renderBag(el, catalog, bag) {
  const ids = Object.keys(catalog).filter((id) => (bag[id] ?? 0) > 0);
  const river = ids.filter((id) => isRiverTile(catalog[id]));
  const land = ids.filter((id) => !isRiverTile(catalog[id]));
  const item = (id) => h('div.bag-item', { dataset: { tile: id } },
    h('img.mini-tile', { src: tileImageURL(id, catalog[id], 0, 88), alt: `tile ${id}`, width: 44, height: 44 }),
    h('span', null, `×${bag[id]}`));
  if (!river.length) return fill(el, ...land.map(item));
  fill(el,
    h('h4.bag-group', { dataset: { group: 'river' } }, 'The River: drawn first'),
    ...river.map(item),
    h('h4.bag-group', { dataset: { group: 'land' } }, 'Then the land tiles'),
    ...land.map(item));
}
