// One board on one canvas: a camera, a renderer and pointer input, behind a small API.
import { createCamera, fit, boundsOf, zoomAt } from './camera.js';
import { createRenderer, emptyScene } from './render.js';
import { attachInput } from './input.js';
import { labelAtBoard, slotsOfLabel } from './segmap.js';

/** @typedef {import('./render.js').Scene} Scene */
/** @typedef {{x: number, y: number, u: number, v: number}} CellPoint a cell and a point in it */

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
    onTap: (wx, wy) => handlers.onTap?.(cellAt(wx, wy)),
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
    /** Change part of the scene and schedule one frame. @param {Partial<Scene>} patch */
    update(patch) {
      Object.assign(scene, patch);
      renderer.invalidate();
    },
    /** Fit the board (and any legal cells) into the canvas. */
    fit() {
      const cells = [...scene.board, ...scene.legalCells];
      fit(camera, canvas.clientWidth || 300, canvas.clientHeight || 300, boundsOf(cells));
      renderer.invalidate();
    },
    /** @param {number} factor */
    zoom(factor) {
      zoomAt(camera, canvas.clientWidth, canvas.clientHeight, canvas.clientWidth / 2,
        canvas.clientHeight / 2, factor);
      renderer.invalidate();
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
