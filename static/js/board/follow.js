// The camera that follows the game: after a move it glides to the new tile, unless the viewer
// moved the board by hand a moment ago (they are looking at something). Pure functions on plain
// objects, so tests run them without a DOM.
import { toScreen } from './camera.js';

/** After a pan or zoom by hand, the camera leaves the board alone this long. */
export const HOLD_MS = 5000;
/** How long a glide takes. */
export const GLIDE_MS = 450;

/** @typedef {{top: number, right: number, bottom: number, left: number}} Insets CSS pixels covered by controls */

/** @returns {{manualAt: number}} */
export function createFollow() {
  return { manualAt: -Infinity };
}

/** The viewer moved the board by hand at `now` (ms). */
export function noteManual(f, now) {
  f.manualAt = now;
}

/** May the camera move by itself at `now`? */
export function mayFollow(f, now) {
  return now - f.manualAt >= HOLD_MS;
}

/** Forget the last hand move (the viewer asked to see the last move). */
export function resumeFollow(f) {
  f.manualAt = -Infinity;
}

/**
 * Is the whole cell inside the part of a W x H canvas that no control covers?
 * @param {import('./camera.js').Camera} cam @param {Insets} insets
 */
export function cellInView(cam, W, H, { x, y }, insets) {
  const [x0, y0] = toScreen(cam, W, H, x, y);
  const [x1, y1] = toScreen(cam, W, H, x + 1, y + 1);
  return x0 >= insets.left && y0 >= insets.top && x1 <= W - insets.right && y1 <= H - insets.bottom;
}

/**
 * The camera that shows `cell` in the middle of the uncovered part of the canvas, at the same
 * zoom (or zoomed out just enough for the cell to fit there).
 * @param {import('./camera.js').Camera} cam @param {Insets} insets
 * @returns {import('./camera.js').Camera}
 */
export function centreOn(cam, W, H, { x, y }, insets) {
  const freeW = Math.max(1, W - insets.left - insets.right);
  const freeH = Math.max(1, H - insets.top - insets.bottom);
  const scale = Math.min(cam.scale, freeW, freeH);
  // the free area's centre lies this far (CSS px) from the canvas centre
  const ox = (insets.left - insets.right) / 2;
  const oy = (insets.top - insets.bottom) / 2;
  return { x: x + 0.5 - ox / scale, y: y + 0.5 - oy / scale, scale };
}

/** Smooth start and stop, t in [0, 1]. */
export function ease(t) {
  const c = Math.max(0, Math.min(1, t));
  return c < 0.5 ? 2 * c * c : 1 - (-2 * c + 2) ** 2 / 2;
}

/**
 * The camera part way through a glide (t in [0, 1]); zoom is interpolated in log space so it
 * feels even.
 * @param {import('./camera.js').Camera} from @param {import('./camera.js').Camera} to
 */
export function glideAt(from, to, t) {
  const k = ease(t);
  return {
    x: from.x + (to.x - from.x) * k,
    y: from.y + (to.y - from.y) * k,
    // a pan keeps the zoom exactly (a glide stopped half-way must not change it by a rounding)
    scale: from.scale === to.scale ? to.scale : Math.exp(Math.log(from.scale) + (Math.log(to.scale) - Math.log(from.scale)) * k),
  };
}
