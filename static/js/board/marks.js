// Marks drawn over the placed tiles: a rectangle's outline, and segments of tiles lit up in a
// colour (a traced feature, a scoring), from each tile's segment map. Bitmap sizes come in
// steps, so zooming reuses the cached pictures.
import { makeCanvas } from './canvas.js';
import { segmentMap, labelOfSlot, MAP } from './segmap.js';

/** The traced feature's colour, over the board's tiles and over the chosen one. */
export const TRACE_COLOR = 'rgba(255, 214, 64, 0.62)';

/** Integer bitmap sizes in steps of a quarter octave, so zooming reuses cached bitmaps. */
export function quantize(px) {
  const q = Math.round(2 ** (Math.round(Math.log2(Math.max(px, 8)) * 4) / 4));
  return Math.min(q, 512);
}

const masks = new Map();

/** A MAP-sized picture of one segment of a tile, filled with `color`. */
function maskBitmap(id, def, label, color) {
  const key = `${id}|${label}|${color}`;
  let bmp = masks.get(key);
  if (!bmp) {
    bmp = makeCanvas(MAP);
    const ctx = bmp.getContext('2d');
    const img = ctx.createImageData(MAP, MAP);
    const labels = segmentMap(def).labels;
    for (let i = 0; i < labels.length; i++) img.data[i * 4 + 3] = labels[i] === label ? 255 : 0;
    ctx.putImageData(img, 0, 0);
    ctx.globalCompositeOperation = 'source-in';
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, MAP, MAP);
    masks.set(key, bmp);
  }
  return bmp;
}

/**
 * A rectangle's outline drawn inside it.
 * @param {CanvasRenderingContext2D} ctx @param {number[]} rect x, y, w, h (device pixels)
 * @param {string} color @param {number} width
 */
export function outline(ctx, [x, y, w, h], color, width) {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.strokeRect(x + width / 2, y + width / 2, w - width, h - width);
}

/**
 * Light up segments of tiles on the board (a traced or scored feature).
 * @param {CanvasRenderingContext2D} ctx @param {import('./render.js').Scene} scene
 * @param {Map<string, {x: number, y: number, tile: string, rot: number}>} byCell the placed tiles by "x,y"
 * @param {{x: number, y: number, slots: string[]}[]} parts @param {string} color
 * @param {(x: number, y: number) => number[]} rect a cell's device-pixel rectangle @param {number} [alpha]
 */
export function drawParts(ctx, scene, byCell, parts, color, rect, alpha = 1) {
  ctx.globalAlpha = alpha;
  for (const part of parts) {
    const p = byCell.get(`${part.x},${part.y}`);
    const def = p && scene.catalog[p.tile];
    if (!def) continue;
    const labels = new Set(part.slots.map((slot) => labelOfSlot(def, p.rot, slot)));
    const [x, y, w, h] = rect(p.x, p.y);
    for (const label of labels) {
      if (!label) continue;
      ctx.save();
      ctx.translate(x + w / 2, y + h / 2);
      ctx.rotate((p.rot * Math.PI) / 180);
      ctx.drawImage(maskBitmap(p.tile, def, label, color), -w / 2, -h / 2, w, h);
      ctx.restore();
    }
  }
  ctx.globalAlpha = 1;
}
