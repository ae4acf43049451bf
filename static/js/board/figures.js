// Figures in player colours, drawn once per colour, kind and size into cached bitmaps.
// A follower stands; a farmer (a follower in a field) lies down; the abbot wears a robe.
import { makeCanvas } from './tiles.js';

/** @type {Record<string, {fill: string, edge: string}>} */
export const PLAYER_COLORS = {
  red: { fill: '#d8433b', edge: '#7a1d18' },
  blue: { fill: '#2f6bd8', edge: '#15306b' },
  green: { fill: '#2c9a56', edge: '#124a29' },
  yellow: { fill: '#f2c12e', edge: '#7a5c08' },
  black: { fill: '#34343a', edge: '#d9dde3' },
};

/** Right half of the follower silhouette, from the neck down (unit height, centre 0,0). */
const HALF = [[0.1, -0.2], [0.44, -0.1], [0.44, 0.05], [0.2, 0.06], [0.34, 0.47], [0.09, 0.47], [0, 0.27]];

function followerPath() {
  const p = new Path2D();
  p.moveTo(-HALF[0][0], HALF[0][1]);
  for (const [x, y] of HALF) p.lineTo(x, y);
  for (const [x, y] of [...HALF].reverse()) p.lineTo(-x, y);
  p.closePath();
  p.moveTo(0.17, -0.33);
  p.arc(0, -0.33, 0.17, 0, Math.PI * 2);
  return p;
}

function abbotPath() {
  const p = new Path2D();
  p.moveTo(0, -0.52);
  p.quadraticCurveTo(0.2, -0.42, 0.18, -0.2);
  p.lineTo(0.36, 0.47);
  p.lineTo(-0.36, 0.47);
  p.lineTo(-0.18, -0.2);
  p.quadraticCurveTo(-0.2, -0.42, 0, -0.52);
  p.closePath();
  return p;
}

/**
 * Draws a figure centred at (0, 0), one unit high, into `ctx`.
 * @param {CanvasRenderingContext2D} ctx
 * @param {'follower'|'farmer'|'abbot'} kind
 * @param {string} color a key of PLAYER_COLORS
 */
export function paintFigure(ctx, kind, color) {
  const c = PLAYER_COLORS[color] ?? PLAYER_COLORS.red;
  const path = kind === 'abbot' ? abbotPath() : followerPath();
  ctx.save();
  if (kind === 'farmer') ctx.rotate(-Math.PI / 2);
  ctx.lineJoin = 'round';
  ctx.save();
  ctx.translate(kind === 'farmer' ? -0.06 : 0.05, 0.06);
  ctx.fillStyle = 'rgba(15, 25, 40, 0.35)';
  ctx.fill(path);
  ctx.restore();
  ctx.lineWidth = 0.09;
  ctx.strokeStyle = c.edge;
  ctx.stroke(path);
  ctx.fillStyle = c.fill;
  ctx.fill(path);
  ctx.fillStyle = 'rgba(255,255,255,0.28)';
  ctx.beginPath();
  ctx.arc(-0.05, -0.38, 0.07, 0, Math.PI * 2);
  ctx.fill();
  // a snow cap: it is winter
  ctx.fillStyle = '#f6f9fc';
  ctx.beginPath();
  if (kind === 'abbot') ctx.arc(0, -0.44, 0.09, Math.PI, 0);
  else ctx.arc(0, -0.4, 0.16, Math.PI * 1.1, Math.PI * 1.9);
  ctx.fill();
  ctx.restore();
}

const bitmaps = new Map();

/**
 * A cached figure bitmap `px` pixels square (the figure is drawn at 80% of it).
 * @param {'follower'|'farmer'|'abbot'} kind
 * @param {string} color
 * @param {number} px
 */
export function figureBitmap(kind, color, px) {
  const key = `${kind}|${color}|${px}`;
  let bmp = bitmaps.get(key);
  if (!bmp) {
    bmp = makeCanvas(px);
    const ctx = bmp.getContext('2d');
    ctx.translate(px / 2, px / 2);
    ctx.scale(px * 0.8, px * 0.8);
    paintFigure(ctx, kind, color);
    bitmaps.set(key, bmp);
  }
  return bmp;
}

/**
 * The kind of picture for a figure of the view (a follower in a field lies down).
 * @param {{kind: string, feature?: string}} fig
 * @returns {'follower'|'farmer'|'abbot'}
 */
export function figurePicture(fig) {
  if (fig.kind === 'abbot') return 'abbot';
  return fig.feature === 'field' ? 'farmer' : 'follower';
}
