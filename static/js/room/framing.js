// What the board's camera shows of the game: the whole board once a game, this turn's squares
// when it is the viewer's move, a chosen square with its figure targets, and the newest tile for
// spectators and waiting players, unless they moved the board by hand. It never zooms by itself
// (the zoom is the viewer's: issue 20): it only pans, and fits the board once a game.
import * as st from '../state.js';
import { targetLayout } from './pointer.js';
import { mayFollow, resumeFollow } from '../board/follow.js';

/**
 * @typedef {ReturnType<typeof import('../board/view.js').createBoardView>} BoardView
 * @typedef {import('../board/camera.js').Camera} Camera
 */

/**
 * @param {BoardView} view @param {HTMLCanvasElement} canvas
 * @param {{manualAt: number}} follow when the board was last moved by hand (`board/follow.js`)
 * @param {import('./pointer.js').Stands} [stands] where figures stand (`pointer.js`)
 */
export function createFraming(view, canvas, follow, stands = undefined) {
  /** the board was fitted into view for this game */
  let fitted = false;
  /** the game and turn whose legal squares were last brought into view */
  let shownFor = '';
  /** @type {st.Choice|null} the chosen placement last brought into view */
  let revealed = null;
  /** @type {Camera|null} the camera before it panned to a chosen tile */
  let overview = null;

  /**
   * Bring the newly chosen square and its figure targets (which ring it at a small zoom) onto
   * the canvas, at the same zoom: centred on them when some part is off it.
   */
  function reveal(s, catalog, p) {
    const { ring, targets } = targetLayout(s, catalog, view.camera.scale, stands);
    const us = [0, 1, ...targets.flatMap(([u]) => [u - ring, u + ring])];
    const vs = [0, 1, ...targets.flatMap(([, v]) => [v - ring, v + ring])];
    const [u0, u1, v0, v1] = [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)];
    const [x0, y0] = view.screenOf(p.x, p.y, u0, v0);
    const [x1, y1] = view.screenOf(p.x, p.y, u1, v1);
    if (x0 >= 0 && y0 >= 0 && x1 <= canvas.clientWidth && y1 <= canvas.clientHeight) return;
    overview ??= { x: view.camera.x, y: view.camera.y, scale: view.camera.scale };
    view.glideTo({ x: p.x + (u0 + u1) / 2, y: p.y + (v0 + v1) / 2, scale: view.camera.scale });
  }

  return {
    /** A new game: it is fitted into view once it has a tile. */
    newGame() {
      fitted = false;
    },
    /** Fit the board into view, once a game. @param {st.ClientState} s */
    fitOnce(s) {
      if (!s.game || fitted || !s.game.board.length) return;
      view.fit();
      fitted = true;
    },
    /**
     * The viewer's move: show this turn's squares once, and bring a newly chosen square into
     * view (the page's layout must be the new one: the canvas size is read).
     * @param {st.ClientState} s @param {Record<string, any>} catalog
     */
    show(s, catalog) {
      const g = s.game;
      const mine = st.isMyTurn(s);
      const cells = mine ? st.legalCells(s) : [];
      if (cells.length && shownFor !== `${g.id}/${g.turn}`) {
        shownFor = `${g.id}/${g.turn}`;
        view.showCells(cells, g.last);
      }
      if (!mine) overview = null;
      const p = s.turn.pending;
      if (p === revealed) return;
      revealed = p;
      if (p) reveal(s, catalog, p);
    },
    /** The choice was taken back: back to the view from before it was panned to. @param {st.ClientState} s */
    tookBack(s) {
      if (overview && !s.turn.pending) view.glideTo(overview);
      overview = null;
    },
    /**
     * A new tile: spectators and waiting players glide to it, unless they moved the board a
     * moment ago.
     * @param {st.ClientState} s @param {number} now performance.now()
     */
    followLast(s, now) {
      const last = s.game?.last;
      if (!last || st.isMyTurn(s) || !mayFollow(follow, now)) return;
      view.followSoon(last);
    },
    /**
     * The viewer asked for the last move: follow again, and bring it into view. False when it
     * is in view already (or there is none).
     * @param {st.ClientState} s
     */
    showLast(s) {
      resumeFollow(follow);
      return !!s.game?.last && view.follow(s.game.last);
    },
  };
}
