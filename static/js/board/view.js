// One board on one canvas: a camera, a renderer and pointer input, behind a small API.
import { createCamera, fit, boundsOf, zoomAt, toScreen } from './camera.js';
import { createRenderer, emptyScene } from './render.js';
import { attachInput } from './input.js';
import { labelAtBoard, slotsOfLabel } from './segmap.js';

/** @typedef {import('./render.js').Scene} Scene */

/** CSS pixels kept free by fit(): the zoom buttons at the side, the banner at the top. */
const FIT_PAD_X = 52;
const FIT_PAD_Y = 46;
/** @typedef {{x: number, y: number, u: number, v: number, touch?: boolean}} CellPoint a cell and a point in it */

/**
 * @param {HTMLCanvasElement} canvas
 * @param {{onTap?: (c: CellPoint) => void, onHover?: (c: CellPoint|null) => void,
 *   onRotate?: () => void}} handlers
 */
export function createBoardView(canvas, handlers = {}) {
  const camera = createCamera();
  const scene = emptyScene();
  const renderer = createRenderer(canvas, () => scene, () => camera);
  /** @returns {CellPoint} */
  const cellAt = (wx, wy) => {
    const x = Math.floor(wx);
    const y = Math.floor(wy);
    return { x, y, u: wx - x, v: wy - y };
  };
  attachInput(canvas, camera, {
    onTap: (wx, wy, touch) => handlers.onTap?.({ ...cellAt(wx, wy), touch }),
    onHover: (wx, wy) => handlers.onHover?.(cellAt(wx, wy)),
    onLeave: () => handlers.onHover?.(null),
    onRotate: () => handlers.onRotate?.(),
    onView: renderer.invalidate,
  });
  new ResizeObserver(renderer.invalidate).observe(canvas);

  return {
    scene,
    camera,
    renderer,
    /**
     * Change part of the scene; one frame is scheduled only when something really changed.
     * @param {Partial<Scene>} patch
     */
    update(patch) {
      let changed = false;
      for (const [key, value] of Object.entries(patch)) {
        if (!same(scene[key], value)) {
          scene[key] = value;
          changed = true;
        }
      }
      if (changed) renderer.invalidate();
    },
    /**
     * Fit the board (and any legal cells) into the canvas, clear of the banner at the top and
     * the zoom buttons at the side (the margins are kept on both sides, so the board stays
     * centred).
     */
    fit() {
      const cells = [...scene.board, ...scene.legalCells];
      const w = canvas.clientWidth || 300;
      const h = canvas.clientHeight || 300;
      const padX = w > 260 ? FIT_PAD_X : 0;
      const padY = h > 200 ? FIT_PAD_Y : 0;
      fit(camera, w - 2 * padX, h - 2 * padY, boundsOf(cells));
      renderer.invalidate();
    },
    /** Fit the board when none of `cells` is fully in view (e.g. when a turn starts). */
    reveal(cells) {
      const W = canvas.clientWidth;
      const H = canvas.clientHeight;
      const inView = cells.some(({ x, y }) => {
        const [x0, y0] = toScreen(camera, W, H, x, y);
        const [x1, y1] = toScreen(camera, W, H, x + 1, y + 1);
        return x0 >= 0 && y0 >= 0 && x1 <= W && y1 <= H;
      });
      if (!inView) this.fit();
    },
    /**
     * Centre a cell and zoom in until it is at least `px` CSS pixels wide (within the canvas),
     * so the figure targets on a chosen tile are easy to hit with a finger.
     */
    focus({ x, y }, px) {
      const most = Math.min(canvas.clientWidth, canvas.clientHeight) * 0.7;
      if (camera.scale >= Math.min(px, most)) return this.reveal([{ x, y }]);
      camera.scale = Math.min(px, most);
      camera.x = x + 0.5;
      camera.y = y + 0.5;
      renderer.invalidate();
    },
    /** @param {number} factor */
    zoom(factor) {
      zoomAt(camera, canvas.clientWidth, canvas.clientHeight, canvas.clientWidth / 2,
        canvas.clientHeight / 2, factor);
      renderer.invalidate();
    },
    /**
     * Where a point of a cell is on the canvas, in CSS pixels (tests click there).
     * @returns {[number, number]}
     */
    screenOf(x, y, u = 0.5, v = 0.5) {
      return toScreen(camera, canvas.clientWidth, canvas.clientHeight, x + u, y + v);
    },
    /**
     * The tile segment at a cell point, as board-oriented slots.
     * @param {CellPoint} c
     * @returns {{x: number, y: number, slots: string[]}|null}
     */
    segmentAt(c) {
      const p = scene.board.find((t) => t.x === c.x && t.y === c.y);
      const def = p && scene.catalog[p.tile];
      if (!def) return null;
      const slots = slotsOfLabel(def, p.rot, labelAtBoard(def, p.rot, [c.u, c.v]));
      return slots.length ? { x: c.x, y: c.y, slots } : null;
    },
  };
}

/**
 * Equal for drawing purposes: identical, or arrays / plain objects whose members are equal,
 * looking `depth` levels down (scene values are small lists of small records; the board keeps
 * its identity until it changes).
 */
function same(a, b, depth = 3) {
  if (a === b) return true;
  if (depth === 0 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => same(a[k], b[k], depth - 1));
}
