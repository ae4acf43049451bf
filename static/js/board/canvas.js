// A canvas for a cached picture (a tile, a figure, a good, a layer of the board): offscreen
// where the browser has OffscreenCanvas, so that it never touches the page. And a page canvas
// made sharp on the screen it is on.

/** A canvas `px` by `py` pixels. @param {number} px @param {number} [py] */
export function makeCanvas(px, py = px) {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(px, py);
  return Object.assign(document.createElement('canvas'), { width: px, height: py });
}

/**
 * Size the page's `canvas` to its box in device pixels (its box, else `width` by `height` CSS
 * pixels), and return its context drawing in CSS pixels, with that size.
 * @param {HTMLCanvasElement} canvas @param {number} width @param {number} height
 */
export function sharpContext(canvas, width, height) {
  const dpr = window.devicePixelRatio || 1;
  const W = canvas.clientWidth || width;
  const H = canvas.clientHeight || height;
  canvas.width = W * dpr;
  canvas.height = H * dpr;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  ctx.scale(dpr, dpr);
  return { ctx, W, H };
}
