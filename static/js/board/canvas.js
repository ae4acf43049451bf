// A canvas for a cached picture (a tile, a figure, a good, a layer of the board): offscreen
// where the browser has OffscreenCanvas, so that it never touches the page.

/** A canvas `px` by `py` pixels. @param {number} px @param {number} [py] */
export function makeCanvas(px, py = px) {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(px, py);
  return Object.assign(document.createElement('canvas'), { width: px, height: py });
}
