// The replay page (/games/{id}): step through a finished game turn by turn with buttons,
// keys and a slider; scores, figures and scoring at every step come from the server.
import { loadCatalog } from '../net/api.js';
import { startLanguage } from '../ui/language.js';
import { createBoardView } from '../board/view.js';
import { byId, h, fill, chip } from '../ui/dom.js';
import { turnText, optionsText } from '../ui/words.js';
import { t } from '../i18n.js';
import { renderLog } from '../ui/log.js';
import { scoredParts } from '../board/parts.js';
import { colorStyle } from '../board/colors.js';
import { REVIEW_WORDS, renderReview, renderPuzzle, markLog, betterMove, nextMistake, mistakesOf } from '../ui/review.js';
import { adviceWords } from '../ui/advicewords.js';

// the words first: every part below words itself in the page's language
await startLanguage();

const PLAY_MS = 800;
// How often a review being computed is asked how far it got.
const REVIEW_POLL_MS = 500;

/**
 * Show one finished game's replay.
 * @param {Record<string, any>} catalog
 * @param {any} replay `GET /api/games/{id}/replay`, or null when there is no such game
 */
function start(catalog, replay) {
  const view = createBoardView(/** @type {HTMLCanvasElement} */ (byId('board')), { onTap: (c) => choosePlacement(c) });
  const slider = /** @type {HTMLInputElement} */ (byId('step'));
  let step = 0;
  let timer = 0;
  /** @type {any} the review as the server last answered, or null before anyone asked */
  let review = null;
  let reviewFailed = false;
  /**
   * "Learn from your mistakes" while it is open: whose, their mistakes' turns (0-based), which
   * one is shown, the server's puzzle for it (its legal moves), the placement chosen, its
   * figure spot, and the server's judgement of it.
   * @type {{player: number, turns: number[], at: number, puzzle: any, chosen: any, spot: number,
   *   answer: any, failed: string|null}|null}
   */
  let learning = null;

  /** The board after `n` turns. */
  function boardAt(n) {
    const placed = replay.states.slice(1, n + 1).map((s) => s.placed).filter(Boolean);
    return [...replay.start_board, ...placed];
  }

  function last() {
    return replay.states.length - 1;
  }

  /** The game as far as step `n`, in the shape the turn log reads. */
  function gameAt(n, end) {
    const states = replay.states.slice(1, n + 1);
    const events = states.flatMap((s) => s.events);
    return { id: replay.id, players: replay.players, turns: states.map((s) => s.log), board: replay.start_board,
      events: end ? [...events, ...replay.final_events] : events };
  }

  /** @param {number} n @param {boolean} animate flash the scoring of this turn */
  function show(n, animate = false) {
    step = Math.max(0, Math.min(last(), n));
    const state = replay.states[step];
    const end = step === last() && replay.status === 'finished';
    const board = boardAt(step);
    view.update({
      catalog, board, figures: state.figures, colors: replay.players.map((p) => p.color),
      last: state.placed, flashes: animate ? state.events.map((e) => ({
        parts: scoredParts(e, board, catalog), points: e.points, start: performance.now(),
        color: replay.players[e.players[0]]?.color ?? null })) : [],
    });
    slider.value = String(step);
    byId('step-label').textContent = step === 0 ? t('replay.first') : t('replay.step', { step, last: last() });
    renderScores(end ? replay.final_scores : state.scores, state, end);
    const who = state.log ? replay.players[state.log.player] : null;
    fill(byId('banner'), who ? h('span', null, chip(who.color), ` ${turnText(state.log, replay.players, catalog)}`)
      : h('span', null, t(end ? 'replay.final' : replay.options.river ? 'replay.spring' : 'replay.startTile')));
    renderLog(byId('replay-log'), gameAt(step, end), catalog, pointAt);
    // a puzzle draws its own marks: the better move of the turn before would give it away
    if (!learning) showReviewOfStep(state);
    for (const b of ['first', 'prev']) /** @type {HTMLButtonElement} */ (byId(b)).disabled = step === 0;
    for (const b of ['next', 'last']) /** @type {HTMLButtonElement} */ (byId(b)).disabled = step === last();
    document.body.dataset.step = String(step);
  }

  /** The review's marks for this step: each log line's class, the better move beside the one
   * played (drawn as a hint's suggestion is) and why. */
  function showReviewOfStep(state) {
    const done = review?.status === 'done';
    const better = done ? betterMove(review.turns, step) : null;
    view.update({ suggestion: better, myColor: state.log ? replay.players[state.log.player]?.color ?? null : null });
    document.body.dataset.better = better ? `${better.x},${better.y},${better.rot}` : '';
    if (!done) return;
    markLog(byId('replay-log'), review.turns);
    const turn = review.turns[step - 1];
    if (turn) {
      byId('banner').append(h('span.review-why', { dataset: { class: turn.class } },
        ` ${better ? REVIEW_WORDS.better(turn.loss, adviceWords(turn.why, turn.reason ?? '', replay.players)) : REVIEW_WORDS.best()}`));
    }
  }

  function renderReviewPanel() {
    if (learning) {
      renderPuzzlePanel();
      return;
    }
    renderReview(byId('review'), review, replay.players, { ask: askReview, failed: reviewFailed, learn,
      nextMistake: () => { const n = review && nextMistake(review.turns, step); if (n) go(n); } });
    document.body.dataset.review = byId('review').dataset.review ?? 'none';
  }

  /** Open "learn from your mistakes" on `player`'s first mistake or blunder. @param {number} player */
  function learn(player) {
    const turns = review?.status === 'done' ? mistakesOf(review.turns, player) : [];
    if (!turns.length) return;
    learning = { player, turns, at: 0, puzzle: null, chosen: null, spot: -1, answer: null, failed: null };
    openPuzzle();
  }

  /** Show the board as it was before the puzzle's turn and ask the server for its legal moves. */
  async function openPuzzle() {
    if (!learning) return;
    if (timer) togglePlay();
    const turn = learning.turns[learning.at];
    Object.assign(learning, { puzzle: null, chosen: null, spot: -1, answer: null, failed: null });
    show(turn);
    const answer = await fetch(`/api/games/${replay.id}/review/puzzles/${turn}`);
    if (!learning || learning.turns[learning.at] !== turn) return; // left or moved on meanwhile
    if (answer.ok) learning.puzzle = await answer.json();
    else learning.failed = t('review.failed');
    drawPuzzle();
  }

  /** The puzzle on the board (where the tile may go, the placement chosen and its figure, the
   * best move once judged) and in the panel. */
  function drawPuzzle() {
    if (!learning) return;
    const { puzzle, chosen, spot, answer } = learning;
    const cells = puzzle && !answer ? [...new Map(puzzle.moves.map((m) => [`${m.x},${m.y}`, { x: m.x, y: m.y }])).values()] : [];
    const best = answer && answer.loss > 0 ? answer.best : null;
    view.update({
      legalCells: cells, last: null,
      pending: chosen ? { x: chosen.x, y: chosen.y, rot: chosen.rot, tile: puzzle.tile } : null,
      spots: chosen && !answer ? chosen.spots : [], chosenSpot: spot,
      suggestion: best ? { x: best.x, y: best.y, rot: best.rot, tile: best.tile, at: best.meeple?.at ?? null, kind: best.meeple?.kind ?? null } : null,
      myColor: replay.players[learning.player]?.color ?? null,
    });
    document.body.dataset.puzzle = String(learning.turns[learning.at]);
    document.body.dataset.puzzleResult = answer ? (answer.solved ? 'solved' : 'unsolved') : '';
    renderPuzzlePanel();
  }

  function renderPuzzlePanel() {
    if (!learning) return;
    const { turns, at, puzzle, chosen, spot, answer, failed } = learning;
    const tile = puzzle?.tile ?? null;
    renderPuzzle(byId('review'), { n: at + 1, count: turns.length, turn: turns[at], player: learning.player,
      tile, def: tile ? catalog[tile] : null, rot: chosen ? chosen.rot : 0,
      spots: chosen ? chosen.spots : null, spot, answer, failed }, replay.players, {
      chooseSpot: (i) => { if (learning) learning.spot = i; drawPuzzle(); },
      check: checkPuzzle,
      again: () => { if (learning) Object.assign(learning, { chosen: null, spot: -1, answer: null, failed: null }); drawPuzzle(); },
      next: () => { if (learning && learning.at + 1 < learning.turns.length) { learning.at += 1; openPuzzle(); } },
      back: endLearning,
    });
    document.body.dataset.review = 'puzzle';
  }

  /** A tap on a square where the tile may go chooses it; on the chosen one, turns the tile to its
   * next legal rotation there. @param {{x: number, y: number}} c */
  function choosePlacement(c) {
    if (!learning?.puzzle || learning.answer) return;
    const here = learning.puzzle.moves.filter((m) => m.x === c.x && m.y === c.y);
    if (!here.length) return;
    const now = learning.chosen;
    const i = now && now.x === c.x && now.y === c.y ? (here.indexOf(now) + 1) % here.length : 0;
    learning.chosen = here[i];
    learning.spot = -1;
    drawPuzzle();
  }

  /** Ask the server whether the placement chosen is as good as the best found. */
  async function checkPuzzle() {
    if (!learning?.chosen) return;
    const { chosen, spot } = learning;
    const figure = spot >= 0 ? chosen.spots[spot] : null;
    const turn = learning.turns[learning.at];
    const asked = await fetch(`/api/games/${replay.id}/review/puzzles/${turn}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ x: chosen.x, y: chosen.y, rot: chosen.rot, meeple: figure ? { kind: figure.kind, at: figure.at } : null }),
    });
    if (!learning || learning.turns[learning.at] !== turn) return;
    if (asked.ok) learning.answer = await asked.json();
    else learning.failed = t('review.failed');
    drawPuzzle();
  }

  /** Close the puzzles: back to the review at the step shown. */
  function endLearning() {
    if (!learning) return;
    learning = null;
    view.update({ legalCells: [], pending: null, spots: [], chosenSpot: -1 });
    document.body.dataset.puzzle = '';
    document.body.dataset.puzzleResult = '';
    renderReviewPanel();
    show(step);
  }

  /** Ask for the review, then for its progress until it is done. */
  async function askReview() {
    reviewFailed = false;
    const asked = await fetch(`/api/games/${replay.id}/review`, { method: 'POST' });
    if (!asked.ok) {
      reviewFailed = true;
      renderReviewPanel();
      return;
    }
    review = await asked.json();
    renderReviewPanel();
    while (review.status !== 'done') {
      await new Promise((resolve) => setTimeout(resolve, REVIEW_POLL_MS));
      const answer = await fetch(`/api/games/${replay.id}/review`);
      if (!answer.ok) {
        review = null;
        reviewFailed = true;
        renderReviewPanel();
        return;
      }
      review = await answer.json();
      renderReviewPanel();
    }
    show(step);
  }

  /** A line of the log points at its tile on the board (and the feature it scored). */
  function pointAt(point) {
    if (!point) return view.update({ highlight: null });
    const board = boardAt(step);
    view.update({ highlight: { cell: { x: point.x, y: point.y }, parts: point.event ? scoredParts(point.event, board, catalog) : [] } });
  }

  function renderScores(scores, state, end) {
    const winners = new Set(replay.players.map((p, i) => (p.winner ? i : -1)));
    const current = end ? -1 : state.current_player;
    fill(byId('scores'), h('h3', null, end ? t('replay.finalScores') : step ? t('replay.scoresAfter', { step }) : t('replay.scores')),
      h('ol.player-list', { tabindex: '0', 'aria-label': t('players.title') }, ...replay.players.map((p, i) => h('li.player', { class: current === i ? 'current' : '' },
        chip(p.color), h('span.pname', null, p.name, end && winners.has(i) ? ' ★' : ''),
        h('span'),
        h('span.figs', { title: t('replay.figures') }, h('span.meeple-icon', { style: colorStyle(p.color) }),
          `×${state.supply[i]?.followers ?? 0}`),
        h('span.score', null, String(scores[i] ?? 0))))),
      h('p.muted.tiles-left', null, t('replay.tilesLeft', { count: state.tiles_left })),
      h('p.muted.tiles-left', { dataset: { options: '' } }, optionsText(replay.options, catalog)));
  }

  function togglePlay() {
    if (timer) {
      clearInterval(timer);
      timer = 0;
    } else {
      if (step === last()) show(0);
      timer = window.setInterval(() => {
        show(step + 1, true);
        if (step === last()) togglePlay();
      }, PLAY_MS);
    }
    const play = byId('play');
    play.textContent = timer ? '❚❚' : '▶';
    play.setAttribute('aria-pressed', String(!!timer));
    play.setAttribute('aria-label', t(timer ? 'replay.pause' : 'replay.play'));
  }

  /** Stop playing when the reader steps by hand. */
  function go(n, animate = false) {
    if (timer) togglePlay();
    if (learning) endLearning();
    show(n, animate);
  }

  // The page's test hooks (ARCHITECTURE.md, "Client test hooks"): add, never rename.
  window.__replay = { scene: view.scene, screenOf: view.screenOf,
    /** the puzzle open now: its turn, legal moves and the placement chosen (null: none open) */
    puzzle: () => (learning ? { turn: learning.turns[learning.at], moves: learning.puzzle?.moves ?? null,
      chosen: learning.chosen, answer: learning.answer } : null) };

  if (!replay) {
    fill(byId('banner'), h('span', null, t('replay.none')));
  } else {
    byId('game-id').textContent = `#${replay.id}`;
    document.title = t('replay.pageTitleOf', { id: String(replay.id) });
    byId('log-link').setAttribute('href', `/api/games/${replay.id}/log`);
    slider.max = String(last());
    slider.addEventListener('input', () => go(Number(slider.value)));
    byId('first').addEventListener('click', () => go(0));
    byId('prev').addEventListener('click', () => go(step - 1));
    byId('next').addEventListener('click', () => go(step + 1, true));
    byId('last').addEventListener('click', () => go(last()));
    byId('play').addEventListener('click', togglePlay);
    byId('fit').addEventListener('click', () => view.fit());
    document.addEventListener('keydown', (e) => {
      /** @type {Record<string, () => void>} */
      const keys = { ArrowLeft: () => go(step - 1), ArrowRight: () => go(step + 1, true), Home: () => go(0),
        End: () => go(last()), ' ': togglePlay, f: () => view.fit(),
        n: () => { const n = review?.status === 'done' && nextMistake(review.turns, step); if (n) go(n); } };
      if (!keys[e.key] || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.target === slider && e.key.startsWith('Arrow')) return;
      if (e.target instanceof HTMLButtonElement && e.key === ' ') return; // the button's own click
      e.preventDefault();
      keys[e.key]();
    });
    // fit the whole game once, so the camera stays still while stepping
    view.update({ catalog, board: boardAt(last()) });
    view.fit();
    show(last());
    // Asked for only by the button (a review stored before comes back at once, 200).
    if (replay.status === 'finished') renderReviewPanel();
  }
}

const id = location.pathname.split('/').filter(Boolean)[1];
Promise.all([
  loadCatalog(),
  fetch(`/api/games/${encodeURIComponent(id)}/replay`).then((r) => (r.ok ? r.json() : null)),
]).then(([catalog, replay]) => start(catalog, replay));
