// Tiles left: the count, and a grid of every tile type still in the bag; in a River game the
// River tiles come first, as they are drawn first.
import { h, fill } from './dom.js';
import { tileImageURL } from '../board/tiles.js';
import { t } from '../i18n.js';

/** @param {import('../board/shapes.js').TileDef|undefined} def */
export function isRiverTile(def) {
  return (def?.count?.river ?? 0) > 0;
}

/** The boxes a tile may come from, in the order their groups are shown (the River's first). */
const BOXES = [
  { group: 'river', heading: 'bag.river', has: (def) => isRiverTile(def) },
  { group: 'inns_cathedrals', heading: 'option.inns_cathedrals', has: (def) => (def?.count?.inns_cathedrals ?? 0) > 0 },
  { group: 'traders_builders', heading: 'option.traders_builders', has: (def) => (def?.count?.traders_builders ?? 0) > 0 },
];

/**
 * The tiles left, grouped by the box they come from: in a River game the River's first, as
 * they are drawn first; the expansions' tiles each under their own heading, after the land.
 * @param {HTMLElement} el
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 * @param {Record<string, number>} bag tile id -> copies left
 */
export function renderBag(el, catalog, bag) {
  const ids = Object.keys(catalog).filter((id) => (bag[id] ?? 0) > 0);
  const boxOf = (id) => BOXES.find((box) => box.has(catalog[id]))?.group ?? 'land';
  const item = (id) => h('div.bag-item', { dataset: { tile: id } },
    h('img.mini-tile', { src: tileImageURL(id, catalog[id], 0, 88), alt: t('tile.id', { id }), width: 44, height: 44 }),
    h('span', null, `×${bag[id]}`));
  const land = { group: 'land', heading: ids.some((id) => boxOf(id) === 'river') ? 'bag.land' : 'bag.base' };
  const groups = [BOXES[0], land, ...BOXES.slice(1)]
    .map((box) => ({ ...box, ids: ids.filter((id) => boxOf(id) === box.group) }))
    .filter((box) => box.ids.length);
  if (groups.length === 1 && groups[0].group === 'land') return fill(el, ...groups[0].ids.map(item));
  fill(el, ...groups.flatMap((box) => [
    h('h4.bag-group', { dataset: { group: box.group } }, t(box.heading)),
    ...box.ids.map(item)]));
}
