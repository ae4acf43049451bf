// The room page (/r/{code}): lobby, game, results, for players and spectators alike.
// It keeps one ClientState, feeds it from the socket, and redraws the parts that show it.
import { loadCatalog } from '../net/api.js';
import { connectRoom } from '../net/socket.js';
import { tokenFor, saveToken, savedName, saveName, personalLink } from '../net/identity.js';
import { createBoardView } from '../board/view.js';
import { figurePoint } from '../board/segmap.js';
import { scoredParts } from '../board/parts.js';
import * as st from '../state.js';
import { byId, h, fill, toast } from '../ui/dom.js';
import { renderPlayers } from '../ui/players.js';
import { renderTray } from '../ui/tray.js';
import { renderBag } from '../ui/bag.js';
import { renderLog } from '../ui/log.js';
import { appendChat, setupChatForm } from '../ui/chat.js';
import { renderLobby } from '../ui/lobby.js';
import { renderResults } from '../ui/results.js';
import { featureOf, renderInspector } from '../ui/inspector.js';
import { signalTurn, isMuted, setMuted } from '../ui/signal.js';
import { eventText } from '../ui/words.js';
import { openLearn } from '../ui/learn.js';
import { renderBotNotice } from '../ui/bots.js';
import { showClocks } from '../ui/clock.js';
import { renderInvite } from '../ui/invite.js';

/** Radius (CSS pixels) within which a tap or click picks a figure target. */
const TARGET_PX = 22;
/** How wide a chosen tile with figure targets is shown on a touch screen. */
const FOCUS_PX = 150;
const code = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '').toLowerCase();
const TITLE = `Room ${code.toUpperCase()} · Winter Carcassonne`;
const s = st.createState(code);
// after a finished game the page shows the results, the board, or the lobby (rematch)
const ui = { after: 'results', fitted: false, wasMyTurn: false, tab: 'log', unread: 0,
  /** @type {{x: number, y: number, slots: string[]}|null} */ inspected: null, inspectorKey: '',
  /** @type {import('../board/view.js').CellPoint|null} */ hover: null,
  /** @type {st.Choice|null} the pending placement last brought into view */ revealed: null,
  /** the last tap on the board was a finger's */ touch: false,
  /** the game and turn whose features were last asked for */ featuresAsked: '',
  /** @type {((features: any[]) => void)[]} callers of the features() hook waiting for them */
  featureWaiters: [],
  /** seconds this browser's clock is ahead of the server's (learnt from live clock changes) */ skew: 0,
  /** the 1 s timer that redraws the turn clock while a bank runs down */ clockTimer: 0,
  /** @type {string|null|undefined} the personal link the invite menu offers (undefined: not drawn yet) */ personal: undefined };
const catalog = await loadCatalog();
const view = createBoardView(/** @type {HTMLCanvasElement} */ (byId('board')), {
  onTap: tap, onHover: hover, onRotate: () => act.rotate(),
});
view.update({ catalog });

const link = connectRoom(code, () => ({ token: tokenFor(code), name: savedName() }), {
  onState: receiveState,
  onMessage: receiveMessage,
  onLink: (state, detail) => {
    s.link = state;
    const el = byId('link-state');
    el.dataset.link = state;
    el.textContent = { connecting: 'Connecting…', online: 'Online', offline: 'Reconnecting…', gone: detail ?? 'Gone' }[state];
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
    render();
  },
  confirm() {
    const msg = st.placeMessage(s);
    if (!msg || s.turn.sent) return;
    if (!link.send(msg)) return toast('Not connected: your move was not sent.', 'error');
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
};

/** @type {import('../ui/bots.js').BotActions} */
const botActions = {
  handToBot: (seat, level) => link.send({ type: 'hand_to_bot', seat, level }),
  takeBack: (seat) => link.send({ type: 'take_back', seat }),
};

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

function receiveState(server, live) {
  const before = s.game;
  st.applyServerState(s, server);
  // a live diff that restarts a bank arrives when the server started it: that tells the skew
  const since = s.game?.clock?.since;
  if (live && since !== undefined && since !== before?.clock?.since) ui.skew = Date.now() / 1000 - since;
  if (s.game && (!before || before.id !== s.game.id)) {
    ui.fitted = false;
    ui.after = 'results';
  }
  if (before && s.game && before.id === s.game.id) flashNewEvents(before, s.game);
  render();
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
      if (ui.tab !== 'chat') {
        ui.unread++;
        byId('chat-unread').hidden = false;
        byId('chat-unread').textContent = String(ui.unread);
      }
      break;
    case 'error':
      toast(msg.message, 'error');
      if (s.turn.sent) s.turn.sent = false;
      if (msg.code === 'stale_turn') link.send({ type: 'sync' });
      render();
      break;
    default:
      break;
  }
}

/** Completed features of the last turn flash in their owner's colour with the points. */
function flashNewEvents(before, game) {
  const fresh = game.events.slice(before.events.length).filter((e) => !e.final);
  if (!fresh.length) return;
  const now = performance.now();
  const flashes = fresh.map((e) => ({
    parts: scoredParts(e, game.board, catalog), points: e.points, start: now,
    color: game.players[e.players[0]]?.color ?? 'yellow',
  }));
  view.update({ flashes: [...view.scene.flashes.filter((f) => now - f.start < 3000), ...flashes] });
  for (const e of fresh) toast(eventText(e, game.players));
}

function tap(c) {
  ui.touch = !!c.touch;
  if (st.isMyTurn(s) && !s.turn.sent) {
    const p = s.turn.pending;
    if (p && p.x === c.x && p.y === c.y) {
      const i = spotAt(c);
      if (i !== null) return act.chooseSpot(i === s.turn.spot ? -1 : i);
    }
    if (st.tapCell(s, c.x, c.y)) return render();
  }
  inspect(view.segmentAt(c));
}

/** The figure target under a point of the pending tile, or null. */
function spotAt(c) {
  const legal = st.pendingLegal(s);
  const p = s.turn.pending;
  if (!legal || !p) return null;
  const def = catalog[s.game.drawn_tile];
  let best = null;
  // within a finger's reach of the target, however far the board is zoomed out
  let bestD = Math.max(0.17, TARGET_PX / view.camera.scale);
  legal.spots.forEach((spot, i) => {
    const [u, v] = figurePoint(def, p.rot, spot.at);
    const d = Math.hypot(u - c.u, v - c.v);
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
}

/** Canvas position of figure spot `i` of the chosen placement (a test hook). */
function spotScreen(i) {
  const p = s.turn.pending;
  const spot = st.pendingLegal(s)?.spots[i];
  if (!p || !spot) return null;
  const [u, v] = figurePoint(catalog[s.game.drawn_tile], p.rot, spot.at);
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
  if (!ui.inspected || !s.game) return null;
  askFeatures();
  return featureOf(s.game.features, ui.inspected);
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

/** Redraw the inspector box only when what it says changes (pointer moves are frequent). */
function showInspector() {
  const f = inspectedFeature();
  const g = s.game;
  const key = f && g ? `${g.id}|${f.id}|${f.parts.length}|${f.followers}|${f.points_now}|${f.points_end}|${f.complete}|${g.events.length}` : '';
  if (key === ui.inspectorKey) return;
  ui.inspectorKey = key;
  renderInspector(byId('inspector'), f, g?.players ?? [], g?.events ?? []);
}

/** Canvas position where a figure on `slot` of the placed tile at (x, y) stands (a test hook). */
function pointOf(x, y, slot) {
  const p = s.game?.board.find((b) => b.x === x && b.y === y);
  if (!p) return null;
  const [u, v] = figurePoint(catalog[p.tile], p.rot, slot);
  return view.screenOf(x, y, u, v);
}

function scene() {
  const g = s.game;
  if (!g) return { board: [], figures: [], legalCells: [], ghost: null, pending: null, spots: [], last: null, trace: [] };
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
  return {
    board: g.board,
    figures: g.figures,
    colors: st.playerColors(s),
    last: g.last,
    legalCells: mine && !p ? st.legalCells(s) : [],
    ghost,
    pending: p ? { ...p, tile: g.drawn_tile } : null,
    spots: legal?.spots ?? [],
    chosenSpot: s.turn.spot,
    myColor: g.players[st.myPlayer(s)]?.color ?? 'red',
    trace: f ? f.parts : [],
  };
}

function render() {
  const g = s.game;
  const room = s.room;
  byId('room-code').textContent = code.toUpperCase();
  view.update(scene());
  if (g && !ui.fitted && g.board.length) {
    view.fit();
    ui.fitted = true;
  }
  const lobbyOpen = !!room && room.status === 'lobby' && (!g || !g.finished || ui.after === 'lobby');
  byId('lobby').hidden = !lobbyOpen;
  if (lobbyOpen) renderLobby(byId('lobby-panel'), s, lobbyActions, savedName());
  const resultsOpen = !!g?.finished && ui.after === 'results';
  byId('results').hidden = !resultsOpen;
  if (resultsOpen) {
    renderResults(byId('results'), g, {
      rematch: s.you.seat !== null ? () => show('lobby') : null,
      close: () => show('board'),
    });
  }
  renderPlayers(byId('players'), s, botActions);
  showInvite();
  tickClock();
  renderBotNotice(byId('bot-notice'), s, botActions);
  renderTray(byId('tray'), s, catalog, act);
  renderLog(byId('log'), g, catalog);
  showInspector();
  byId('tiles-left').textContent = g ? String(g.tiles_left) : '';
  if (ui.tab === 'bag' && g) renderBag(byId('bag'), catalog, g.bag);
  renderBanner();
  const mine = st.isMyTurn(s);
  // (the DOM above is up to date, so the canvas size read here is the new layout's)
  if (mine && !ui.wasMyTurn) view.reveal(st.legalCells(s));
  const p = s.turn.pending;
  // the tray grows when figure choices appear: keep the chosen tile in view, and on a touch
  // screen large enough to put a figure on it with a finger
  const spots = st.pendingLegal(s)?.spots.length;
  if (p && p !== ui.revealed) {
    if (spots && ui.touch) view.focus(p, FOCUS_PX);
    else view.reveal([p]);
  }
  ui.revealed = p;
  signalTurn(mine, TITLE, ui.wasMyTurn);
  ui.wasMyTurn = mine;
  document.body.dataset.mode = !g ? 'lobby' : g.finished ? 'finished' : 'playing';
  document.body.dataset.myTurn = String(mine);
  window.__game = { state: s, scene: view.scene, camera: view.camera, frames: view.renderer.frames, screenOf: view.screenOf,
    spotScreen, pointOf, features };
}

function renderBanner() {
  const g = s.game;
  const el = byId('banner');
  if (!g) return fill(el);
  if (g.finished) {
    return fill(el, h('span', null, 'Game over'),
      h('button.small', { type: 'button', onclick: () => show('results') }, 'Results'),
      s.you.seat !== null ? h('button.small.gold', { type: 'button', onclick: () => show('lobby') }, 'Rematch') : null);
  }
  const who = g.players[g.current_player];
  const mine = st.isMyTurn(s);
  fill(el, h('span.turn-chip', { class: `c-${who.color}` }),
    h('span', null, mine ? 'Your turn' : `${who.name}'s turn`),
    h('span.muted-light', null, ` · turn ${g.turn + 1} · ${g.tiles_left} tiles left`),
    s.you.host ? h('button.small.ghost', { type: 'button', title: 'End the game now and score it',
      dataset: { action: 'end-game' },
      onclick: () => confirm('End the game now? It will be scored as if the bag were empty.')
        && link.send({ type: 'end_game', turn: g.turn }) }, 'End') : null);
  el.classList.toggle('mine', mine);
}

/** Show the banks of the turn clock, and keep a 1 s timer only while one runs down. */
function tickClock() {
  const clock = s.game?.clock;
  if (clock) showClocks(byId('players'), clock, Date.now() / 1000 - ui.skew);
  const running = !!clock && !s.game.finished && clock.running !== null;
  if (running && !ui.clockTimer) ui.clockTimer = window.setInterval(tickClock, 1000);
  else if (!running && ui.clockTimer) {
    clearInterval(ui.clockTimer);
    ui.clockTimer = 0;
  }
}

/** After a finished game: show the results, the board or the lobby. */
function show(what) {
  ui.after = what;
  render();
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
  for (const p of document.querySelectorAll('[data-pane]')) p.hidden = p.dataset.pane !== tab;
  if (tab === 'chat') {
    ui.unread = 0;
    byId('chat-unread').hidden = true;
  }
  render();
  // a pane that was hidden could not follow its newest lines
  const pane = tab === 'chat' ? byId('chat-list') : byId(tab);
  pane.scrollTop = pane.scrollHeight;
}

function toggleSound() {
  setMuted(!isMuted());
  const b = byId('sound');
  b.classList.toggle('muted', isMuted());
  b.setAttribute('aria-pressed', String(!isMuted()));
}

function key(e) {
  const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement
    || e.target instanceof HTMLTextAreaElement;
  if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key.toLowerCase();
  if (k === 'r') act.rotate();
  else if (k === 'enter') act.confirm();
  else if (k === 'escape') {
    if (!byId('help').hidden) byId('help').hidden = true;
    else act.takeBack();
  } else if (k === 'f') view.fit();
  else if (k === '+' || k === '=') view.zoom(1.25);
  else if (k === '-') view.zoom(0.8);
  else if (k === 'm') toggleSound();
  else if (k === '?') byId('help').hidden = false;
  else if (/^[0-9]$/.test(k)) act.chooseSpot(Number(k) - 1);
  else return;
  e.preventDefault();
}

setupChatForm(/** @type {HTMLFormElement} */ (byId('chat-form')), (text) => link.send({ type: 'chat', text }));
for (const b of document.querySelectorAll('[data-tab]')) b.addEventListener('click', () => selectTab(b.dataset.tab));
byId('sound').addEventListener('click', toggleSound);
byId('help-btn').addEventListener('click', () => { byId('help').hidden = false; });
byId('help').addEventListener('click', (e) => {
  if (e.target === byId('help') || e.target.closest('[data-close]')) byId('help').hidden = true;
});
byId('zoom-in').addEventListener('click', () => view.zoom(1.25));
byId('zoom-out').addEventListener('click', () => view.zoom(0.8));
byId('fit').addEventListener('click', () => view.fit());
document.addEventListener('keydown', key);
byId('sound').classList.toggle('muted', isMuted());
render();
