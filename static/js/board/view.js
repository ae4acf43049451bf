// One board on one canvas: a camera, a renderer and pointer input, behind a small API.
import { createCamera, fit, boundsOf, zoomAt, toScreen } from './camera.js';
import { createRenderer, emptyScene } from './render.js';
import { attachInput } from './input.js';
import { labelAtBoard, slotsOfLabel } from './segmap.js';
import { cellInView, centreOn, glideAt, GLIDE_MS } from './follow.js';

/** @typedef {import('./render.js').Scene} Scene */
/** @typedef {{x: number, y: number, u: number, v: number, touch?: boolean}} CellPoint a cell and a point in it */

/** Cells kept free around a revealed cell, so it does not touch the canvas edge. */
const REVEAL_MARGIN = 0.25;

/**
 * @param {HTMLCanvasElement} canvas
 * @param {{onTap?: (c: CellPoint) => void, onHover?: (c: CellPoint|null) => void,
 *   onRotate?: () => void, onManual?: () => void}} handlers `onManual`: the viewer panned or
 *   zoomed by hand
 * @param {{motion?: () => boolean}} [options] `motion`: false when the viewer prefers reduced motion
 */
export function createBoardView(canvas, handlers = {}, options = {}) {
  const camera = createCamera();
  const scene = emptyScene();
  const renderer = createRenderer(canvas, () => scene, () => camera);
  /** @type {{from: import('./camera.js').Camera, to: import('./camera.js').Camera, start: number}|null} */
  let glide = null;
  const motion = options.motion ?? (() => true);
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
    onView: () => {
      glide = null;
      handlers.onManual?.();
      renderer.invalidate();
    },
  });
  // a finger or a button on the board stops a glide where it is drawn: the tap lands on what is
  // under it, not on where the board was headed
  canvas.addEventListener('pointerdown', () => { glide = null; });
  new ResizeObserver(renderer.invalidate).observe(canvas);
  const size = () => [canvas.clientWidth || 300, canvas.clientHeight || 300];
  /** @type {{x: number, y: number}|null} a cell to bring into view at the next frame */
  let toFollow = null;
  const NO_INSETS = { top: 0, right: 0, bottom: 0, left: 0 };

  /** Move the camera to `to`: a glide when motion is welcome, else at once. */
  function moveTo(to) {
    if (!motion()) {
      glide = null;
      Object.assign(camera, { x: to.x, y: to.y, scale: to.scale });
      renderer.invalidate();
      return;
    }
    glide = { from: { x: camera.x, y: camera.y, scale: camera.scale }, to, start: performance.now() };
    renderer.invalidate();
  }
  // the renderer asks before each frame whether the camera is still on its way
  renderer.beforeFrame((now) => {
    if (toFollow) {
      const cell = toFollow;
      toFollow = null;
      view.follow(cell);
    }
    if (!glide) return false;
    const t = (now - glide.start) / GLIDE_MS;
    Object.assign(camera, t >= 1 ? glide.to : glideAt(glide.from, glide.to, Math.max(0, t)));
    if (t >= 1) glide = null;
    return !!glide;
  });

  const view = {
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
    /** Fit the board (and any legal cells, and where the river goes on) into the canvas, at once. */
    fit() {
      glide = null;
      const [w, h] = size();
      fit(camera, w, h, boundsOf([...scene.board, ...scene.legalCells, ...(scene.riverOpen ? [scene.riverOpen] : [])]));
      renderer.invalidate();
    },
    /**
     * Bring `cells` (e.g. the squares where the drawn tile fits) into view at the same zoom
     * (the zoom is the viewer's): all of them, centred, when they fit on the canvas at this
     * zoom; else left alone while some of them are on it; else the one nearest `near` is
     * centred.
     * @param {{x: number, y: number}[]} cells @param {{x: number, y: number}|null} near
     */
    showCells(cells, near) {
      if (!cells.length) return;
      const [w, h] = size();
      const now = glide?.to ?? camera;
      if (cells.every((c) => cellInView(now, w, h, c, NO_INSETS))) return;
      const b = boundsOf(cells);
      const all = { x: (b.minX + b.maxX + 1) / 2, y: (b.minY + b.maxY + 1) / 2, scale: camera.scale };
      if (cells.every((c) => cellInView(all, w, h, c, NO_INSETS))) return moveTo(all);
      if (cells.some((c) => cellInView(now, w, h, c, NO_INSETS))) return;
      const from = near ?? cells[0];
      const d = (c) => Math.hypot(c.x - from.x, c.y - from.y);
      moveTo(centreOn(camera, w, h, cells.reduce((a, b) => (d(b) < d(a) ? b : a)), NO_INSETS));
    },
    /** Glide (or, without motion, jump) to a camera. */
    glideTo: moveTo,
    /**
     * At the next frame, glide so that `cell` is in view: the page has its new layout then, and
     * applying a diff does not wait for a layout of its own.
     */
    followSoon(cell) {
      toFollow = cell;
      renderer.invalidate();
    },
    /** Glide so that `cell` is in view (centred if it is not); returns whether it moved. */
    follow(cell) {
      const [w, h] = size();
      const m = REVEAL_MARGIN * camera.scale;
      if (cellInView(glide?.to ?? camera, w, h, cell, { top: m, right: m, bottom: m, left: m })) return false;
      moveTo(centreOn(camera, w, h, cell, NO_INSETS));
      return true;
    },
    /**
     * Zoom to `scale` keeping the board point under canvas point (sx, sy) where it is (a second
     * tap there still lands on the same spot of the same tile), then shift just enough to show
     * the whole of `cell`.
     */
    zoomAround(cell, sx, sy, scale) {
      glide = null;
      const [w, h] = size();
      if (scale > camera.scale) zoomAt(camera, w, h, sx, sy, scale / camera.scale);
      const [x0, y0] = toScreen(camera, w, h, cell.x, cell.y);
      const [x1, y1] = toScreen(camera, w, h, cell.x + 1, cell.y + 1);
      const dx = x0 < 0 ? -x0 : x1 > w ? w - x1 : 0;
      const dy = y0 < 0 ? -y0 : y1 > h ? h - y1 : 0;
      camera.x -= dx / camera.scale;
      camera.y -= dy / camera.scale;
      renderer.invalidate();
    },
    /** @param {number} factor */
    zoom(factor) {
      glide = null;
      const [w, h] = size();
      zoomAt(camera, w, h, w / 2, h / 2, factor);
      renderer.invalidate();
    },
    /** Is the cell wholly on the canvas (where the camera is headed)? */
    inView(cell) {
      const [w, h] = size();
      return cellInView(glide?.to ?? camera, w, h, cell, NO_INSETS);
    },
    /** True while the camera glides. */
    moving: () => !!glide,
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
  return view;
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
