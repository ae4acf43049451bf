// Draws a board scene onto a canvas. Frames are drawn through requestAnimationFrame only after
// `invalidate()`, and keep coming only while something moves: a scoring flash fading, a tile
// sliding into place, a figure arriving or going home, the camera gliding. The marks over the
// tiles are marks.js's, the move being made placement.js's.
import { tileBitmap } from './tiles.js';
import { makeCanvas } from './canvas.js';
import { figureBitmap, figurePicture, figureSize } from './figures.js';
import { colorHex } from './colors.js';
import { figurePoint } from './segmap.js';
import { toScreen } from './camera.js';
import { ease } from './follow.js';
import { quantize, outline, drawParts, TRACE_COLOR } from './marks.js';
import { drawSuggestion, drawPlacement } from './placement.js';
import { drawTable, drawRiverOpen } from './squares.js';

/** @typedef {import('./shapes.js').TileDef} TileDef */
/** @typedef {{x: number, y: number, tile: string, rot: number}} Placed */
/** @typedef {{x: number, y: number, slots: string[]}} Part */
/**
 * @typedef {object} Scene
 * @property {Record<string, TileDef>} catalog
 * @property {Placed[]} board
 * @property {{player: number, kind: string, x: number, y: number, at: string, feature: string}[]} figures
 * @property {string[]} colors colour of each player index
 * @property {{x: number, y: number}|null} last the tile placed last
 * @property {{x: number, y: number}[]} legalCells
 * @property {{x: number, y: number, from: string|null}|null} riverOpen where the river goes on
 *   (a River game's open end), and the side it flows in from
 * @property {Placed|null} ghost translucent preview under the pointer
 * @property {Placed|null} pending the placement chosen but not confirmed
 * @property {(Placed & {at: string|null, kind: string|null})|null} suggestion the suggested move
 *   (a hint): its placement and where its figure would stand
 * @property {{x: number, y: number, dirs: string[]}|null} matchEdges the sides of the ghost or
 *   chosen tile that touch a neighbour (the first-turn coach marks them: they match)
 * @property {{kind: string, at: string, feature: string}[]} spots figure targets on `pending`
 * @property {number} chosenSpot index into spots, -1 for none
 * @property {string|null} myColor the viewer's colour (null: not playing)
 * @property {Part[]} trace parts of the feature being inspected
 * @property {Part[]} trace2 a second feature traced beside it, in another colour (the field on
 *   the river's other bank)
 * @property {{parts: Part[], points: number, color: string|null, start: number}[]} flashes a
 *   scoring lit up in its player's colour (null: gold)
 * @property {{cell: {x: number, y: number}, parts: Part[]}|null} highlight a tile (and the feature
 *   it scored) pointed at from the log
 * @property {{x: number, y: number, start: number}[]} arrivals tiles sliding into place
 * @property {{x: number, y: number, at: string, start: number}[]} figuresIn figures appearing
 * @property {({player: number, kind: string, x: number, y: number, at: string, feature: string,
 *   start: number})[]} departures figures going home after a scoring
 * @property {import('../ui/table.js').TableMarks|null} table the overlay of what the table
 *   knows: dead squares crossed out, the count of tiles left that fit each other open square
 * @property {boolean} still the viewer prefers reduced motion: a "+N" fades where it is
 */

export const FLASH_MS = 2200;
export const SLIDE_MS = 380;
export const POP_MS = 320;
export const HOME_MS = 900;
const HIGHLIGHT = 'rgba(120, 220, 255, 0.55)';
const TRACE2_COLOR = 'rgba(90, 200, 250, 0.55)';
/** A flash that scored for nobody (or a lesson's field) lights up in gold. */
const FLASH_GOLD = '#ffd84a';

/** @returns {Scene} */
export function emptyScene() {
  return { catalog: {}, board: [], figures: [], colors: [], last: null, legalCells: [], riverOpen: null,
    ghost: null, pending: null, suggestion: null, matchEdges: null, table: null, spots: [], chosenSpot: -1, myColor: null,
    trace: [], trace2: [], flashes: [],
    highlight: null, arrivals: [], figuresIn: [], departures: [], still: false };
}

/**
 * @param {HTMLCanvasElement} canvas
 * @param {() => Scene} getScene
 * @param {() => import('./camera.js').Camera} getCamera
 */
export function createRenderer(canvas, getScene, getCamera) {
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  let queued = false;
  let frames = 0;
  /** @type {{canvas: HTMLCanvasElement|OffscreenCanvas, view: string, drawn: Set<string>, count: number,
   *   first: Placed|null, catalog: any}|null} the placed tiles as last drawn (drawTiles) */
  let layer = null;
  /** @type {((now: number) => boolean)[]} */
  const before = [];
  /** @type {((now: number) => void)[]} */
  const after = [];
  /** @type {Placed[]|null} */
  let indexedBoard = null;
  /** @type {Map<string, Placed>} */
  let byCell = new Map();

  function cells(board) {
    if (board !== indexedBoard) {
      byCell = new Map(board.map((p) => [`${p.x},${p.y}`, p]));
      indexedBoard = board;
    }
    return byCell;
  }

  function resize() {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(canvas.clientWidth * dpr));
    const h = Math.max(1, Math.round(canvas.clientHeight * dpr));
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    return dpr;
  }

  /** Draw one frame now. @param {number} now */
  function draw(now) {
    frames++;
    const dpr = resize();
    const scene = getScene();
    const cam = getCamera();
    const W = canvas.clientWidth;
    const H = canvas.clientHeight;
    const s = cam.scale * dpr;
    const px = quantize(s);
    /** @param {number} x @param {number} y device-pixel rectangle of a cell */
    const rect = (x, y) => {
      const [sx, sy] = toScreen(cam, W, H, x, y);
      const x0 = Math.round(sx * dpr);
      const y0 = Math.round(sy * dpr);
      return [x0, y0, Math.round((sx + cam.scale) * dpr) - x0, Math.round((sy + cam.scale) * dpr) - y0];
    };
    const visible = ([x0, y0, w, h]) => x0 + w > 0 && y0 + h > 0 && x0 < canvas.width && y0 < canvas.height;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.imageSmoothingEnabled = true;

    const sliding = new Map();
    for (const a of scene.arrivals) {
      const t = (now - a.start) / SLIDE_MS;
      if (t < 1) sliding.set(`${a.x},${a.y}`, Math.max(0, t));
    }
    drawTiles(scene, rect, visible, px, sliding, `${cam.x},${cam.y},${cam.scale},${canvas.width},${canvas.height}`);
    drawLegal(scene, rect, s);
    drawRiverOpen(ctx, scene.riverOpen, rect, s);
    drawTable(ctx, scene.table, rect, s);
    // a new tile comes down onto the table: from a little above, larger, then settles
    for (const p of scene.board) {
      const t = sliding.get(`${p.x},${p.y}`);
      const def = scene.catalog[p.tile];
      if (t === undefined || !def) continue;
      const k = ease(t);
      const [x, y, w, h] = rect(p.x, p.y);
      const grow = 1 + 0.12 * (1 - k);
      const lift = (1 - k) * h * 0.35;
      ctx.globalAlpha = 0.35 + 0.65 * k;
      ctx.drawImage(tileBitmap(p.tile, def, p.rot, px), x + w / 2 - (w * grow) / 2, y + h / 2 - (h * grow) / 2 - lift, w * grow, h * grow);
      ctx.globalAlpha = 1;
    }
    if (scene.last && !sliding.has(`${scene.last.x},${scene.last.y}`)) {
      outline(ctx, rect(scene.last.x, scene.last.y), 'rgba(255, 205, 80, 0.95)', Math.max(2, s * 0.035));
    }
    drawParts(ctx, scene, cells(scene.board), scene.trace, TRACE_COLOR, rect);
    drawParts(ctx, scene, cells(scene.board), scene.trace2, TRACE2_COLOR, rect);
    if (scene.highlight) {
      drawParts(ctx, scene, cells(scene.board), scene.highlight.parts, HIGHLIGHT, rect);
      const { x, y } = scene.highlight.cell;
      outline(ctx, rect(x, y), '#78dcff', Math.max(3, s * 0.06));
    }
    const flashing = drawFlashes(scene, cells(scene.board), rect, now, s);
    const popping = drawFigures(scene, cells(scene.board), rect, s, now);
    const leaving = drawDepartures(scene, cells(scene.board), rect, s, now);
    drawSuggestion(ctx, scene, rect, px, s);
    drawPlacement(ctx, scene, rect, px, s);
    return flashing || popping || leaving || sliding.size > 0;
  }

  /**
   * The placed tiles, from a layer kept between frames: while the camera stands still, a new
   * tile is added to the layer and the frame copies it in one go (a late-game board is 80
   * tiles); a camera move, a new game or a step back redraws the layer.
   */
  function drawTiles(scene, rect, visible, px, sliding, view) {
    const board = scene.board;
    if (!layer || layer.view !== view || layer.catalog !== scene.catalog || board.length < layer.count
      || board[0] !== layer.first) {
      layer ??= { canvas: makeCanvas(canvas.width, canvas.height), view: '', drawn: new Set(), count: 0, first: null, catalog: null };
      if (layer.canvas.width !== canvas.width || layer.canvas.height !== canvas.height) {
        layer.canvas = makeCanvas(canvas.width, canvas.height);
      }
      layer.canvas.getContext('2d').clearRect(0, 0, canvas.width, canvas.height);
      Object.assign(layer, { view, drawn: new Set(), count: 0, first: board[0], catalog: scene.catalog });
    }
    const lctx = layer.canvas.getContext('2d');
    for (let i = layer.count; i < board.length; i++) {
      const p = board[i];
      const key = `${p.x},${p.y}`;
      if (layer.drawn.has(key) || sliding.has(key)) continue;
      const r = rect(p.x, p.y);
      const def = scene.catalog[p.tile];
      if (def && visible(r)) lctx.drawImage(tileBitmap(p.tile, def, p.rot, px), ...r);
      layer.drawn.add(key);
    }
    // the layer is complete up to the first tile still sliding in
    while (layer.count < board.length && layer.drawn.has(`${board[layer.count].x},${board[layer.count].y}`)) layer.count++;
    ctx.drawImage(layer.canvas, 0, 0);
  }

  /** Free cells where the drawn tile fits: a frosted square with a plus in the middle. */
  function drawLegal(scene, rect, s) {
    if (!scene.legalCells.length) return;
    const dpr = window.devicePixelRatio || 1;
    ctx.setLineDash([s * 0.08, s * 0.06]);
    for (const c of scene.legalCells) {
      const [x, y, w, h] = rect(c.x, c.y);
      ctx.fillStyle = 'rgba(160, 220, 255, 0.3)';
      ctx.fillRect(x + 2, y + 2, w - 4, h - 4);
      outline(ctx, [x + 2, y + 2, w - 4, h - 4], 'rgba(210, 240, 255, 0.95)', Math.max(1.5 * dpr, s * 0.022));
      const arm = Math.max(4 * dpr, s * 0.09);
      ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
      const t = Math.max(2 * dpr, s * 0.025);
      ctx.fillRect(x + w / 2 - arm, y + h / 2 - t / 2, arm * 2, t);
      ctx.fillRect(x + w / 2 - t / 2, y + h / 2 - arm, t, arm * 2);
    }
    ctx.setLineDash([]);
  }

  /**
   * The table's analysis over the open squares: a dead square (no tile left fits it) dark and
   * crossed out; on every other, the number of tiles left that fit it, in a badge in its
   * top-left corner (the middle stays clear for the plus of a legal square), readable from
   * phone size up.
   */
  function drawFlashes(scene, byCell, rect, now, s) {
    let active = false;
    for (const f of scene.flashes) {
      const t = (now - f.start) / FLASH_MS;
      if (t < 0 || t >= 1) continue;
      active = true;
      const alpha = t < 0.7 ? 0.75 : 0.75 * (1 - (t - 0.7) / 0.3);
      drawParts(ctx, scene, byCell, f.parts, f.color ? colorHex(f.color).fill : FLASH_GOLD, rect, alpha);
      const c = centreOf(f.parts, rect);
      if (!c) continue;
      ctx.globalAlpha = Math.min(1, (1 - t) * 2.5);
      ctx.font = `800 ${Math.max(16, s * 0.34)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.lineWidth = Math.max(3, s * 0.05);
      ctx.strokeStyle = '#13202e';
      const y = c[1] - (scene.still ? 0.25 : t * 0.5) * s;
      ctx.strokeText(`+${f.points}`, c[0], y);
      ctx.fillStyle = '#fff6d0';
      ctx.fillText(`+${f.points}`, c[0], y);
      ctx.globalAlpha = 1;
    }
    return active;
  }

  /** The figures on the board; a new one drops in (returns true while one does). */
  function drawFigures(scene, byCell, rect, s, now) {
    const dpr = window.devicePixelRatio || 1;
    let active = false;
    for (const f of scene.figures) {
      const p = byCell.get(`${f.x},${f.y}`);
      const def = p && scene.catalog[p.tile];
      if (!def) continue;
      const [x, y, w] = rect(p.x, p.y);
      const [u, v] = figurePoint(def, p.rot, f.at, f.kind);
      const start = scene.figuresIn.find((n) => n.x === f.x && n.y === f.y && n.at === f.at)?.start;
      const t = start === undefined ? 1 : Math.max(0, (now - start) / POP_MS);
      if (t < 1) active = true;
      // overshoots a little, like a figure set down with a tap
      const k = t >= 1 ? 1 : Math.sin(Math.min(1, t) * Math.PI * 0.75) / Math.sin(Math.PI * 0.75);
      const picture = figurePicture(f);
      const size = figureSize(picture, s, dpr);
      const d = size * Math.max(0.05, k);
      const bmp = figureBitmap(picture, scene.colors[f.player] ?? null, quantize(size));
      ctx.drawImage(bmp, x + u * w - d / 2, y + v * w - d / 2, d, d);
    }
    return active;
  }

  /** Figures going home after their feature scored: they rise and fade. */
  function drawDepartures(scene, byCell, rect, s, now) {
    const dpr = window.devicePixelRatio || 1;
    let active = false;
    for (const f of scene.departures) {
      const t = (now - f.start) / HOME_MS;
      const p = byCell.get(`${f.x},${f.y}`);
      const def = p && scene.catalog[p.tile];
      if (t >= 1 || !def) continue;
      active = true;
      const k = ease(Math.max(0, t));
      const [x, y, w] = rect(p.x, p.y);
      const [u, v] = figurePoint(def, p.rot, f.at, f.kind);
      const picture = figurePicture(f);
      const size = figureSize(picture, s, dpr);
      const d = size * (1 - 0.3 * k);
      ctx.globalAlpha = 1 - k;
      ctx.drawImage(figureBitmap(picture, scene.colors[f.player] ?? null, quantize(size)),
        x + u * w - d / 2, y + v * w - d / 2 - k * s * 0.8, d, d);
      ctx.globalAlpha = 1;
    }
    return active;
  }

  function frame(now) {
    queued = false;
    let again = false;
    for (const fn of before) again = fn(now) || again;
    again = draw(now) || again;
    for (const fn of after) fn(now);
    if (again) invalidate();
  }

  function invalidate() {
    if (!queued) {
      queued = true;
      requestAnimationFrame(frame);
    }
  }

  return {
    invalidate,
    /** Draw synchronously (benchmarks). */
    drawNow: () => draw(performance.now()),
    /** True while a frame is scheduled. */
    queued: () => queued,
    /** Frames drawn so far (tests check that an idle board draws none). */
    frames: () => frames,
    /** Run `fn(now)` before each frame; a true result asks for another frame (an animation). */
    beforeFrame: (fn) => before.push(fn),
    /** Run `fn(now)` after each frame is drawn. */
    afterFrame: (fn) => after.push(fn),
  };
}

function centreOf(parts, rect) {
  if (!parts.length) return null;
  let sx = 0;
  let sy = 0;
  for (const part of parts) {
    const [x, y, w, h] = rect(part.x, part.y);
    sx += x + w / 2;
    sy += y + h / 2;
  }
  return [sx / parts.length, sy / parts.length];
}
