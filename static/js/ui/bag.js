// Tiles left: the count, and a grid of every tile type still in the bag.
import { h, fill } from './dom.js';
import { tileBitmap } from '../board/tiles.js';

/**
 * @param {HTMLElement} el
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 * @param {Record<string, number>} bag tile id -> copies left
 */
export function renderBag(el, catalog, bag) {
  const ids = Object.keys(catalog).filter((id) => (bag[id] ?? 0) > 0);
  fill(el, ...ids.map((id) => {
    const c = h('canvas.mini-tile', { width: 44, height: 44, title: id });
    c.getContext('2d').drawImage(tileBitmap(id, catalog[id], 0, 44), 0, 0);
    return h('div.bag-item', { dataset: { tile: id } }, c, h('span', null, `×${bag[id]}`));
  }));
}

/**
 * Draw one tile into a small canvas (the drawn tile in the tray).
 * @param {HTMLCanvasElement} canvas
 * @param {import('../board/shapes.js').TileDef|undefined} def
 */
export function drawTilePreview(canvas, id, def, rot) {
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  const px = canvas.width;
  ctx.clearRect(0, 0, px, px);
  if (def) ctx.drawImage(tileBitmap(id, def, rot, px), 0, 0);
}
