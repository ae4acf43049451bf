// The review of a finished game on the replay page: the button that asks for it, its progress,
// each player's summary, the chart of the expected margin, the class of each turn, and the
// panel of "learn from your mistakes" (a player's mistakes and blunders as puzzles). The
// server judges every move (`GET /api/games/{id}/review`) and every move tried in a puzzle
// (`POST /api/games/{id}/review/puzzles/{turn}`); this module only shows it. Its words are
// catalogue keys (i18n.js), all in REVIEW_WORDS; why a better move is better is worded from
// its `why` code by ui/advicewords.js (pages/replay.js).
import { h, fill, chip } from './dom.js';
import { spotLabels } from './words.js';
import { tileImageURL } from '../board/tiles.js';
import { colorHex } from '../board/colors.js';
import { sharpContext } from '../board/canvas.js';
import { t, locale } from '../i18n.js';

/** Points of expected margin as the language writes them, always with one decimal ("6.5", "6,5"). @param {number} n */
function points(n) {
  return new Intl.NumberFormat(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
}

/** Every word of the review, in one place: catalogue keys, and the sentences made of them. */
export const REVIEW_WORDS = {
  /** "3 mistakes": a count of moves of a class (a plural text). */
  classes: { good: 'review.count.good', inaccuracy: 'review.count.inaccuracy', mistake: 'review.count.mistake', blunder: 'review.count.blunder' },
  /** "mistake": one move's class, in the log. */
  classOne: { good: 'review.class.good', inaccuracy: 'review.class.inaccuracy', mistake: 'review.class.mistake', blunder: 'review.class.blunder' },
  /** "Better (6.5 points of expected margin): …" @param {number} loss @param {string} reason */
  better: (loss, reason) => t('review.better', { loss: points(loss), reason }),
  best: () => t('review.best'),
  learn: () => t('review.learn'),
  /** "Learn from mistakes: 1 of 3" @param {number} n @param {number} count */
  puzzleTitle: (n, count) => t('review.puzzle.title', { n, count }),
  /** @param {string} name @param {number} turn */
  puzzleAsk: (name, turn) => t('review.puzzle.ask', { name, turn }),
  check: () => t('review.puzzle.check'),
  /** @param {number} tolerance */
  solved: (tolerance) => t('review.puzzle.solved', { points: points(tolerance) }),
  /** @param {number} loss */
  worse: (loss) => t('review.puzzle.worse', { loss: points(loss) }),
  again: () => t('review.puzzle.again'),
  next: () => t('review.puzzle.next'),
  back: () => t('review.puzzle.back'),
  noFigure: () => t('tray.noFigure'),
  figure: () => t('tray.figure'),
};

export const CLASSES = ['good', 'inaccuracy', 'mistake', 'blunder'];

/**
 * Each player's expected final margin after every turn: their expected score less the best
 * other's, from `turns[i].expected`; series[player][i + 1] after turn i + 1, 0 at the start.
 * @param {{expected: number[]}[]} turns @param {number} players
 * @returns {number[][]}
 */
export function marginSeries(turns, players) {
  return Array.from({ length: players }, (_, p) => [0, ...turns.map((t) => {
    const others = t.expected.filter((_, q) => q !== p);
    return t.expected[p] - Math.max(...others);
  })]);
}

/**
 * The next turn (1-based step) after `step` whose move was a mistake or a blunder, or null.
 * @param {{class: string}[]} turns @param {number} step
 */
export function nextMistake(turns, step) {
  for (let i = step; i < turns.length; i++) {
    if (turns[i].class === 'mistake' || turns[i].class === 'blunder') return i + 1;
  }
  return null;
}

/** How many of a player's worst moves "learn from your mistakes" gives as puzzles. */
export const PUZZLES = 3;

/**
 * The turns (0-based, as the review numbers them) of `player`'s three worst moves (the greatest
 * losses; of two equal, the earlier), never one judged good, in the order they were played:
 * the puzzles of "learn from your mistakes".
 * @param {{turn: number, player: number, class: string, loss: number}[]} turns @param {number} player
 */
export function mistakesOf(turns, player) {
  return turns.filter((t) => t.player === player && t.class !== 'good')
    .sort((a, b) => b.loss - a.loss || a.turn - b.turn).slice(0, PUZZLES)
    .map((t) => t.turn).sort((a, b) => a - b);
}

/**
 * The better move of the turn reached at `step` (after it was played), in the board's
 * suggestion form, or null when the best found was played.
 * @param {any[]} turns @param {number} step
 */
export function betterMove(turns, step) {
  const turn = turns[step - 1];
  if (!turn || turn.loss <= 0 || !turn.best.tile) return null;
  const b = turn.best;
  return { x: b.x, y: b.y, rot: b.rot, tile: b.tile, at: b.meeple?.at ?? null, kind: b.meeple?.kind ?? null };
}

/**
 * The review's panel: the button before anything is asked, the progress while it runs, each
 * player's summary and the chart once done.
 * @param {HTMLElement} el
 * @param {{status: string, progress: number, place: number|null, players: any[], turns: any[]}|null} review
 * @param {{name: string, color: string}[]} players
 * @param {{ask: () => void, nextMistake: () => void, learn: (player: number) => void, failed?: boolean}} act
 */
export function renderReview(el, review, players, act) {
  el.dataset.review = review ? review.status : act.failed ? 'failed' : 'none';
  if (!review || act.failed) {
    fill(el, act.failed ? h('p.muted', null, t('review.failed')) : null,
      h('button.ghost', { type: 'button', dataset: { action: 'review' }, title: t('review.button.title'),
        onclick: act.ask }, t('review.button')));
    return;
  }
  if (review.status !== 'done') {
    const percent = Math.round(review.progress * 100);
    fill(el, h('p.review-progress', { role: 'status' }, review.place ? t('review.queued', { count: review.place }) : t('review.running', { percent })),
      h('progress', { max: 1, value: review.progress, 'aria-label': t('review.title') }));
    return;
  }
  const canvas = h('canvas.review-chart', { role: 'img', 'aria-label': t('review.chart') });
  fill(el, h('h3', null, t('review.title')),
    h('ul.review-players', null, ...review.players.map((s) => h('li', { dataset: { player: String(s.player) } },
      chip(players[s.player]?.color), h('span.pname', null, ` ${players[s.player]?.name ?? ''}: `),
      h('span.review-mean', null, t('review.meanLoss', { points: points(s.mean_loss) })),
      h('span.review-counts', null, ...CLASSES.map((c) => h('span.review-count', { dataset: { class: c } },
        ` · ${t(REVIEW_WORDS.classes[c], { count: s.counts[c] ?? 0 })}`))),
      ' ', h('button.ghost.small', { type: 'button', dataset: { action: 'learn', player: String(s.player) },
        disabled: !mistakesOf(review.turns, s.player).length, onclick: () => act.learn(s.player) }, REVIEW_WORDS.learn())))),
    canvas,
    h('button.ghost.small', { type: 'button', dataset: { action: 'next-mistake' }, onclick: act.nextMistake }, t('review.nextMistake')));
  drawMarginChart(/** @type {HTMLCanvasElement} */ (canvas), marginSeries(review.turns, players.length),
    players.map((p) => p.color));
}

/**
 * Lines of the expected margin over the turns, one per player, with the zero line.
 * @param {HTMLCanvasElement} canvas @param {number[][]} series @param {string[]} colors
 */
export function drawMarginChart(canvas, series, colors) {
  const { ctx, W, H } = sharpContext(canvas, canvas.width, canvas.height);
  const pad = { l: 30, r: 8, t: 8, b: 8 };
  const n = Math.max(1, (series[0]?.length ?? 1) - 1);
  const top = Math.max(5, ...series.flat().map(Math.abs));
  const x = (t) => pad.l + (t / n) * (W - pad.l - pad.r);
  const y = (v) => pad.t + ((top - v) / (2 * top)) * (H - pad.t - pad.b);
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = '#53677c';
  ctx.strokeStyle = '#d5e0ea';
  ctx.textAlign = 'right';
  for (const v of [top, 0, -top]) {
    ctx.beginPath();
    ctx.moveTo(pad.l, y(v));
    ctx.lineTo(W - pad.r, y(v));
    ctx.stroke();
    ctx.fillText(v > 0 ? `+${Math.round(v)}` : String(Math.round(v)), pad.l - 4, y(v) + 4);
  }
  series.forEach((row, p) => {
    ctx.strokeStyle = colorHex(colors[p]).fill;
    ctx.lineWidth = 2;
    ctx.beginPath();
    row.forEach((v, t) => (t ? ctx.lineTo(x(t), y(v)) : ctx.moveTo(x(t), y(v))));
    ctx.stroke();
  });
}

/**
 * Mark each line of the turn log with its move's class (`data-class`, and a word for the
 * non-good ones).
 * @param {HTMLElement} log @param {{class: string}[]} turns
 */
export function markLog(log, turns) {
  for (const li of log.querySelectorAll('li.log-turn')) {
    const turn = turns[Number(/** @type {HTMLElement} */ (li).dataset.turn) - 1];
    const el = /** @type {HTMLElement} */ (li);
    if (!turn || el.dataset.class) continue;
    el.dataset.class = turn.class;
    if (turn.class !== 'good') el.append(h('span.review-class', { dataset: { class: turn.class } }, t(REVIEW_WORDS.classOne[turn.class])));
  }
}

/**
 * The panel of one puzzle: whose turn it was and what to do, the figure choices of the
 * placement chosen and the button that asks the server to judge it; once judged, whether it
 * is as good as the best found (drawn on the board), and the way on.
 * @param {HTMLElement} el
 * @param {{n: number, count: number, turn: number, player: number,
 *   tile: string|null, def: any, rot: number,
 *   spots: {kind: string, at: string, feature: string}[]|null, spot: number,
 *   answer: {loss: number, solved: boolean, tolerance: number}|null, failed: string|null}} p
 *   `tile` the tile to place (null until the server said) with its catalogue entry `def`,
 *   turned `rot`; `spots` the figure spots of the placement chosen (null before one is)
 * @param {{name: string, color: string}[]} players
 * @param {{chooseSpot: (i: number) => void, check: () => void, again: () => void, next: () => void, back: () => void}} act
 */
export function renderPuzzle(el, p, players, act) {
  el.dataset.review = 'puzzle';
  const who = players[p.player];
  const parts = [h('h3', null, REVIEW_WORDS.puzzleTitle(p.n, p.count)),
    h('p.puzzle-ask', null, chip(who?.color), ` ${REVIEW_WORDS.puzzleAsk(who?.name ?? '', p.turn + 1)}`)];
  if (p.tile && p.def) {
    parts.push(h('img.drawn-tile.puzzle-tile', { src: tileImageURL(p.tile, p.def, p.rot, 112), width: 56, height: 56,
      alt: t('tray.drawn', { tile: p.tile }) }));
  }
  if (p.spots && !p.answer) {
    const labels = spotLabels(p.spots);
    const options = [{ label: REVIEW_WORDS.noFigure(), i: -1 }, ...labels.map((label, i) => ({ label, i }))];
    parts.push(h('div.spots', { role: 'radiogroup', 'aria-label': REVIEW_WORDS.figure() }, ...options.map(({ label, i }) =>
      h('button.spot', { type: 'button', role: 'radio', 'aria-checked': String(p.spot === i), dataset: { spot: String(i) },
        onclick: () => act.chooseSpot(i) }, label))),
    h('button.small', { type: 'button', dataset: { action: 'check-puzzle' }, onclick: act.check }, REVIEW_WORDS.check()));
  }
  if (p.answer) {
    parts.push(h('p.puzzle-result', { role: 'status', dataset: { result: p.answer.solved ? 'solved' : 'unsolved' } },
      p.answer.solved ? REVIEW_WORDS.solved(p.answer.tolerance) : REVIEW_WORDS.worse(p.answer.loss)),
    h('button.ghost.small', { type: 'button', dataset: { action: 'again-puzzle' }, onclick: act.again }, REVIEW_WORDS.again()));
  }
  if (p.failed) parts.push(h('p.muted', { role: 'status' }, p.failed));
  if (p.n < p.count) parts.push(h('button.ghost.small', { type: 'button', dataset: { action: 'next-puzzle' }, onclick: act.next }, REVIEW_WORDS.next()));
  parts.push(h('button.ghost.small', { type: 'button', dataset: { action: 'end-puzzle' }, onclick: act.back }, REVIEW_WORDS.back()));
  fill(el, ...parts);
}
