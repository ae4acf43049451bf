// The room page (/r/{code}): lobby, game, results, for players and spectators alike.
// It keeps one ClientState, feeds it from the socket, and shows it. Each part of the page is
// redrawn only when what it shows changed (`changed` below compares the state's parts by
// identity: a diff copies only what it touches), so a move costs a few DOM nodes and one frame.
import { loadCatalog } from '../net/api.js';
import { connectRoom } from '../net/socket.js';
import { tokenFor, saveToken, savedName, saveName, personalLink } from '../net/identity.js';
import { createBoardView } from '../board/view.js';
import { warmTileImages } from '../board/tiles.js';
import { figurePoint, labelOfSlot } from '../board/segmap.js';
import { scoredParts } from '../board/parts.js';
import { layoutTargets, hitTarget, comfortableScale, TARGET_PX } from '../board/targets.js';
import { createFollow, noteManual, mayFollow, resumeFollow } from '../board/follow.js';
import { riverInflow, touching } from '../board/edges.js';
import * as st from '../state.js';
import { byId, h, fill, toast } from '../ui/dom.js';
import { playersPanel } from '../ui/players.js';
import { renderTray } from '../ui/tray.js';
import { renderBag, isRiverTile } from '../ui/bag.js';
import { renderLog } from '../ui/log.js';
import { appendChat, setupChatForm } from '../ui/chat.js';
import { renderLobby } from '../ui/lobby.js';
import { renderResults } from '../ui/results.js';
import { featureOf, renderInspector, riverBanks } from '../ui/inspector.js';
import { signalTurn, isMuted, setMuted, placeSound } from '../ui/signal.js';
import { eventText, turnAnnouncement, featureAtSlot } from '../ui/words.js';
import { openLearn } from '../ui/learn.js';
import { renderBotNotice } from '../ui/bots.js';
import { showClocks } from '../ui/clock.js';
import { renderInvite } from '../ui/invite.js';
import { renderRules } from '../ui/rules.js';
import { createTrack } from '../ui/track.js';
import { coachOn, setCoach, notePlayed, briefed, noteBriefed, briefingLines, renderBriefing } from '../ui/coach.js';
import { deadlineWords, leftText, timeLeft, botSeatLines } from '../ui/pace.js';
import { nextAttention, roomTitle, notify, markFavicon, setupNotifyButton } from '../ui/notify.js';
import { MOVED_KEY } from '../ui/mygames.js';

/** While choosing a square, squares are at least this wide (CSS px): a fingertip. */
const CHOOSING_PX = TARGET_PX;
const code = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '').toLowerCase();
const TITLE = `Room ${code.toUpperCase()} · Winter Carcassonne`;
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
const s = st.createState(code);
// after a finished game the page shows the results, the board, or the lobby (rematch)
const ui = { after: 'results', fitted: false, wasMyTurn: false, clearedFor: '', tab: 'log', unread: 0,
  /** @type {{x: number, y: number, slots: string[]}|null} */ inspected: null, inspectorKey: '',
  /** @type {import('../board/view.js').CellPoint|null} */ hover: null,
  /** @type {st.Choice|null} the pending placement last brought into view */ revealed: null,
  /** @type {[number, number]|null} canvas point of the tap that chose the pending square */ tapAt: null,
  /** seconds this browser's clock is ahead of the server's (learnt from live clock changes) */ skew: 0,
  /** the 1 s timer that redraws the turn clock while a bank runs down */ clockTimer: 0,
  /** @type {string|null|undefined} the personal link the invite menu offers (undefined: not drawn yet) */ personal: undefined,
  /** the turn last announced to screen readers */ announced: '',
  /** the game and turn whose legal squares were last brought into view */ shownFor: '',
  /** the game and turn whose features were last asked for */ featuresAsked: '',
  /** @type {((features: any[]) => void)[]} callers of the features() hook waiting for them */
  featureWaiters: [],
  /** @type {import('../board/camera.js').Camera|null} the camera before a chosen tile was zoomed in on */ overview: null,
  /** performance.now() when the diff being shown arrived (0: none waiting for its frame) */ arrived: 0,
  /** @type {{trace: any[], trace2: any[]}|null} what the results' field lesson map traced, once drawn (a test hook) */ lesson: null,
  /** @type {string|null} the choice whose confirm waits for the coach's word on it */ confirmWhenChecked: null,
  /** the turn and choice the coach was last asked about, and the timer that asks it */ checkAsked: '', checkTimer: 0,
  /** the turn, placement and spot whose feature was last asked to be traced */ traceAsked: '',
  /** the game whose briefing this page shows ('' none) */ briefing: '',
  /** the game this page last counted as played in this browser */ played: '',
  /** the timer that counts a turn-based move's time down (every second while one runs) */ deadlineTimer: 0,
  /** it became this page's move while the page was hidden, and nobody has looked since */ attention: false,
  /** the game and turn this page last told of (a notification, the title), '' none yet */ told: '',
  /** a state has been shown: what comes after it is news */ shown: false };
const follow = createFollow();
const track = createTrack(/** @type {HTMLCanvasElement} */ (byId('score-track')), () => !reducedMotion.matches);
new ResizeObserver(() => track.redraw()).observe(byId('score-track'));
/** @type {number[]} ms from a diff's arrival to its painted frame, newest last (a test and bench hook) */
const paints = [];
const catalog = await loadCatalog();
const canvas = /** @type {HTMLCanvasElement} */ (byId('board'));
const view = createBoardView(canvas, {
  onTap: tap, onHover: hover, onRotate: () => act.rotate(),
  onManual: () => noteManual(follow, performance.now()),
}, { motion: () => !reducedMotion.matches });
view.update({ catalog, still: reducedMotion.matches });
reducedMotion.addEventListener('change', () => view.update({ still: reducedMotion.matches }));
view.renderer.afterFrame(measurePaint);
// the log's and the tray's pictures (ui/log.js THUMB, ui/tray.js)
warmTileImages(catalog, [44, 176]);

const link = connectRoom(code, () => ({ token: tokenFor(code), name: savedName() }), {
  onState: receiveState,
  onMessage: receiveMessage,
  onLink: (state, detail) => {
    s.link = state;
    const el = byId('link-state');
    el.dataset.link = state;
    el.textContent = { connecting: 'Connecting…', online: 'Online', offline: 'Reconnecting…', gone: detail ?? 'Gone' }[state];
    if (state === 'gone') showGone();
  },
});

/** @type {Record<string, (...a: any[]) => void>} */
const act = {
  rotate() {
    st.rotate(s);
    render();
  },
  takeBack() {
    st.takeBack(s);
    // back to the view from before the chosen tile was zoomed in on
    if (ui.overview && !s.turn.pending) view.glideTo(ui.overview);
    ui.overview = null;
    render();
  },
  confirm() {
    const msg = st.placeMessage(s);
    if (!msg || s.turn.sent) return;
    // with the coach, a move is confirmed once the coach has looked at it: a warning stops it
    // (the player sees it and may confirm anyway), none lets it through
    if (advice() === 'coach' && st.checkNow(s) === undefined) {
      ui.confirmWhenChecked = st.choiceKey(s);
      askCheck();
      return render();
    }
    if (!link.send({ ...msg, ref: 'place' })) return toast('Not connected: your move was not sent.', 'error');
    s.turn.sent = true;
    render();
  },
  chooseSpot(i) {
    st.chooseSpot(s, i);
    render();
  },
  returnAbbot(on) {
    st.setReturnAbbot(s, on);
    render();
  },
  hint() {
    if (s.turn.hintAsked || !link.send({ type: 'hint', turn: s.game.turn, ref: 'hint' })) return;
    s.turn.hintAsked = true;
    render();
  },
  useHint() {
    const def = catalog[s.game.drawn_tile];
    // a figure may name any slot of its segment: the spot on the same segment is the hint's
    const sameSpot = (spot, m) => spot.kind === m.kind
      && labelOfSlot(def, s.turn.hint.rot, spot.at) === labelOfSlot(def, s.turn.hint.rot, m.at);
    if (st.useHint(s, sameSpot)) render();
  },
  setCoach(on) {
    setCoach(on);
    render();
  },
};

/** @type {import('../ui/bots.js').BotActions} */
const botActions = {
  handToBot: (seat, level) => link.send({ type: 'hand_to_bot', seat, level }),
  takeBack: (seat) => link.send({ type: 'take_back', seat }),
};

const players = playersPanel(byId('players'), {
  ...botActions,
  endGame: () => {
    const g = s.game;
    if (g && confirm('End the game now? It will be scored as if the bag were empty.')) link.send({ type: 'end_game', turn: g.turn });
  },
});

const lobbyActions = {
  takeSeat(seat, name, color) {
    saveName(name);
    link.send({ type: 'take_seat', seat, name, color });
  },
  leaveSeat: () => link.send({ type: 'leave_seat' }),
  removeSeat: (seat) => link.send({ type: 'remove_seat', seat }),
  addBot: (seat, level) => link.send({ type: 'add_bot', seat, level }),
  setOptions: (patch) => link.send({ type: 'set_options', ...patch }),
  start: () => link.send({ type: 'start' }),
  learn: () => openLearn(catalog),
  copyLink,
  invite: () => byId('invite-menu').showPopover(),
  showResults: () => show('results'),
};

function receiveState(server, live, arrived, now) {
  const before = s.game;
  // the snapshot says the server's time: deadlines count down by it, not by this computer's clock
  if (!live && typeof now === 'number') ui.skew = Date.now() / 1000 - now;
  const wasSent = s.turn.sent;
  st.applyServerState(s, server, !live);
  // a snapshot still at the turn of a move that was sent: it may be lost, confirm it again
  if (wasSent && !s.turn.sent && s.turn.pending) toast('Your move may not have arrived: confirm it again.');
  // questions asked on a connection that is gone may never be answered: they may be asked again
  if (!live) {
    ui.confirmWhenChecked = null;
    ui.checkAsked = '';
    ui.traceAsked = '';
  }
  // a live diff that restarts a bank arrives when the server started it: that tells the skew
  const since = s.game?.clock?.since;
  if (live && since !== undefined && since !== before?.clock?.since) ui.skew = Date.now() / 1000 - since;
  if (s.game && (!before || before.id !== s.game.id)) {
    ui.fitted = false;
    ui.after = 'results';
    ui.lesson = null;
  }
  const same = before && s.game && before.id === s.game.id;
  if (live && same) tableMotion(before, s.game);
  render();
  if (live && same && !sameCell(s.game.last, before.last)) followLastMove();
  if (live) performance.measure('carc:diff-applied', { start: arrived, end: performance.now() });
  // the time to paint is measured for diffs that change the board
  if (live && view.renderer.queued()) ui.arrived = arrived;
  else if (live) record(arrived);
}

function receiveMessage(msg) {
  switch (msg.type) {
    case 'welcome':
    case 'you':
      s.you = msg.you;
      render();
      break;
    case 'legal':
      st.applyLegal(s, msg);
      render();
      break;
    case 'features':
      st.applyFeatures(s, msg);
      if (st.featuresFresh(s)) ui.featureWaiters.splice(0).forEach((resolve) => resolve(s.game.features));
      showInspector();
      view.update(scene());
      break;
    case 'seated':
      if (msg.token) saveToken(code, msg.token);
      s.you = msg.you;
      render();
      break;
    case 'chat-history':
      fill(byId('chat-list'));
      msg.chat.forEach((line) => appendChat(byId('chat-list'), line));
      break;
    case 'chat':
      appendChat(byId('chat-list'), msg);
      if (ui.tab !== 'chat' && byId('lobby').hidden) {
        ui.unread++;
        byId('chat-unread').hidden = false;
        byId('chat-unread').textContent = String(ui.unread);
      }
      break;
    case 'hint':
      st.applyHint(s, msg);
      // the suggested square on screen
      if (s.turn.hint && !s.turn.pending) view.follow(s.turn.hint);
      render();
      break;
    case 'check':
      st.applyCheck(s, msg);
      if (ui.confirmWhenChecked && ui.confirmWhenChecked === st.choiceKey(s) && st.checkNow(s) !== undefined) {
        ui.confirmWhenChecked = null;
        if (st.checkNow(s) === null) return act.confirm();
      }
      render();
      break;
    case 'trace':
      st.applyTrace(s, msg);
      render();
      break;
    case 'error':
      toast(msg.message, 'error');
      // which message failed: a move may be chosen and sent again, a question asked again
      if (msg.ref === 'place') s.turn.sent = false;
      if (msg.ref === 'hint') s.turn.hintAsked = false;
      if (msg.ref === 'check') {
        ui.confirmWhenChecked = null;
        ui.checkAsked = '';
      }
      if (msg.code === 'stale_turn') link.send({ type: 'sync' });
      render();
      break;
    default:
      break;
  }
}

/**
 * What a move does on the table: the new tile slides into place with a knock, new figures
 * drop in, figures of a scored feature go home, the completed feature flashes with "+N", and
 * every score is said aloud to screen readers.
 */
function tableMotion(before, game) {
  const now = performance.now();
  const moving = !reducedMotion.matches;
  const fresh = game.events.slice(before.events.length).filter((e) => !e.final);
  const placed = game.board.length > before.board.length ? game.board.slice(before.board.length) : [];
  if (placed.length) placeSound();
  const key = (f) => `${f.x},${f.y},${f.at}`;
  const had = new Set(before.figures.map(key));
  const has = new Set(game.figures.map(key));
  const keep = (list, ms) => list.filter((a) => now - a.start < ms);
  view.update({
    arrivals: moving ? [...keep(view.scene.arrivals, 1000), ...placed.map(({ x, y }) => ({ x, y, start: now }))] : [],
    figuresIn: moving ? [...keep(view.scene.figuresIn, 1000), ...game.figures.filter((f) => !had.has(key(f))).map((f) => ({ x: f.x, y: f.y, at: f.at, start: now }))] : [],
    departures: moving ? [...keep(view.scene.departures, 1500), ...before.figures.filter((f) => !has.has(key(f))).map((f) => ({ ...f, start: now + 250 }))] : [],
  });
  if (!fresh.length) return;
  const flashes = fresh.map((e) => ({
    parts: scoredParts(e, game.board, catalog), points: e.points, start: now,
    color: game.players[e.players[0]]?.color ?? 'yellow',
  }));
  view.update({ flashes: [...view.scene.flashes.filter((f) => now - f.start < 3000), ...flashes] });
  // the "+N" floats over the board and the log says it: no notices piling up over the board
  announce(fresh.map((e) => eventText(e, game.players)).join('. '));
}

/** Spectators and waiting players see each new tile, unless they moved the board by hand a moment ago. */
function followLastMove() {
  const g = s.game;
  if (!g?.last || st.isMyTurn(s) || !mayFollow(follow, performance.now())) return;
  view.followSoon(g.last);
}

/** The "last move" button and key: back to the newest tile, and follow again. */
function showLastMove() {
  resumeFollow(follow);
  const g = s.game;
  if (!g?.last) return;
  if (!view.follow(g.last)) view.update({ highlight: { cell: g.last, parts: [] } });
}

function tap(c) {
  if (st.isMyTurn(s) && !s.turn.sent) {
    const p = s.turn.pending;
    if (p && p.x === c.x && p.y === c.y) {
      const hit = hitTarget(targetLayout(p), c.u, c.v);
      if ('spot' in hit) return act.chooseSpot(hit.spot === s.turn.spot ? -1 : hit.spot);
      return act.rotate();
    }
    const cell = legalNear(c);
    if (cell && st.tapCell(s, cell.x, cell.y)) {
      ui.tapAt = view.screenOf(c.x, c.y, c.u, c.v);
      return render();
    }
  }
  inspect(view.segmentAt(c));
}

/**
 * The legal square under a tap, or, for a tap beside the tiles, the nearest one within a
 * fingertip of it (a tap on a placed tile is for that tile: it inspects).
 */
function legalNear(c) {
  if (s.game.board.some((b) => b.x === c.x && b.y === c.y)) return null;
  const cells = st.legalCells(s);
  const reach = TARGET_PX / 2 / view.camera.scale;
  let best = null;
  let bestD = reach;
  for (const cell of cells) {
    const dx = Math.max(cell.x - (c.x + c.u), 0, c.x + c.u - (cell.x + 1));
    const dy = Math.max(cell.y - (c.y + c.v), 0, c.y + c.v - (cell.y + 1));
    const d = Math.hypot(dx, dy);
    if (d <= bestD) [best, bestD] = [cell, d];
  }
  return best;
}

/** Where the rotate hub and the figure targets of the chosen placement are, at this zoom. */
function targetLayout(p) {
  const def = catalog[s.game.drawn_tile];
  const points = (st.pendingLegal(s)?.spots ?? []).map((spot) => figurePoint(def, p.rot, spot.at));
  return layoutTargets(points, view.camera.scale);
}

/** Canvas position of the target of figure spot `i` of the chosen placement (a test hook). */
function spotScreen(i) {
  const p = s.turn.pending;
  if (!p || !st.pendingLegal(s)?.spots[i]) return null;
  const [u, v] = targetLayout(p).targets[i];
  return view.screenOf(p.x, p.y, u, v);
}

function hover(c) {
  ui.hover = c;
  inspect(c ? view.segmentAt(c) : null);
}

/** Trace the feature under a board point (null: stop tracing). */
function inspect(seg) {
  ui.inspected = seg;
  showInspector();
  view.update(scene());
}

/**
 * The inspected feature, as the latest features have it. The server sends features only when
 * asked: once a turn, when someone inspects; until the answer comes, last turn's (ids are
 * stable while features grow) still trace the right shape.
 */
function inspectedFeature() {
  const seg = ui.inspected;
  if (!seg || !s.game) return null;
  askFeatures();
  const placed = s.game.board.find((b) => b.x === seg.x && b.y === seg.y);
  if (placed && featureAtSlot(catalog[placed.tile], placed.rot, seg.slots[0]) === 'river') {
    return { kind: 'river', banks: riverBanks(s.game.features, seg) };
  }
  return featureOf(s.game.features, ui.inspected);
}

/**
 * The briefing before the first turn: shown to each player once per game, from its start (a
 * page that first sees the game later, a player coming back, never shows it), until dismissed.
 */
function showBriefing() {
  const g = s.game;
  const key = gameKey();
  const playing = !!g && !g.finished && st.myPlayer(s) >= 0;
  if (playing && ui.played !== key) {
    ui.played = key;
    notePlayed(key);
  }
  if (playing && g.turn === 0 && ui.briefing !== key && !briefed(key)) {
    ui.briefing = key;
    noteBriefed(key);
  }
  const shown = playing && ui.briefing === key;
  const el = byId('briefing');
  el.hidden = !shown;
  if (shown && changed('briefing', key, advice(), coachOn(key))) {
    renderBriefing(el, briefingLines(g.options, advice(), s.room?.options), {
      coach: coachOn(key), setCoach: act.setCoach,
      dismiss: () => {
        ui.briefing = '';
        render();
      },
    });
  }
}

/** The table's advice level (`options.hints`). */
function advice() {
  return s.room?.options?.hints ?? 'off';
}

/** This game in this browser's memory (first games, briefings). */
function gameKey() {
  return s.game ? `${code}/${s.game.id}` : '';
}

/** The first-turn coach helps now: it is on, and this is the viewer's first turn. */
function coaching() {
  return st.isMyTurn(s) && st.firstTurn(s) && coachOn(gameKey());
}

/** Ask the coach about the current choice, once per choice. */
function askCheck() {
  const key = st.choiceKey(s);
  if (!key || ui.checkAsked === `${s.game.turn}|${key}`) return;
  ui.checkAsked = `${s.game.turn}|${key}`;
  link.send({ ...st.checkMessage(s), ref: 'check' });
}

/**
 * What the table's helpers want to know about the current choice: the coach's word on it (a
 * moment after it settles, so turning the tile round does not ask at every step), and, on a
 * first turn with the coach on, the whole feature the chosen figure would stand on.
 */
function askAdvice() {
  clearTimeout(ui.checkTimer);
  if (!st.isMyTurn(s) || s.turn.sent) return;
  if (advice() === 'coach' && st.choiceKey(s) && st.checkNow(s) === undefined) ui.checkTimer = window.setTimeout(askCheck, 300);
  const key = st.traceKey(s);
  if (coaching() && key && !st.traceNow(s) && ui.traceAsked !== `${s.game.turn}|${key}`) {
    ui.traceAsked = `${s.game.turn}|${key}`;
    link.send({ ...st.traceMessage(s), ref: 'trace' });
  }
}

/** Ask the server for the board's features, once a turn, unless those we have are fresh. */
function askFeatures() {
  const key = `${s.game?.id}/${s.game?.turn}`;
  if (!s.game || st.featuresFresh(s) || ui.featuresAsked === key) return;
  ui.featuresAsked = key;
  link.send({ type: 'features' });
}

/** The board's features as they are now (a test hook: asks the server when needed). */
function features() {
  if (!s.game || st.featuresFresh(s)) return Promise.resolve(s.game?.features ?? []);
  return new Promise((resolve) => {
    ui.featureWaiters.push(resolve);
    askFeatures();
  });
}

function sameCell(a, b) {
  return a === b || (!!a && !!b && a.x === b.x && a.y === b.y);
}

/** Redraw the inspector box only when what it says changes (pointer moves are frequent). */
function showInspector() {
  const f = inspectedFeature();
  const g = s.game;
  const one = (x) => `${x.id}|${x.parts.length}|${x.followers}|${x.points_now}|${x.points_end}|${x.complete}`;
  const key = f && g ? `${g.id}|${f.kind}|${f.kind === 'river' ? f.banks.map(one) : one(f)}|${g.events.length}` : '';
  if (key === ui.inspectorKey) return;
  ui.inspectorKey = key;
  byId('inspector').hidden = !f;
  renderInspector(byId('inspector-body'), f, g?.players ?? [], g?.events ?? []);
}

/** Canvas position where a figure on `slot` of the placed tile at (x, y) stands (a test hook). */
function pointOf(x, y, slot) {
  const p = s.game?.board.find((b) => b.x === x && b.y === y);
  if (!p) return null;
  const [u, v] = figurePoint(catalog[p.tile], p.rot, slot);
  return view.screenOf(x, y, u, v);
}

/** A line of the log points at its tile; a click or tap also brings it into view. */
function pointFromLog(point, jump) {
  const g = s.game;
  if (!point || !g) return view.update({ highlight: null });
  const parts = point.event ? scoredParts(point.event, g.board, catalog) : [];
  view.update({ highlight: { cell: { x: point.x, y: point.y }, parts } });
  if (jump) {
    noteManual(follow, performance.now());
    view.follow(point);
  }
}

function scene() {
  const g = s.game;
  if (!g) {
    return { board: [], figures: [], legalCells: [], ghost: null, pending: null, spots: [], last: null, trace: [], trace2: [],
      riverOpen: null, suggestion: null, matchEdges: null };
  }
  const mine = st.isMyTurn(s);
  const p = s.turn.pending;
  const legal = st.pendingLegal(s);
  let ghost = null;
  const hv = ui.hover;
  if (mine && !p && hv) {
    const rot = st.preferredRot(s, hv.x, hv.y);
    if (rot !== null) ghost = { x: hv.x, y: hv.y, tile: g.drawn_tile, rot };
  }
  const f = inspectedFeature();
  const coach = coaching();
  const traced = coach ? st.traceNow(s) : null;
  const hint = mine && !s.turn.sent ? s.turn.hint : null;
  const hintChosen = !!hint && !!p && p.x === hint.x && p.y === hint.y && p.rot === hint.rot;
  const marked = p ?? ghost;
  return {
    board: g.board,
    figures: g.figures,
    colors: st.playerColors(s),
    last: g.last,
    legalCells: mine && !p ? st.legalCells(s) : [],
    riverOpen: riverOpen(g),
    ghost,
    pending: p ? { ...p, tile: g.drawn_tile } : null,
    spots: legal?.spots ?? [],
    chosenSpot: s.turn.spot,
    myColor: g.players[st.myPlayer(s)]?.color ?? 'red',
    // what is pointed at on the board, else (first-turn coach) the feature the chosen figure would claim
    trace: f?.kind === 'river' ? f.banks[0]?.parts ?? [] : f?.parts ?? traced?.parts ?? [],
    trace2: f?.kind === 'river' ? f.banks[1]?.parts ?? [] : [],
    suggestion: hint && !hintChosen ? { x: hint.x, y: hint.y, rot: hint.rot, tile: g.drawn_tile,
      at: hint.meeple?.at ?? null, kind: hint.meeple?.kind ?? null,
      feature: hint.meeple ? featureAtSlot(catalog[g.drawn_tile], hint.rot, hint.meeple.at) : null } : null,
    // for a legal square every touching edge matches: the coach marks the sides that touch
    matchEdges: coach && marked ? { x: marked.x, y: marked.y, dirs: touching(g.board, catalog, marked.x, marked.y).map((t) => t.dir) } : null,
  };
}

/**
 * Where the river goes on (River games, while it is open), and the side it comes in from.
 * Only River tiles continue it: once none is left (the lake was discarded), nothing shows.
 */
function riverOpen(g) {
  const open = g.river?.open;
  const left = isRiverTile(catalog[g.drawn_tile]) || Object.keys(g.bag).some((id) => g.bag[id] > 0 && isRiverTile(catalog[id]));
  if (!open || g.finished || !left) return null;
  return { x: open.x, y: open.y, from: riverInflow(g.board, catalog, open.x, open.y) };
}

/** @type {Map<string, any[]>} what each part of the page last showed */
const shownDeps = new Map();
/** True (and remembered) when any of `deps` differs from the last call with this name. */
function changed(name, ...deps) {
  const last = shownDeps.get(name);
  if (last && last.length === deps.length && last.every((d, i) => d === deps[i])) return false;
  shownDeps.set(name, deps);
  return true;
}

function render() {
  const g = s.game;
  const room = s.room;
  const mine = st.isMyTurn(s);
  // first, while the page's layout is still clean: the log reads its scroll position
  if (changed('log', g?.turns, g?.events, g?.players)) renderLog(byId('log'), g, catalog, pointFromLog);
  // a turn of mine starts: nothing left open over the board, squares a fingertip wide
  // (by turn, not by the change of `mine`: with a fast bot the turn can come back to me between
  // two renders)
  if (mine && ui.clearedFor !== `${g.id}/${g.turn}`) {
    ui.clearedFor = `${g.id}/${g.turn}`;
    inspect(null);
  }
  view.update(scene());
  if (g && !ui.fitted && g.board.length) {
    view.fit();
    ui.fitted = true;
  }
  const lobbyOpen = !!room && room.status === 'lobby' && (!g || !g.finished || ui.after === 'lobby');
  if (changed('lobby', room, s.you, lobbyOpen, g?.finished)) {
    byId('lobby').hidden = !lobbyOpen;
    if (lobbyOpen) renderLobby(byId('lobby-panel'), s, lobbyActions, savedName());
    placeChat(lobbyOpen);
  }
  const resultsOpen = !!g?.finished && ui.after === 'results';
  if (changed('results', resultsOpen, g?.id, g?.results, s.you.seat, s.you.host, room?.options.hints)) {
    byId('results').hidden = !resultsOpen;
    if (resultsOpen) {
      renderResults(byId('results'), g, {
        rematch: s.you.seat !== null ? () => show('lobby') : null,
        close: () => show('board'),
        // the same seats, farmers on, and off we go (the host's rematch)
        playWithFarmers: s.you.host && !g.options.farmers ? () => {
          link.send({ type: 'set_options', farmers: true });
          link.send({ type: 'start' });
        } : null,
        advice: room?.options.hints ?? 'off',
        catalog,
        onLesson: (scene) => { ui.lesson = { trace: scene.trace, trace2: scene.trace2 }; },
      });
      byId('results').querySelector('h2')?.focus();
    }
  }
  players(s);
  if (changed('track', g?.players)) showTrack();
  showInvite();
  if (changed('clock', g?.clock, g?.finished)) tickClock();
  if (changed('bot-notice', room?.seats, s.you, g?.finished)) renderBotNotice(byId('bot-notice'), s, botActions);
  const t = s.turn;
  const first = mine && st.firstTurn(s);
  const coach = first && coachOn(gameKey());
  if (changed('tray', g?.turn, g?.drawn_tile, g?.finished, g?.current_player, mine, s.legal, t.pending, t.rot, t.spot, t.returnAbbot, t.sent,
    st.canReturnAbbot(s), s.you.seat, t.hint, t.hintAsked, t.check, t.trace, advice(), first, coach, ui.confirmWhenChecked)) {
    renderTray(byId('tray'), s, catalog, act, { advice: advice(), firstTurn: first, coach, checking: !!ui.confirmWhenChecked });
  }
  showBriefing();
  askAdvice();
  showInspector();
  if (changed('tiles-left', g?.tiles_left)) byId('tiles-left').textContent = g ? String(g.tiles_left) : '';
  if (ui.tab === 'bag' && g && changed('bag', g.bag)) renderBag(byId('bag'), catalog, g.bag);
  if (changed('banner', g?.current_player, g?.turn, g?.tiles_left, g?.finished, mine, s.you.seat, g?.players, g?.deadline)) renderBanner();
  // the DOM above is up to date, so the canvas size read from here on is the new layout's
  // once this turn's legal squares are here (they come in a message of their own), show them
  const cells = mine ? st.legalCells(s) : [];
  if (cells.length && ui.shownFor !== `${g.id}/${g.turn}`) {
    ui.shownFor = `${g.id}/${g.turn}`;
    view.showCells(cells, g.last, CHOOSING_PX);
  }
  if (!mine) ui.overview = null;
  bringPendingIntoView();
  if (changed('announce', g?.id, g?.turn, g?.finished, mine)) announceTurn();
  if (changed('deadline', g?.deadline, g?.finished, g?.current_player, room?.options, s.you.seat, room?.seats)) tickDeadline();
  tellTurn(mine);
  ui.wasMyTurn = mine;
  // home pages in other tabs of this browser bring My games up to date
  if (s.you.seat !== null && g && changed('moved', g.id, g.turn, g.finished)) localStorage.setItem(MOVED_KEY, `${code}/${g.id}/${g.turn}/${g.finished}`);
  document.body.dataset.mode = !g ? 'lobby' : g.finished ? 'finished' : 'playing';
  // true once the placements the server sends in a message of their own are here too: then the
  // page is ready for a tile to be placed (tests wait for this)
  document.body.dataset.myTurn = String(mine && st.legalPlacements(s).length > 0);
}

/**
 * A newly chosen square with figure spots is zoomed in until every target is a fingertip wide,
 * around the point that was tapped, so a second tap there lands on the same spot of the tile.
 */
function bringPendingIntoView() {
  const p = s.turn.pending;
  if (p === ui.revealed) return;
  ui.revealed = p;
  if (!p) return;
  const spots = st.pendingLegal(s)?.spots ?? [];
  const W = canvas.clientWidth;
  const H = canvas.clientHeight;
  if (spots.length) {
    const def = catalog[s.game.drawn_tile];
    const scale = comfortableScale(spots.map((spot) => figurePoint(def, p.rot, spot.at)), Math.min(W, H) * 0.8);
    const [sx, sy] = ui.tapAt ?? view.screenOf(p.x, p.y);
    ui.overview ??= { x: view.camera.x, y: view.camera.y, scale: view.camera.scale };
    view.zoomAround(p, sx, sy, scale);
  } else if (view.camera.scale < CHOOSING_PX) {
    // chosen on a zoomed-out board: zoom in around it, so the next tap can turn it
    const [sx, sy] = ui.tapAt ?? view.screenOf(p.x, p.y);
    ui.overview ??= { x: view.camera.x, y: view.camera.y, scale: view.camera.scale };
    view.zoomAround(p, sx, sy, CHOOSING_PX * 1.5);
  } else if (!view.inView(p)) view.follow(p);
  ui.tapAt = null;
}

function renderBanner() {
  const g = s.game;
  const el = byId('banner');
  el.classList.remove('mine');
  if (!g) return fill(el);
  if (g.finished) {
    return fill(el, h('span', null, 'Game over'),
      h('button.small', { type: 'button', onclick: () => show('results') }, 'Results'),
      s.you.seat !== null ? h('button.small.gold', { type: 'button', onclick: () => show('lobby') }, 'Rematch') : null);
  }
  const who = g.players[g.current_player];
  const mine = st.isMyTurn(s);
  const left = timeLeft(g, serverNow());
  fill(el, h('span.turn-chip', { class: `c-${who.color}` }),
    h('span.banner-who', null, mine ? 'Your turn' : `${who.name}'s turn`),
    h('span.muted-light', null, ` · turn ${g.turn + 1} · ${g.tiles_left} left`),
    left?.move != null ? h('span.deadline', { id: 'move-left', title: 'Time left for this move' }, leftText(left.move)) : null);
  el.classList.toggle('mine', mine);
}

/** Tell screen readers whose turn it is and what tile was drawn (or who won). */
function announceTurn() {
  const g = s.game;
  if (!g) return;
  if (g.finished && g.results) {
    const top = Math.max(...g.results.scores);
    const names = g.results.winners.map((i) => g.players[i].name).join(' and ');
    return announce(top === 0 ? 'The game is over; nobody scored.' : `The game is over. ${names} ${g.results.winners.length > 1 ? 'share the win' : 'wins'} with ${top} points.`);
  }
  announce(turnAnnouncement(g, st.isMyTurn(s) ? g.current_player : -1, catalog));
}

function announce(text) {
  if (!text || text === ui.announced) return;
  ui.announced = text;
  byId('announcer').textContent = text;
}

/** The score track under the players: each marker walks to its player's score. */
function showTrack() {
  const g = s.game;
  byId('track-panel').hidden = !g;
  if (!g) return;
  const scores = g.players.map((p) => p.score);
  track.show(scores, g.players.map((p) => p.color), g.players);
  byId('track-note').hidden = !scores.some((v) => v >= 50);
}

/** The server's wall time now (Unix seconds), from this computer's clock and the skew learnt. */
function serverNow() {
  return Date.now() / 1000 - ui.skew;
}

/**
 * A turn-based game's time: what is left for the move (in the banner and under the players),
 * when the whole game ends, what happens when time runs out, and who a bot plays for. A 1 s
 * timer counts it down while a move's time runs.
 */
function tickDeadline() {
  const g = s.game;
  const words = deadlineWords(g, s.room?.options, serverNow(), st.myPlayer(s));
  const note = byId('pace-note');
  note.hidden = !words;
  if (words) {
    const lines = [words.move, words.game, words.timeout, ...botSeatLines(s.room?.seats ?? [], s.you.seat)].filter(Boolean);
    const text = lines.join('\n');
    if (note.dataset.text !== text) {
      note.dataset.text = text;
      fill(note, ...lines.map((line) => h('p', null, line)));
    }
    const short = document.getElementById('move-left');
    if (short && short.textContent !== words.short) short.textContent = words.short;
  }
  const running = !!words && g.deadline.move !== null;
  if (running && !ui.deadlineTimer) ui.deadlineTimer = window.setInterval(tickDeadline, 1000);
  else if (!running && ui.deadlineTimer) {
    clearInterval(ui.deadlineTimer);
    ui.deadlineTimer = 0;
  }
}

/**
 * Tell the player it is their move: the title always says it; when the page is hidden, a
 * notification (if they asked for them), and the title and favicon call for attention until
 * they look or move.
 * @param {boolean} mine
 */
function tellTurn(mine) {
  const g = s.game;
  const turnKey = mine ? `${g.id}/${g.turn}` : '';
  // a turn that starts while the page shows, or was there when it opened, is no news
  const started = mine && ui.shown && turnKey !== ui.told;
  if (mine) ui.told = turnKey;
  if (started && document.hidden) notifyTurn();
  ui.attention = nextAttention(ui.attention, { mine, hidden: document.hidden, started });
  ui.shown = ui.shown || !!s.room;
  signalTurn(mine, roomTitle(TITLE, { mine, attention: ui.attention }), ui.wasMyTurn);
  markFavicon(ui.attention);
}

/** The notification of a move that became this player's (one per game: its tag is the room). */
function notifyTurn() {
  const g = s.game;
  const last = g.turns.at(-1);
  const mover = last ? g.players[last.player]?.name : null;
  const left = timeLeft(g, serverNow());
  const body = [mover ? `${mover} played.` : 'The game has begun.', 'It is your move',
    left?.move != null ? `(${leftText(left.move)}).` : 'now.'].join(' ');
  notify(`Your move in room ${code.toUpperCase()}`, body, code);
}

/** Show the banks of the turn clock, and keep a 1 s timer only while one runs down. */
function tickClock() {
  const clock = s.game?.clock;
  if (clock) showClocks(byId('players'), clock, serverNow());
  const running = !!clock && !s.game.finished && clock.running !== null;
  if (running && !ui.clockTimer) ui.clockTimer = window.setInterval(tickClock, 1000);
  else if (!running && ui.clockTimer) {
    clearInterval(ui.clockTimer);
    ui.clockTimer = 0;
  }
}

/**
 * The frame drawn after a diff arrived: the time from its arrival to the painted frame
 * ('carc:diff-to-paint'), and the frame's own part, from its start to painted
 * ('carc:frame-to-paint'; the rest is the diff's handling and the wait for the frame).
 * @param {number} frameStart the frame's time (requestAnimationFrame's timestamp)
 */
function measurePaint(frameStart) {
  if (!ui.arrived) return;
  const arrived = ui.arrived;
  ui.arrived = 0;
  // a message posted from the frame callback runs once the frame has been painted
  const channel = new MessageChannel();
  channel.port1.onmessage = () => record(arrived, frameStart);
  channel.port2.postMessage(null);
}

function record(arrived, frameStart = 0) {
  const end = performance.now();
  paints.push(end - arrived);
  if (paints.length > 500) paints.splice(0, paints.length - 500);
  if (frameStart) performance.measure('carc:frame-to-paint', { start: Math.max(frameStart, arrived), end });
  performance.measure('carc:diff-to-paint', { start: arrived, end });
  if (performance.getEntriesByType('measure').length > 1000) performance.clearMeasures();
}

/** After a finished game: show the results, the board or the lobby. */
function show(what) {
  ui.after = what;
  render();
}

/** The room is gone (expired, or never was): say so and offer what to do next. */
function showGone() {
  for (const id of ['lobby', 'results', 'help']) byId(id).hidden = true;
  byId('gone').hidden = false;
  document.title = 'No such room · Winter Carcassonne';
  byId('gone').querySelector('a')?.focus();
}

/** Chat goes with the lobby while it is open: friends talk while they wait. */
function placeChat(lobbyOpen) {
  const pane = byId('chat-pane');
  if (lobbyOpen && pane.parentElement !== byId('lobby-chat')) {
    byId('lobby-chat').append(pane);
    pane.hidden = false;
  } else if (!lobbyOpen && pane.parentElement === byId('lobby-chat')) {
    byId('log').after(pane);
    pane.hidden = ui.tab !== 'chat';
  }
  const list = byId('chat-list');
  list.scrollTop = list.scrollHeight;
}

function copyLink() {
  const url = `${location.origin}/r/${code}`;
  navigator.clipboard?.writeText(url).then(() => toast('Invite link copied.'), () => toast(url));
}

/** Redraw the invite menu only when the viewer's personal link changes (it may be open). */
function showInvite() {
  const personal = s.you.seat !== null ? personalLink(code) : null;
  if (personal === ui.personal) return;
  ui.personal = personal;
  renderInvite(byId('invite-menu'), `${location.origin}/r/${code}`, personal);
}

function selectTab(tab) {
  ui.tab = tab;
  for (const b of document.querySelectorAll('[data-tab]')) b.setAttribute('aria-selected', String(b.dataset.tab === tab));
  for (const p of document.querySelectorAll('.side-tabs [data-pane]')) p.hidden = p.dataset.pane !== tab;
  if (tab === 'chat') {
    ui.unread = 0;
    byId('chat-unread').hidden = true;
  }
  render();
  // a pane that was hidden could not follow its newest lines; the tiles left read from the top
  // (a River game's River tiles first)
  const pane = tab === 'chat' ? byId('chat-list') : byId(tab);
  pane.scrollTop = tab === 'bag' ? 0 : pane.scrollHeight;
}

function toggleSound() {
  setMuted(!isMuted());
  const b = byId('sound');
  b.classList.toggle('muted', isMuted());
  b.setAttribute('aria-pressed', String(!isMuted()));
}

function openHelp() {
  byId('help').hidden = false;
  // drawn once it is on screen: the example pictures take their size from the layout
  const rules = byId('rules');
  if (!rules.childElementCount) renderRules(rules, catalog);
  byId('help').querySelector('button')?.focus();
}

const ARROWS = { arrowleft: 'left', arrowright: 'right', arrowup: 'up', arrowdown: 'down' };

function key(e) {
  const t = e.target;
  const typing = t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement;
  if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key.toLowerCase();
  // a focused button or link does its own thing with Enter and Space
  const pressing = (k === 'enter' || k === ' ') && t instanceof HTMLElement && !!t.closest('button, a, summary, [role=tab]');
  if (pressing) return;
  if (k === 'escape') {
    if (!byId('help').hidden) byId('help').hidden = true;
    else if (ui.inspected) inspect(null);
    else act.takeBack();
  } else if (!byId('help').hidden) return;
  else if (k === 'r') act.rotate();
  else if (k === 'enter') act.confirm();
  else if (ARROWS[k] && st.isMyTurn(s)) {
    if (st.stepCell(s, ARROWS[k], s.game.last ?? { x: 0, y: 0 })) render();
  } else if (k === 'f') view.fit();
  else if (k === 'l') showLastMove();
  else if (k === '+' || k === '=') view.zoom(1.25);
  else if (k === '-') view.zoom(0.8);
  else if (k === 'm') toggleSound();
  else if (k === '?') openHelp();
  else if (/^[0-9]$/.test(k)) act.chooseSpot(Number(k) - 1);
  else return;
  e.preventDefault();
}

setupChatForm(/** @type {HTMLFormElement} */ (byId('chat-form')), (text) => link.send({ type: 'chat', text }));
for (const b of document.querySelectorAll('[data-tab]')) b.addEventListener('click', () => selectTab(b.dataset.tab));
byId('sound').addEventListener('click', toggleSound);
byId('help-btn').addEventListener('click', openHelp);
byId('help').addEventListener('click', (e) => {
  if (e.target === byId('help') || e.target.closest('[data-close]')) byId('help').hidden = true;
});
byId('inspector-close').addEventListener('click', () => inspect(null));
byId('zoom-in').addEventListener('click', () => view.zoom(1.25));
byId('zoom-out').addEventListener('click', () => view.zoom(0.8));
byId('fit').addEventListener('click', () => view.fit());
byId('last-move').addEventListener('click', showLastMove);
document.addEventListener('keydown', key);
// looking at the page again answers the call for attention
document.addEventListener('visibilitychange', render);
setupNotifyButton(/** @type {HTMLButtonElement} */ (byId('notify')));
byId('sound').classList.toggle('muted', isMuted());
byId('sound').setAttribute('aria-pressed', String(!isMuted()));
byId('room-code').textContent = code.toUpperCase();
// The page's test hooks (ARCHITECTURE.md, "Client test hooks"): add fields, never rename.
window.__game = {
  state: s, scene: view.scene, camera: view.camera, frames: view.renderer.frames, screenOf: view.screenOf,
  spotScreen, pointOf,
  legal: () => st.legalPlacements(s),
  features,
  /** the whole cell is on the canvas now */
  inView: (x, y) => {
    const [x0, y0] = view.screenOf(x, y, 0, 0);
    const [x1, y1] = view.screenOf(x, y, 1, 1);
    return x0 >= 0 && y0 >= 0 && x1 <= canvas.clientWidth && y1 <= canvas.clientHeight;
  },
  moving: view.moving,
  follow,
  paints: () => paints.slice(),
  /** a frame is scheduled: false means the board draws nothing until something changes */
  drawing: view.renderer.queued,
  /** the map of the results' field lesson as drawn (its `trace` the field, `trace2` the cities), or null */
  lesson: () => ui.lesson,
  /** the scores the score track's markers stood at when it was last drawn (between two while they walk) */
  track: () => track.drawn(),
};
render();
