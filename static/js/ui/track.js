// The score track: the table's 50 spaces, laid out as a snake of 5 rows of 10, with a marker
// per player that walks along it as points are scored. A marker past 50 shows its laps, as a
// flipped meeple does on the table; markers on the same space stand side by side. The numbers
// stay in the players panel; this only shows them.
import { colorHex, inkOn } from '../board/colors.js';
import { paintEmblem } from '../board/emblems.js';
import { t } from '../i18n.js';

export const SPACES = 50;
export const COLS = 10;
const WALK_MS = 700;

/**
 * Where each marker stands: its space (0..49), its laps, and its place among the markers on
 * the same space (`slot` of `of`, in player order).
 * @param {number[]} scores per player
 * @returns {{player: number, space: number, lap: number, slot: number, of: number}[]}
 */
export function trackPlaces(scores) {
  const places = scores.map((score, player) => {
    const points = Math.max(0, Math.floor(score));
    return { player, space: points % SPACES, lap: Math.floor(points / SPACES), slot: 0, of: 1 };
  });
  for (const p of places) {
    const shared = places.filter((q) => q.space === p.space);
    p.slot = shared.indexOf(p);
    p.of = shared.length;
  }
  return places;
}

/**
 * The column and row of a space on the snake: row 0 runs left to right from 0, row 1 back
 * from 19 to 10, and so on, so that the track is one path.
 * @returns {[number, number]}
 */
export function spaceCell(space) {
  const row = Math.floor(space / COLS);
  const col = row % 2 ? COLS - 1 - (space % COLS) : space % COLS;
  return [col, row];
}

/** "Score track: Ann 12, Bo 57 (1 lap)". @param {number[]} scores @param {{name: string}[]} players */
export function trackText(scores, players) {
  return t('track.text', { scores: players.map((p, i) => {
    const lap = Math.floor(Math.max(0, scores[i] ?? 0) / SPACES);
    return `${p.name} ${scores[i] ?? 0}${lap ? ` (${t('track.laps', { count: lap })})` : ''}`;
  }).join(', ') });
}

/**
 * A track on `canvas`: `show(scores, colors, players)` moves the markers there, walking
 * (unless motion is unwelcome); nothing is drawn while nothing moves.
 * @param {HTMLCanvasElement} canvas @param {() => boolean} motion
 */
export function createTrack(canvas, motion) {
  /** @type {number[]} the scores the markers walk to (or stand at) */
  let at = [];
  /** @type {number[]} where they were last drawn (between spaces while walking) */
  let drawn = [];
  /** @type {{from: number[], to: number[], start: number}|null} */
  let walk = null;
  let colors = [];
  let frame = 0;

  function draw(now) {
    frame = 0;
    let shown = at;
    if (walk) {
      // a walk that began before the first drawing starts where the markers stand
      if (!walk.from.length) walk.from = walk.to;
      const t = Math.min(1, (now - walk.start) / WALK_MS);
      const k = 1 - (1 - t) ** 3;
      shown = walk.to.map((v, i) => (walk.from[i] ?? 0) + (v - (walk.from[i] ?? 0)) * k);
      if (t >= 1) walk = null;
      else frame = requestAnimationFrame(draw);
    }
    drawn = shown;
    paint(canvas, shown, colors);
  }

  return {
    /** @param {number[]} scores @param {string[]} playerColors @param {{name: string}[]} players */
    show(scores, playerColors, players) {
      colors = playerColors;
      canvas.setAttribute('aria-label', trackText(scores, players));
      const moved = scores.length === at.length && scores.some((v, i) => v !== at[i]);
      walk = moved && motion() ? { from: drawn.slice(), to: scores.slice(), start: performance.now() } : null;
      at = scores.slice();
      if (!frame) frame = requestAnimationFrame(draw);
    },
    /** The scores the markers stood at when last drawn (a test hook). */
    drawn: () => drawn.slice(),
    /** Redraw at the present size (the panel was laid out again). */
    redraw() {
      if (!frame) frame = requestAnimationFrame(draw);
    },
  };
}

/** The track and the markers at `scores` (fractions place a marker between two spaces). */
function paint(canvas, scores, colors) {
  const dpr = window.devicePixelRatio || 1;
  const W = canvas.clientWidth || 300;
  const cell = W / COLS;
  const H = cell * (SPACES / COLS);
  canvas.style.height = `${H}px`;
  canvas.width = Math.round(W * dpr);
  canvas.height = Math.round(H * dpr);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  ctx.scale(dpr, dpr);
  ctx.font = `600 ${Math.max(8, cell * 0.28)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let n = 0; n < SPACES; n++) {
    const [c, r] = spaceCell(n);
    ctx.fillStyle = n % 10 === 0 ? '#d6e3ef' : n % 5 === 0 ? '#e3ecf4' : '#f3f7fb';
    ctx.strokeStyle = '#c9d7e4';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.roundRect(c * cell + 1.5, r * cell + 1.5, cell - 3, cell - 3, cell * 0.18);
    ctx.fill();
    ctx.stroke();
    if (n % 5 === 0) {
      ctx.fillStyle = '#53677c';
      ctx.fillText(String(n), c * cell + cell / 2, r * cell + cell * 0.22);
    }
  }
  trackPlaces(scores.map(Math.round)).forEach((place, i) => {
    const [x, y] = pointAt(scores[i] ?? 0, cell);
    const d = Math.min(cell * 0.58, (cell * 0.92) / place.of);
    const mx = x + (place.slot - (place.of - 1) / 2) * d;
    const my = y + cell * 0.1;
    const color = colorHex(colors[i]);
    ctx.fillStyle = color.fill;
    ctx.strokeStyle = color.edge;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(mx, my, d * 0.42, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    paintEmblem(ctx, colors[i], mx, my, d * 0.46, inkOn(colors[i]));
    if (place.lap) {
      // the laps beside the marker's emblem, haloed so they read on the track
      ctx.font = `800 ${Math.max(8, d * 0.45)}px system-ui, sans-serif`;
      ctx.lineWidth = 3;
      ctx.strokeStyle = '#ffffff';
      ctx.strokeText(String(place.lap), mx + d * 0.38, my - d * 0.3);
      ctx.fillStyle = '#13202e';
      ctx.fillText(String(place.lap), mx + d * 0.38, my - d * 0.3);
    }
  });
}

/** The middle of the space a (fractional) score stands on, walking along the snake. */
function pointAt(score, cell) {
  const s = Math.max(0, score) % SPACES;
  const a = Math.floor(s);
  const [c0, r0] = spaceCell(a);
  const [c1, r1] = spaceCell((a + 1) % SPACES);
  const f = (a + 1) % SPACES === 0 ? 0 : s - a;
  return [(c0 + (c1 - c0) * f) * cell + cell / 2, (r0 + (r1 - r0) * f) * cell + cell / 2];
}
