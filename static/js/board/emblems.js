// Each player colour's emblem: a shape drawn on the colour wherever it stands for a player (a
// figure, a score marker, a colour chip), so that no one has to tell colours apart by hue.
// One outline per emblem serves the canvas (a Path2D) and the page's CSS (a clip-path).
import { COLORS } from '../net/protocol.js';

/** The emblem of each colour. */
export const EMBLEMS = Object.freeze({
  red: 'disc', blue: 'square', green: 'triangle', yellow: 'diamond', black: 'cross', pink: 'star',
});

/** @typedef {[number, number]} Pt */

/** `n` points round a circle about (0.5, cy), radii alternating between the given ones. */
function ring(n, radii, cy = 0.5, turn = -Math.PI / 2) {
  return Array.from({ length: n }, (_, i) => {
    const a = turn + (i * 2 * Math.PI) / n;
    const r = radii[i % radii.length];
    return /** @type {Pt} */ ([0.5 + Math.cos(a) * r, cy + Math.sin(a) * r]);
  });
}

/** Each emblem's outline, a polygon in the unit square (x to the right, y down). */
export const EMBLEM_OUTLINES = Object.freeze({
  disc: ring(24, [0.45]),
  square: [[0.06, 0.06], [0.94, 0.06], [0.94, 0.94], [0.06, 0.94]],
  triangle: [[0.5, 0.02], [1, 0.92], [0, 0.92]],
  diamond: [[0.5, 0], [1, 0.5], [0.5, 1], [0, 0.5]],
  cross: [[0.31, 0], [0.69, 0], [0.69, 0.31], [1, 0.31], [1, 0.69], [0.69, 0.69], [0.69, 1], [0.31, 1],
    [0.31, 0.69], [0, 0.69], [0, 0.31], [0.31, 0.31]],
  star: ring(10, [0.52, 0.22], 0.55),
});

/**
 * The emblem of a player colour; an unknown colour (or none) has the first colour's, as it is
 * painted in the first colour (colors.js).
 * @param {string|null|undefined} color
 * @returns {keyof typeof EMBLEM_OUTLINES}
 */
export function emblemOf(color) {
  return EMBLEMS[color ?? ''] ?? EMBLEMS[COLORS[0]];
}

const paths = new Map();

/** The emblem's outline as a path in the unit square. @param {string} name */
export function emblemPath(name) {
  let path = paths.get(name);
  if (!path) {
    path = new Path2D();
    for (const [x, y] of EMBLEM_OUTLINES[name]) path.lineTo(x, y);
    path.closePath();
    paths.set(name, path);
  }
  return path;
}

/** The emblem's outline as a CSS `clip-path` (the colour chips' `::after`). @param {string} name */
export function emblemClip(name) {
  const pct = (v) => `${Math.round(v * 1000) / 10}%`;
  return `polygon(${EMBLEM_OUTLINES[name].map(([x, y]) => `${pct(x)} ${pct(y)}`).join(', ')})`;
}

/**
 * Fill a colour's emblem in `ink`, `size` wide, centred at (cx, cy) of `ctx`'s current units.
 * @param {CanvasRenderingContext2D} ctx @param {string|null|undefined} color
 * @param {number} cx @param {number} cy @param {number} size @param {string} ink
 */
export function paintEmblem(ctx, color, cx, cy, size, ink) {
  ctx.save();
  ctx.translate(cx - size / 2, cy - size / 2);
  ctx.scale(size, size);
  ctx.fillStyle = ink;
  ctx.fill(emblemPath(emblemOf(color)));
  ctx.restore();
}
