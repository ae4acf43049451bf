// The goods of Traders & Builders (wine, grain, cloth) as small glyphs: each on a round token
// with a dark rim, so it reads over a city's roofs and at a dozen pixels in a panel; told
// apart by shape (a bunch of grapes, a sheaf, a bolt of cloth) as well as by colour.
import { makeCanvas } from './canvas.js';

export const GOODS = /** @type {const} */ (['wine', 'grain', 'cloth']);

/** The token's face and rim, and each glyph's colour and its dark outline. */
export const TOKEN = { face: '#f6efdc', rim: '#3c3128' };
export const GOODS_INK = {
  wine: { fill: '#7d1838', edge: '#35081a' },
  grain: { fill: '#d59a12', edge: '#5a3d00' },
  cloth: { fill: '#2f6db5', edge: '#0d2646' },
};

/** The grapes of a bunch: rows of three, two and one, hanging from a stem. @type {[number, number][]} */
export const GRAPES = [[0.36, 0.44], [0.5, 0.44], [0.64, 0.44], [0.43, 0.57], [0.57, 0.57], [0.5, 0.7]];
/** The ears of a sheaf: each from the band up to its tip. @type {[number, number, number, number][]} */
export const EARS = [[0.5, 0.56, 0.5, 0.2], [0.46, 0.56, 0.3, 0.26], [0.54, 0.56, 0.7, 0.26]];

/**
 * Paint one good's token into the unit square of `ctx`'s current transform.
 * @param {CanvasRenderingContext2D} ctx @param {'wine'|'grain'|'cloth'} kind
 */
export function paintGoods(ctx, kind) {
  const ink = GOODS_INK[kind];
  ctx.save();
  ctx.fillStyle = 'rgba(20, 30, 45, 0.3)';
  disc(ctx, 0.52, 0.54, 0.46);
  ctx.fillStyle = TOKEN.face;
  ctx.strokeStyle = TOKEN.rim;
  ctx.lineWidth = 0.06;
  disc(ctx, 0.5, 0.5, 0.44);
  ctx.stroke();
  ctx.fillStyle = ink.fill;
  ctx.strokeStyle = ink.edge;
  ctx.lineWidth = 0.035;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  if (kind === 'wine') paintGrapes(ctx, ink);
  else if (kind === 'grain') paintSheaf(ctx, ink);
  else paintCloth(ctx);
  ctx.restore();
}

function disc(ctx, x, y, r) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

function paintGrapes(ctx, ink) {
  ctx.beginPath();
  ctx.moveTo(0.5, 0.37);
  ctx.quadraticCurveTo(0.5, 0.26, 0.58, 0.2);
  ctx.stroke();
  ctx.fillStyle = '#3f7d3a';
  ctx.beginPath();
  ctx.ellipse(0.39, 0.28, 0.09, 0.05, -0.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = ink.fill;
  for (const [x, y] of GRAPES) {
    ctx.beginPath();
    ctx.arc(x, y, 0.075, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
}

function paintSheaf(ctx, ink) {
  // stalks below the band, fanned a little
  ctx.beginPath();
  for (const dx of [-0.1, 0, 0.1]) {
    ctx.moveTo(0.5 + dx * 0.3, 0.56);
    ctx.lineTo(0.5 + dx, 0.82);
  }
  ctx.strokeStyle = ink.edge;
  ctx.lineWidth = 0.05;
  ctx.stroke();
  ctx.lineWidth = 0.035;
  for (const [x0, y0, x1, y1] of EARS) {
    ctx.beginPath();
    ctx.ellipse((x0 + x1) / 2, (y0 + y1) / 2, 0.065, Math.hypot(x1 - x0, y1 - y0) / 2, Math.atan2(x0 - x1, y1 - y0), 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
  ctx.fillStyle = ink.edge;
  ctx.fillRect(0.38, 0.54, 0.24, 0.06);
}

function paintCloth(ctx) {
  // a bolt: the roll seen from its end, and the cloth unrolled beside it
  ctx.beginPath();
  ctx.moveTo(0.33, 0.32);
  ctx.lineTo(0.76, 0.32);
  ctx.lineTo(0.76, 0.7);
  ctx.quadraticCurveTo(0.66, 0.64, 0.58, 0.72);
  ctx.quadraticCurveTo(0.5, 0.78, 0.33, 0.7);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.75)';
  ctx.beginPath();
  ctx.moveTo(0.48, 0.38);
  ctx.lineTo(0.48, 0.66);
  ctx.moveTo(0.62, 0.38);
  ctx.lineTo(0.62, 0.66);
  ctx.stroke();
  ctx.strokeStyle = GOODS_INK.cloth.edge;
  ctx.beginPath();
  ctx.ellipse(0.33, 0.51, 0.09, 0.19, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.beginPath();
  ctx.ellipse(0.33, 0.51, 0.03, 0.07, 0, 0, Math.PI * 2);
  ctx.stroke();
}

const bitmaps = new Map();

/** A good's token in a cached bitmap `px` pixels square. @param {'wine'|'grain'|'cloth'} kind @param {number} px */
export function goodsBitmap(kind, px) {
  const key = `${kind}|${px}`;
  if (!bitmaps.has(key)) {
    const bmp = makeCanvas(px);
    const ctx = bmp.getContext('2d');
    ctx.scale(px, px);
    paintGoods(ctx, kind);
    bitmaps.set(key, bmp);
  }
  return bitmaps.get(key);
}

const urls = new Map();

/** A good's token as an image URL, for an <img> in a panel (a player's goods). @param {'wine'|'grain'|'cloth'} kind @param {number} px */
export function goodsImageURL(kind, px) {
  const key = `${kind}|${px}`;
  if (!urls.has(key)) {
    const c = Object.assign(document.createElement('canvas'), { width: px, height: px });
    c.getContext('2d').drawImage(goodsBitmap(kind, px), 0, 0);
    urls.set(key, c.toDataURL());
  }
  return urls.get(key);
}
