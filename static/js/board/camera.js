// The view onto the board: world units are cells, `scale` is CSS pixels per cell.
// Pure functions on a plain object, so tests can check them without a DOM.

/** @typedef {{x: number, y: number, scale: number}} Camera */
/** @typedef {{minX: number, minY: number, maxX: number, maxY: number}} Bounds */

export const MIN_SCALE = 18;
export const MAX_SCALE = 260;

/** @returns {Camera} */
export function createCamera() {
  return { x: 0.5, y: 0.5, scale: 96 };
}

/**
 * @param {Camera} cam @param {number} w @param {number} h viewport in CSS pixels
 * @param {number} wx @param {number} wy world point
 * @returns {[number, number]}
 */
export function toScreen(cam, w, h, wx, wy) {
  return [(wx - cam.x) * cam.scale + w / 2, (wy - cam.y) * cam.scale + h / 2];
}

/** @returns {[number, number]} */
export function toWorld(cam, w, h, sx, sy) {
  return [(sx - w / 2) / cam.scale + cam.x, (sy - h / 2) / cam.scale + cam.y];
}

/** Zoom by `factor` keeping the world point under (sx, sy) in place. */
export function zoomAt(cam, w, h, sx, sy, factor) {
  const [wx, wy] = toWorld(cam, w, h, sx, sy);
  cam.scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, cam.scale * factor));
  const [nx, ny] = toWorld(cam, w, h, sx, sy);
  cam.x += wx - nx;
  cam.y += wy - ny;
}

/** Move the view by a drag of (dx, dy) CSS pixels. */
export function pan(cam, dx, dy) {
  cam.x -= dx / cam.scale;
  cam.y -= dy / cam.scale;
}

/**
 * Show the whole of `bounds` (in cells, inclusive) with `margin` cells around it.
 * @param {Camera} cam @param {number} w @param {number} h @param {Bounds} b
 */
export function fit(cam, w, h, b, margin = 0.6) {
  const cols = b.maxX - b.minX + 1 + margin * 2;
  const rows = b.maxY - b.minY + 1 + margin * 2;
  cam.scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE * 0.6, w / cols, h / rows));
  cam.x = (b.minX + b.maxX + 1) / 2;
  cam.y = (b.minY + b.maxY + 1) / 2;
}

/**
 * The bounds of a set of cells.
 * @param {Iterable<{x: number, y: number}>} cells
 * @returns {Bounds}
 */
export function boundsOf(cells) {
  const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const { x, y } of cells) {
    b.minX = Math.min(b.minX, x);
    b.minY = Math.min(b.minY, y);
    b.maxX = Math.max(b.maxX, x);
    b.maxY = Math.max(b.maxY, y);
  }
  if (b.minX === Infinity) return { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  return b;
}
