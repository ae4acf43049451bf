// The board on the room page: the view with the scene the state calls for, what the pointer
// does on it (a tap chooses, turns or inspects; hovering traces a feature in the inspector),
// and the tile a line of the log points at.
import * as st from '../state.js';
import { createBoardView } from '../board/view.js';
import { noteManual } from '../board/follow.js';
import { byId } from '../ui/dom.js';
import { createInspector, inspectedFeature } from '../ui/inspector.js';
import { coaching } from '../ui/coach.js';
import { maySeeTable } from '../ui/table.js';
import { boardScene, highlight } from './scene.js';
import { tapAction, CLOSE_PX } from './pointer.js';

/**
 * @param {HTMLCanvasElement} canvas
 * @param {object} page
 * @param {st.ClientState} page.s
 * @param {Record<string, import('../board/shapes.js').TileDef>} page.catalog
 * @param {import('./requests.js').Requests} page.requests asked for the features a trace needs
 * @param {{manualAt: number}} page.follow when the board was last moved by hand
 * @param {() => boolean} page.motion motion is welcome
 * @param {import('../ui/tray.js').TrayActions} page.act what a tap on the chosen tile does
 * @param {() => void} page.render
 */
export function createBoard(canvas, { s, catalog, requests, follow, motion, act, render }) {
  /** @type {import('../board/view.js').CellPoint|null} the board point under the pointer */
  let hovered = null;
  /** @type {{x: number, y: number, slots: string[]}|null} the segment whose feature is traced */
  let inspected = null;
  /** @type {{x: number, y: number, event: any|null}|null} the tile a line of the log points at */
  let pointed = null;
  const showInspector = createInspector(byId('inspector'), byId('inspector-body'));
  const view = createBoardView(canvas, {
    onTap: tap,
    onHover: (c) => {
      hovered = c;
      inspect(c ? view.segmentAt(c) : null);
    },
    onRotate: () => act.rotate(),
    onManual: () => noteManual(follow, performance.now()),
  }, { motion });

  function tap(c) {
    const action = tapAction(s, c, catalog, view.camera.scale);
    if (action.name === 'spot') return act.chooseSpot(action.arg);
    if (action.name === 'rotate') return act.rotate();
    if (action.name === 'close') {
      // the finger's own zoom: the board stays where the hand put it
      noteManual(follow, performance.now());
      const [sx, sy] = view.screenOf(c.x, c.y, c.u, c.v);
      return view.zoomAround(action.arg, sx, sy, CLOSE_PX);
    }
    if (action.name === 'choose' && st.tapCell(s, action.arg.x, action.arg.y)) return render();
    inspect(view.segmentAt(c));
  }

  /** The scene and the inspector, as the state and the pointer say. */
  function show() {
    if (inspected) requests.features(s);
    const feature = inspectedFeature(s.game, inspected, catalog);
    const table = s.tableShown && maySeeTable(s) ? st.analysisNow(s) : null;
    if (s.tableShown && maySeeTable(s)) requests.analysis(s);
    showInspector(feature, s.game, table, catalog);
    view.update(boardScene(s, catalog, { hover: hovered, feature, coaching: coaching(s) }));
  }

  /** Trace the feature of a segment of the board (null: stop tracing). */
  function inspect(seg) {
    inspected = seg;
    show();
  }

  function showHighlight() {
    if (pointed?.event) requests.features(s);
    view.update({ highlight: highlight(pointed, s, catalog) });
  }

  return {
    view,
    show,
    inspect,
    showHighlight,
    /** Something is traced in the inspector. */
    inspecting: () => !!inspected,
    /** Nothing left open over the board (a turn of the viewer's starts). */
    clear() {
      inspected = null;
    },
    /**
     * Light up a tile (and the feature its score event scored); `jump`: bring it into view too
     * (a click or tap on the log). Null: none.
     * @param {{x: number, y: number, event: any|null}|null} point @param {boolean} jump
     */
    point(point, jump) {
      pointed = point;
      showHighlight();
      if (point && jump) {
        noteManual(follow, performance.now());
        view.follow(point);
      }
    },
  };
}
