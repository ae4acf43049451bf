// Figures in player colours, drawn once per picture, colour and size into cached bitmaps, each
// with its colour's emblem on the body. A follower stands; a farmer (a follower in a field)
// lies down; the abbot wears a robe; the large follower is a follower a size larger; the
// builder carries a hammer; the pig is a pig. Outlines are silhouettes.js's.
import { makeCanvas } from './canvas.js';
import { colorHex, inkOn } from './colors.js';
import { paintEmblem } from './emblems.js';
import { SILHOUETTES, silhouettePath } from './silhouettes.js';

/**
 * @typedef {'follower'|'farmer'|'abbot'|'large'|'large-farmer'|'builder'|'pig'} Picture
 * @typedef {{outline: keyof typeof SILHOUETTES, size: number, lying: boolean}} Look
 */

/** @type {Record<Picture, Look>} how each picture is drawn: its outline, its size beside a follower's, lying down */
export const PICTURES = {
  follower: { outline: 'follower', size: 1, lying: false },
  farmer: { outline: 'follower', size: 1, lying: true },
  abbot: { outline: 'abbot', size: 1, lying: false },
  large: { outline: 'follower', size: 1.35, lying: false },
  'large-farmer': { outline: 'follower', size: 1.35, lying: true },
  builder: { outline: 'builder', size: 1.1, lying: false },
  pig: { outline: 'pig', size: 1, lying: false },
};

/** A figure's size beside its tile, and the least CSS pixels it keeps while the tile allows. */
const SHARE = 0.42;
const MOST_SHARE = 0.62;
const LEAST_PX = 16;

/**
 * The side of a figure's bitmap as drawn on a board of `s` device pixels per cell: 0.42 of the
 * cell, but at least 16 CSS px (at "fit" on a phone a figure stays visible) and never more
 * than 0.62 of the cell; a large follower is a size larger.
 * @param {Picture} picture @param {number} s @param {number} dpr
 */
export function figureSize(picture, s, dpr) {
  return Math.min(s * MOST_SHARE, Math.max(s * SHARE, LEAST_PX * dpr)) * PICTURES[picture].size;
}

/**
 * Where a picture's emblem sits, in figure units as the picture is seen: centre x, centre y,
 * width. A figure lying down keeps its emblem upright, on its body.
 * @param {Picture} picture @returns {[number, number, number]}
 */
export function emblemBox(picture) {
  const { outline, lying } = PICTURES[picture];
  const [x, y, size] = SILHOUETTES[outline].emblem;
  // turned a quarter anticlockwise, as the picture is (canvas y points down)
  return lying ? [y, -x, size] : [x, y, size];
}

const paths = new Map();

/** @param {keyof typeof SILHOUETTES} outline */
function pathOf(outline) {
  if (!paths.has(outline)) paths.set(outline, silhouettePath(SILHOUETTES[outline]));
  return paths.get(outline);
}

/**
 * Draws a figure centred at (0, 0), one unit high, into `ctx`: its shadow, its body in the
 * colour with a dark rim, snow on its head (or hat, or back), its colour's emblem.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Picture} picture
 * @param {string|null} color a player colour (COLORS)
 */
export function paintFigure(ctx, picture, color) {
  const { outline, lying } = PICTURES[picture];
  const c = colorHex(color);
  const path = pathOf(outline);
  ctx.save();
  if (lying) ctx.rotate(-Math.PI / 2);
  ctx.lineJoin = 'round';
  ctx.save();
  // the shadow falls down and to the right, whichever way the figure lies
  ctx.translate(lying ? -0.06 : 0.05, 0.06);
  ctx.fillStyle = 'rgba(15, 25, 40, 0.35)';
  ctx.fill(path);
  ctx.restore();
  ctx.lineWidth = 0.09;
  ctx.strokeStyle = c.edge;
  ctx.stroke(path);
  ctx.fillStyle = c.fill;
  ctx.fill(path);
  // a snow cap: it is winter
  const [sx, sy, r, from, to] = SILHOUETTES[outline].snow;
  ctx.fillStyle = '#f6f9fc';
  ctx.beginPath();
  ctx.arc(sx, sy, r, from, to);
  ctx.fill();
  ctx.restore();
  const [ex, ey, size] = emblemBox(picture);
  paintEmblem(ctx, color, ex, ey, size, inkOn(color));
}

const bitmaps = new Map();

/**
 * A cached figure bitmap `px` pixels square (the figure is drawn at 80% of it).
 * @param {Picture} picture
 * @param {string|null} color
 * @param {number} px
 */
export function figureBitmap(picture, color, px) {
  const key = `${picture}|${color}|${px}`;
  let bmp = bitmaps.get(key);
  if (!bmp) {
    bmp = makeCanvas(px);
    const ctx = bmp.getContext('2d');
    ctx.translate(px / 2, px / 2);
    ctx.scale(px * 0.8, px * 0.8);
    paintFigure(ctx, picture, color);
    bitmaps.set(key, bmp);
  }
  return bmp;
}

const urls = new Map();

/**
 * A figure as an image URL `px` pixels square, for an <img> beside the board (a player's
 * figures in hand); made once per picture, colour and size.
 * @param {Picture} picture @param {string|null} color @param {number} px
 */
export function figureImageURL(picture, color, px) {
  const key = `${picture}|${color}|${px}`;
  if (!urls.has(key)) {
    const c = Object.assign(document.createElement('canvas'), { width: px, height: px });
    c.getContext('2d').drawImage(figureBitmap(picture, color, px), 0, 0);
    urls.set(key, c.toDataURL());
  }
  return urls.get(key);
}

/**
 * The picture for a figure of the view: its kind (`follower`, `abbot`, `large`, `builder`,
 * `pig`), and a follower or a large follower in a field lies down (a farmer). A kind this
 * client does not know is drawn as a follower.
 * @param {{kind: string, feature?: string}} fig
 * @returns {Picture}
 */
export function figurePicture(fig) {
  const field = fig.feature === 'field';
  if (fig.kind === 'large') return field ? 'large-farmer' : 'large';
  if (fig.kind === 'abbot' || fig.kind === 'builder' || fig.kind === 'pig') return fig.kind;
  return field ? 'farmer' : 'follower';
}
