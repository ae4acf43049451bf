// The room page's test hooks, `window.__game` (ARCHITECTURE.md, "Client test hooks"): the
// browser tests and the client benchmark read the page through them. Add fields, never rename.
import * as st from '../state.js';
import { spotTarget, figureSpot } from './pointer.js';

/**
 * @param {object} page the page's parts
 * @param {st.ClientState} page.s
 * @param {ReturnType<typeof import('../board/view.js').createBoardView>} page.view
 * @param {HTMLCanvasElement} page.canvas
 * @param {Record<string, any>} page.catalog
 * @param {{manualAt: number}} page.follow
 * @param {import('./requests.js').Requests} page.requests
 * @param {{paints: () => number[]}} page.paints
 * @param {{lesson: () => any}} page.overlays
 * @param {{drawn: () => number[]}} page.track
 */
export function publishHooks({ s, view, canvas, catalog, follow, requests, paints, overlays, track }) {
  /** canvas CSS pixels of a point of a cell (or null) */
  const screen = (at) => (at ? view.screenOf(...at) : null);
  window.__game = {
    state: s, scene: view.scene, camera: view.camera, frames: view.renderer.frames, screenOf: view.screenOf,
    /** canvas point of the touch target of figure spot `i` of the chosen placement, or null */
    spotScreen: (i) => screen(spotTarget(s, catalog, view.camera.scale, i)),
    /** canvas point where a figure on `slot` of the placed tile at (x, y) stands, or null */
    pointOf: (x, y, slot, kind) => screen(figureSpot(s, catalog, x, y, slot, kind)),
    legal: () => st.legalPlacements(s),
    /** a promise of the board's features as they are now (asked for when needed) */
    features: () => requests.freshFeatures(s),
    /** the whole cell is on the canvas now */
    inView: (x, y) => {
      const [x0, y0] = view.screenOf(x, y, 0, 0);
      const [x1, y1] = view.screenOf(x, y, 1, 1);
      return x0 >= 0 && y0 >= 0 && x1 <= canvas.clientWidth && y1 <= canvas.clientHeight;
    },
    moving: view.moving,
    follow,
    paints: paints.paints,
    /** a frame is scheduled: false means the board draws nothing until something changes */
    drawing: view.renderer.queued,
    /** the map of the results' field lesson as drawn (its `trace` the field, `trace2` the cities), or null */
    lesson: overlays.lesson,
    /** the overlay of what the table knows: whether it is on, and the marks the board draws (null: none) */
    table: () => ({ shown: s.tableShown, marks: view.scene.table ?? null, analysis: st.analysisNow(s) }),
    /** the scores the score track's markers stood at when it was last drawn (between two while they walk) */
    track: () => track.drawn(),
  };
}
