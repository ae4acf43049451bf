// Pointer, wheel and touch input on the board canvas: drag pans, wheel and pinch zoom,
// a tap (a press that did not move) selects, a right-click rotates.
import { pan, zoomAt, toWorld } from './camera.js';

/**
 * @typedef {object} BoardHandlers
 * @property {(wx: number, wy: number, touch: boolean) => void} onTap a finger's tap says `touch`
 * @property {(wx: number, wy: number) => void} onHover
 * @property {() => void} onLeave
 * @property {() => void} onRotate
 * @property {() => void} onView the camera moved
 */

const TAP_SLOP = 8;
/** After a finger's tap on the board, the click the browser sends for it is swallowed this long. */
const GHOST_MS = 700;

/**
 * @param {HTMLCanvasElement} canvas
 * @param {import('./camera.js').Camera} cam
 * @param {BoardHandlers} on
 * @returns {() => void} detaches the listeners
 */
export function attachInput(canvas, cam, on) {
  /** @type {Map<number, {x: number, y: number, sx: number, sy: number}>} */
  const pointers = new Map();
  let moved = false;
  let pinchDist = 0;

  const local = (e) => {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  const world = (x, y) => toWorld(cam, canvas.clientWidth, canvas.clientHeight, x, y);

  function down(e) {
    if (e.button === 2) return;
    canvas.setPointerCapture(e.pointerId);
    const [x, y] = local(e);
    pointers.set(e.pointerId, { x, y, sx: x, sy: y });
    if (pointers.size === 1) moved = false;
    if (pointers.size === 2) pinchDist = spread();
  }

  function spread() {
    const [a, b] = [...pointers.values()];
    return Math.hypot(a.x - b.x, a.y - b.y) || 1;
  }

  function move(e) {
    const [x, y] = local(e);
    const p = pointers.get(e.pointerId);
    if (!p) {
      if (e.pointerType === 'mouse') on.onHover(...world(x, y));
      return;
    }
    const [dx, dy] = [x - p.x, y - p.y];
    p.x = x;
    p.y = y;
    if (Math.hypot(x - p.sx, y - p.sy) > TAP_SLOP) moved = true;
    if (pointers.size === 2) {
      const d = spread();
      const [a, b] = [...pointers.values()];
      zoomAt(cam, canvas.clientWidth, canvas.clientHeight, (a.x + b.x) / 2, (a.y + b.y) / 2, d / pinchDist);
      pinchDist = d;
      pan(cam, dx / 2, dy / 2);
      on.onView();
    } else if (moved) {
      pan(cam, dx, dy);
      on.onView();
    }
  }

  /** @type {{x: number, y: number, t: number}|null} where and when a finger last tapped the board */
  let lastTouch = null;

  function up(e) {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    pointers.delete(e.pointerId);
    if (pointers.size === 0 && !moved && e.type === 'pointerup') {
      if (e.pointerType === 'touch') lastTouch = { x: e.clientX, y: e.clientY, t: e.timeStamp };
      on.onTap(...world(p.x, p.y), e.pointerType === 'touch');
    }
    if (pointers.size > 0) moved = true;
  }

  /** The mouse left the board (a lifted finger also "leaves": a tap keeps what it chose). */
  function leave(e) {
    // onto a box drawn over the board (the inspector's close button) is not leaving the board
    const onto = /** @type {Node|null} */ (e.relatedTarget);
    if (onto && canvas.parentElement?.contains(onto)) return;
    if (e.pointerType === 'mouse' && !pointers.size) on.onLeave();
  }

  function wheel(e) {
    e.preventDefault();
    const [x, y] = local(e);
    zoomAt(cam, canvas.clientWidth, canvas.clientHeight, x, y, Math.exp(-e.deltaY * 0.0015));
    on.onView();
  }

  function context(e) {
    e.preventDefault();
    on.onRotate();
  }

  /**
   * A finger's tap is handled as a pointer: the mouse click the browser would send after it
   * must not land on whatever the tap just made appear under the finger (the tray grows when
   * a square is chosen, and its figure buttons come up where the finger was).
   */
  function touchEnd(e) {
    // (after a drag the browser no longer lets it be cancelled, and sends no click either)
    if (e.cancelable) e.preventDefault();
  }

  /** The same, when the touchend could not be cancelled: the click itself is dropped. */
  function ghostClick(e) {
    const t = lastTouch;
    if (!t || e.timeStamp - t.t > GHOST_MS || Math.hypot(e.clientX - t.x, e.clientY - t.y) > 24) return;
    lastTouch = null;
    e.preventDefault();
    e.stopPropagation();
  }
  document.addEventListener('click', ghostClick, true);

  const listeners = [['pointerdown', down], ['pointermove', move], ['pointerup', up],
    ['pointercancel', up], ['pointerleave', leave], ['touchend', touchEnd, { passive: false }],
    ['wheel', wheel, { passive: false }], ['contextmenu', context]];
  for (const [type, fn, opts] of listeners) canvas.addEventListener(type, fn, opts);
  return () => {
    for (const [type, fn] of listeners) canvas.removeEventListener(type, fn);
    document.removeEventListener('click', ghostClick, true);
  };
}
