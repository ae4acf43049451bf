// Draws a board scene onto a canvas. Frames are drawn through requestAnimationFrame only after
// `invalidate()`, and keep coming only while a scoring flash is still fading.
import { tileBitmap, makeCanvas } from './tiles.js';
import { figureBitmap, figurePicture, PLAYER_COLORS } from './figures.js';
import { segmentMap, figurePoint, labelOfSlot, MAP } from './segmap.js';
import { toScreen } from './camera.js';

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
 * @property {Placed|null} ghost translucent preview under the pointer
 * @property {Placed|null} pending the placement chosen but not confirmed
 * @property {{kind: string, at: string, feature: string}[]} spots figure targets on `pending`
 * @property {number} chosenSpot index into spots, -1 for none
 * @property {string} myColor
 * @property {Part[]} trace parts of the feature being inspected
 * @property {{parts: Part[], points: number, color: string, start: number}[]} flashes
 */

export const FLASH_MS = 2200;
const TRACE_COLOR = 'rgba(255, 214, 64, 0.62)';

/** @returns {Scene} */
export function emptyScene() {
  return { catalog: {}, board: [], figures: [], colors: [], last: null, legalCells: [],
    ghost: null, pending: null, spots: [], chosenSpot: -1, myColor: 'red', trace: [], flashes: [] };
}

/** Integer bitmap sizes in steps of a quarter octave, so zooming reuses cached bitmaps. */
function quantize(px) {
  const q = Math.round(2 ** (Math.round(Math.log2(Math.max(px, 8)) * 4) / 4));
  return Math.min(q, 512);
}

const masks = new Map();

/** A MAP-sized picture of one segment of a tile, filled with `color`. */
function maskBitmap(id, def, label, color) {
  const key = `${id}|${label}|${color}`;
  let bmp = masks.get(key);
  if (!bmp) {
    bmp = makeCanvas(MAP);
    const ctx = bmp.getContext('2d');
    const img = ctx.createImageData(MAP, MAP);
    const labels = segmentMap(def).labels;
    for (let i = 0; i < labels.length; i++) img.data[i * 4 + 3] = labels[i] === label ? 255 : 0;
    ctx.putImageData(img, 0, 0);
    ctx.globalCompositeOperation = 'source-in';
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, MAP, MAP);
    masks.set(key, bmp);
  }
  return bmp;
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

    for (const p of scene.board) {
      const r = rect(p.x, p.y);
      const def = scene.catalog[p.tile];
      if (def && visible(r)) ctx.drawImage(tileBitmap(p.tile, def, p.rot, px), ...r);
    }
    drawLegal(scene, rect, s);
    if (scene.last) outline(rect(scene.last.x, scene.last.y), 'rgba(255, 205, 80, 0.95)', Math.max(2, s * 0.035));
    drawParts(scene, cells(scene.board), scene.trace, TRACE_COLOR, rect);
    const flashing = drawFlashes(scene, cells(scene.board), rect, now, s);
    drawFigures(scene, cells(scene.board), rect, s);
    drawPlacement(scene, rect, px, s);
    return flashing;
  }

  function outline([x, y, w, h], color, width) {
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.strokeRect(x + width / 2, y + width / 2, w - width, h - width);
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
      outline([x + 2, y + 2, w - 4, h - 4], 'rgba(210, 240, 255, 0.95)', Math.max(1.5 * dpr, s * 0.022));
      const arm = Math.max(4 * dpr, s * 0.09);
      ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
      const t = Math.max(2 * dpr, s * 0.025);
      ctx.fillRect(x + w / 2 - arm, y + h / 2 - t / 2, arm * 2, t);
      ctx.fillRect(x + w / 2 - t / 2, y + h / 2 - arm, t, arm * 2);
    }
    ctx.setLineDash([]);
  }

  /** Light up segments of tiles on the board (a traced or scored feature). */
  function drawParts(scene, byCell, parts, color, rect, alpha = 1) {
    ctx.globalAlpha = alpha;
    for (const part of parts) {
      const p = byCell.get(`${part.x},${part.y}`);
      const def = p && scene.catalog[p.tile];
      if (!def) continue;
      const labels = new Set(part.slots.map((slot) => labelOfSlot(def, p.rot, slot)));
      const [x, y, w, h] = rect(p.x, p.y);
      for (const label of labels) {
        if (!label) continue;
        ctx.save();
        ctx.translate(x + w / 2, y + h / 2);
        ctx.rotate((p.rot * Math.PI) / 180);
        ctx.drawImage(maskBitmap(p.tile, def, label, color), -w / 2, -h / 2, w, h);
        ctx.restore();
      }
    }
    ctx.globalAlpha = 1;
  }

  function drawFlashes(scene, byCell, rect, now, s) {
    let active = false;
    for (const f of scene.flashes) {
      const t = (now - f.start) / FLASH_MS;
      if (t < 0 || t >= 1) continue;
      active = true;
      const alpha = t < 0.7 ? 0.75 : 0.75 * (1 - (t - 0.7) / 0.3);
      drawParts(scene, byCell, f.parts, PLAYER_COLORS[f.color]?.fill ?? '#ffd84a', rect, alpha);
      const c = centreOf(f.parts, rect);
      if (!c) continue;
      ctx.globalAlpha = Math.min(1, (1 - t) * 2.5);
      ctx.font = `800 ${Math.max(16, s * 0.34)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.lineWidth = Math.max(3, s * 0.05);
      ctx.strokeStyle = '#13202e';
      const y = c[1] - t * s * 0.5;
      ctx.strokeText(`+${f.points}`, c[0], y);
      ctx.fillStyle = '#fff6d0';
      ctx.fillText(`+${f.points}`, c[0], y);
      ctx.globalAlpha = 1;
    }
    return active;
  }

  function drawFigures(scene, byCell, rect, s) {
    const size = quantize(s * 0.42);
    for (const f of scene.figures) {
      const p = byCell.get(`${f.x},${f.y}`);
      const def = p && scene.catalog[p.tile];
      if (!def) continue;
      const [x, y, w] = rect(p.x, p.y);
      const [u, v] = figurePoint(def, p.rot, f.at);
      const d = s * 0.42;
      const bmp = figureBitmap(figurePicture(f), scene.colors[f.player] ?? 'red', size);
      ctx.drawImage(bmp, x + u * w - d / 2, y + v * w - d / 2, d, d);
    }
  }

  /** The ghost under the pointer, the chosen placement and its figure targets. */
  function drawPlacement(scene, rect, px, s) {
    for (const [p, alpha] of [[scene.ghost, 0.6], [scene.pending, 1]]) {
      const def = p && scene.catalog[p.tile];
      if (!def) continue;
      const r = rect(p.x, p.y);
      ctx.globalAlpha = alpha;
      ctx.drawImage(tileBitmap(p.tile, def, p.rot, px), ...r);
      ctx.globalAlpha = 1;
      outline(r, alpha < 1 ? 'rgba(255,255,255,0.7)' : '#ffffff', Math.max(2, s * 0.03));
    }
    const p = scene.pending;
    const def = p && scene.catalog[p.tile];
    if (!def) return;
    const [x, y, w] = rect(p.x, p.y);
    scene.spots.forEach((spot, i) => {
      const [u, v] = figurePoint(def, p.rot, spot.at);
      const cx = x + u * w;
      const cy = y + v * w;
      const chosen = i === scene.chosenSpot;
      if (chosen) {
        const d = s * 0.42;
        const bmp = figureBitmap(figurePicture(spot), scene.myColor, quantize(d));
        ctx.drawImage(bmp, cx - d / 2, cy - d / 2, d, d);
        return;
      }
      // a target a finger can find: a ring at least 22 CSS pixels wide
      const dpr = window.devicePixelRatio || 1;
      const r = Math.max(11 * dpr, s * 0.1);
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      ctx.fillStyle = 'rgba(255, 255, 255, 0.8)';
      ctx.fill();
      ctx.lineWidth = Math.max(3 * dpr, s * 0.03);
      ctx.strokeStyle = PLAYER_COLORS[scene.myColor]?.fill ?? '#333';
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(cx, cy, r * 0.3, 0, Math.PI * 2);
      ctx.fillStyle = ctx.strokeStyle;
      ctx.fill();
    });
  }

  function frame(now) {
    queued = false;
    if (draw(now)) invalidate();
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
    /** Frames drawn so far (tests check that an idle board draws none). */
    frames: () => frames,
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
