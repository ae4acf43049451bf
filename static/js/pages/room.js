// The room page (/r/{code}): lobby, game, results, for players and spectators alike. This
// module only wires the parts together: one ClientState fed by the socket, what the player does
// handed to the state or the server, and each part of the page redrawn only when what it shows
// changed (`changed` compares the state's parts by identity: a diff copies only what it
// touches), so a move costs a few DOM nodes and one frame. The parts: room/*, ui/*, board/*.
import { loadCatalog } from '../net/api.js';
import { startLanguage } from '../ui/language.js';
import { t } from '../i18n.js';
import { errorText } from '../ui/errors.js';
import { connectRoom } from '../net/socket.js';
import * as send from '../net/messages.js';
import { ERROR } from '../net/protocol.js';
import { tokenFor, saveToken, savedName } from '../net/identity.js';
import { warmTileImages } from '../board/tiles.js';
import { createFollow } from '../board/follow.js';
import * as st from '../state.js';
import { applyHint, applyCheck, applyTrace, adviceLevel } from '../advice.js';
import { byId, fill, toast } from '../ui/dom.js';
import { playersPanel } from '../ui/players.js';
import { renderTray } from '../ui/tray.js';
import { renderBag } from '../ui/bag.js';
import { renderLog } from '../ui/log.js';
import { appendChat, setupChatForm } from '../ui/chat.js';
import { placeSound } from '../ui/signal.js';
import { eventText, turnAnnouncement, gameOverText } from '../ui/words.js';
import { openLearn } from '../ui/learn.js';
import { renderBotNotice } from '../ui/bots.js';
import { createTrack } from '../ui/track.js';
import { coachOn, gameKey, coaching } from '../ui/coach.js';
import { setupNotifyButton } from '../ui/notify.js';
import { MOVED_KEY } from '../ui/mygames.js';
import { renderBanner } from '../ui/banner.js';
import { createAnnouncer } from '../ui/announcer.js';
import { maySeeTable } from '../ui/table.js';
import { createBoard } from '../room/board.js';
import { createActions } from '../room/actions.js';
import { tableMotion } from '../room/motion.js';
import { keyAction, pressOf } from '../room/keys.js';
import { createRequests } from '../room/requests.js';
import { createFraming } from '../room/framing.js';
import { createChanged } from '../room/changed.js';
import { createServerClock } from '../room/time.js';
import { createClocks } from '../room/clocks.js';
import { createTeller } from '../room/tell.js';
import { createPaintMeter } from '../room/paints.js';
import { createBriefing } from '../room/briefing.js';
import { createSide } from '../room/side.js';
import { createOverlays } from '../room/overlays.js';
import { createChrome } from '../room/chrome.js';
import { publishHooks } from '../room/hooks.js';

// the words first: every part below words itself in the page's language
await startLanguage();

const code = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '').toLowerCase();
const TITLE = t('room.pageTitle', { code: code.toUpperCase() });

/** @param {Record<string, import('../board/shapes.js').TileDef>} catalog */
function start(catalog) {
  const s = st.createState(code);
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
  const motion = () => !reducedMotion.matches;
  const canvas = /** @type {HTMLCanvasElement} */ (byId('board'));
  const follow = createFollow();
  const changed = createChanged();
  const clock = createServerClock();
  const say = createAnnouncer(byId('announcer'));
  const chrome = createChrome(code, catalog);

  const link = connectRoom(code, () => ({ token: tokenFor(code), name: savedName() }), {
    onState: receiveState,
    messages: {
      snapshot: (msg) => {
        fill(byId('chat-list'));
        (msg.chat ?? []).forEach((line) => appendChat(byId('chat-list'), line));
      },
      welcome: you,
      you,
      seated: (msg) => {
        if (msg.token) saveToken(code, msg.token);
        you(msg);
      },
      legal: (msg) => {
        st.applyLegal(s, msg);
        render();
      },
      features: (msg) => {
        st.applyFeatures(s, msg);
        requests.receivedFeatures(s);
        board.show();
        board.showHighlight();
      },
      analysis: (msg) => {
        st.applyAnalysis(s, msg);
        board.show();
      },
      chat: (msg) => {
        appendChat(byId('chat-list'), msg);
        side.chatLine();
      },
      hint: (msg) => {
        applyHint(s, msg);
        // the suggested square on screen
        if (s.turn.hint && !s.turn.pending) view.follow(s.turn.hint);
        render();
      },
      check: (msg) => {
        applyCheck(s, msg);
        if (requests.checked(s)) act.confirm();
        else render();
      },
      trace: (msg) => {
        applyTrace(s, msg);
        render();
      },
      error: (msg) => {
        toast(errorText(msg), 'error');
        // which message failed: a move may be chosen and sent again, a question asked again
        if (msg.ref === 'place') s.turn.sent = false;
        requests.failed(s, msg.ref);
        if (msg.code === ERROR.STALE_TURN) link.send(send.sync());
        if (msg.ref === 'end_game' && msg.code === ERROR.STALE_TURN) actions.endRefused();
        render();
      },
    },
    onLink: (state, detail) => {
      s.link = state;
      chrome.showLink(state, detail);
    },
  });
  const requests = createRequests(link.send);
  const actions = createActions({ s, catalog, send: link.send, requests, tookBack: () => framing.tookBack(s), render });
  const act = actions.tray;
  const board = createBoard(canvas, { s, catalog, requests, follow, motion, act, render });
  const view = board.view;
  const framing = createFraming(view, canvas, follow);
  view.update({ catalog, still: reducedMotion.matches });
  reducedMotion.addEventListener('change', () => view.update({ still: reducedMotion.matches }));
  const paints = createPaintMeter(view.renderer);
  const clocks = createClocks({ players: byId('players'), note: byId('pace-note') }, s, clock.now);
  const tell = createTeller(code, TITLE, clock.now);
  const side = createSide(render);
  const track = createTrack(/** @type {HTMLCanvasElement} */ (byId('score-track')), motion);
  // drawn again at a new size; not while hidden (a lobby's), where it has none
  new ResizeObserver(() => byId('track-panel').hidden || track.redraw()).observe(byId('score-track'));
  const players = playersPanel(byId('players'), { ...actions.bots, endGame: actions.endGame });
  const overlays = createOverlays({
    catalog, playWithFarmers: actions.playWithFarmers, placeChat: side.placeChat, redraw: render,
    lobby: { ...actions.seats, learn: () => openLearn(catalog), copyLink: chrome.copyLink,
      invite: () => byId('invite-menu').showPopover(), showResults: () => overlays.show('results') },
  });
  const briefing = createBriefing(byId('briefing'), { setCoach: act.setCoach, dismissed: render });

  function you(msg) {
    s.you = msg.you;
    render();
  }

  function receiveState(server, live, arrived, now) {
    const before = s.game;
    if (!live) clock.snapshot(now);
    const wasSent = s.turn.sent;
    st.applyServerState(s, server, !live);
    actions.stateShown();
    // a snapshot still at the turn of a move that was sent: it may be lost, confirm it again
    if (wasSent && !s.turn.sent && s.turn.pending) toast(t('room.notArrived'));
    // questions asked on a connection that is gone may never be answered: they may be asked again
    if (!live) requests.forget();
    else clock.diff(before, s.game);
    const same = !!before && !!s.game && before.id === s.game.id;
    if (s.game && !same) {
      framing.newGame();
      overlays.newGame();
    }
    const placed = live && same && showMotion(before, s.game);
    render();
    if (placed) framing.followLast(s, performance.now());
    if (live) paints.shown(arrived);
  }

  /** What the move did on the table, drawn and said aloud; true when it placed a tile. */
  function showMotion(before, game) {
    const moved = tableMotion(before, game, view.scene, { now: performance.now(), moving: motion(), catalog });
    if (moved.placed) placeSound();
    view.update(moved.scene);
    // the "+N" floats over the board and the log says it: no notices piling up over the board
    say(moved.scored.map((e) => eventText(e, game.players)).join('. '));
    return moved.placed;
  }

  /** The "last move" button and key: back to the newest tile (lit up if in view), and follow again. */
  function showLastMove() {
    const last = s.game?.last;
    if (!framing.showLast(s) && last) board.point({ ...last, event: null }, false);
  }

  function render() {
    const g = s.game;
    const room = s.room;
    const mine = st.isMyTurn(s);
    // first, while the page's layout is still clean: the log reads its scroll position
    if (changed('log', g?.turns, g?.events, g?.players)) renderLog(byId('log'), g, catalog, board.point);
    // a turn of mine starts: nothing left open over the board (by turn, not by the change of
    // `mine`: with a fast bot the turn can come back to me between two renders)
    if (mine && changed('my-turn', g.id, g.turn)) board.clear();
    showTableButton();
    board.show();
    framing.fitOnce(s);
    overlays.draw(s);
    players(s);
    if (changed('track', g?.players)) showTrack();
    chrome.showInvite(s.you.seat !== null);
    if (changed('clock', g?.clock, g?.finished)) clocks.banks();
    if (changed('bot-notice', room?.seats, s.you, g?.finished)) renderBotNotice(byId('bot-notice'), s, actions.bots);
    showTray(mine);
    briefing(s);
    requests.advise(s, coaching(s));
    if (changed('tiles-left', g?.tiles_left)) byId('tiles-left').textContent = g ? String(g.tiles_left) : '';
    if (side.tab() === 'bag' && g && changed('bag', g.bag)) renderBag(byId('bag'), catalog, g.bag);
    if (changed('banner', g?.current_player, g?.turn, g?.tiles_left, g?.finished, mine, s.you.seat, g?.players, g?.deadline)) {
      renderBanner(byId('banner'), s, clock.now(), overlays.show);
    }
    // the DOM above is up to date, so the canvas size read from here on is the new layout's
    framing.show(s, catalog);
    if (g && changed('announce', g.id, g.turn, g.finished, mine)) {
      say(g.finished && g.results ? gameOverText(g) : turnAnnouncement(g, mine ? g.current_player : -1, catalog), true);
    }
    if (changed('deadline', g?.deadline, g?.finished, g?.current_player, room?.options, s.you.seat, room?.seats)) clocks.deadline();
    tell(s, mine);
    // home pages in other tabs of this browser bring My games up to date
    if (s.you.seat !== null && g && changed('moved', g.id, g.turn, g.finished)) localStorage.setItem(MOVED_KEY, `${code}/${g.id}/${g.turn}/${g.finished}`);
    document.body.dataset.mode = !g ? 'lobby' : g.finished ? 'finished' : 'playing';
    // true once the placements the server sends in a message of their own are here too: then
    // the page is ready for a tile to be placed (tests wait for this)
    document.body.dataset.myTurn = String(mine && st.legalPlacements(s).length > 0);
  }

  function showTray(mine) {
    const t = s.turn;
    const g = s.game;
    // the tray's pictures of the drawn tile, each way round, made while the page is idle (all
    // the tiles' at once took seconds of a phone's first load)
    if (g?.drawn_tile && changed('warm', g.drawn_tile)) warmTileImages({ [g.drawn_tile]: catalog[g.drawn_tile] }, [176]);
    const first = mine && st.firstTurn(s);
    const coach = first && coachOn(gameKey(s));
    const advice = adviceLevel(s);
    const checking = requests.waiting();
    if (changed('tray', g?.turn, g?.drawn_tile, g?.finished, g?.current_player, mine, s.legal, t.pending, t.rot, t.spot, t.returnAbbot,
      t.sent, st.canReturnAbbot(s), s.you.seat, t.hint, t.hintAsked, t.check, t.trace, advice, first, coach, checking)) {
      renderTray(byId('tray'), s, catalog, act, { advice, firstTurn: first, coach, checking });
    }
  }

  /** The table's analysis button: there when the viewer may see it, pressed while it shows. */
  function showTableButton() {
    const may = maySeeTable(s) && !!s.game && !s.game.finished;
    if (!changed('table-button', may, s.tableShown)) return;
    const b = byId('table-view');
    b.hidden = !may;
    b.setAttribute('aria-pressed', String(may && s.tableShown));
  }

  /** Show or hide the overlay of what the table knows (the server is asked once a turn). */
  function toggleTable() {
    if (!maySeeTable(s) || !s.game || s.game.finished) return;
    s.tableShown = !s.tableShown;
    render();
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

  /** What each key does (room/keys.js says which). */
  const keys = {
    closeHelp: chrome.closeHelp,
    closeInspector: () => board.inspect(null),
    takeBack: act.takeBack,
    rotate: act.rotate,
    confirm: act.confirm,
    step: (dir) => st.stepCell(s, dir, s.game.last ?? { x: 0, y: 0 }) && render(),
    fit: () => view.fit(),
    lastMove: showLastMove,
    table: toggleTable,
    zoomIn: () => view.zoom(1.25),
    zoomOut: () => view.zoom(0.8),
    sound: chrome.toggleSound,
    help: chrome.openHelp,
    spot: act.chooseSpot,
  };
  document.addEventListener('keydown', (e) => {
    const action = keyAction(pressOf(e), { helpOpen: chrome.helpOpen(), inspecting: board.inspecting(), myTurn: st.isMyTurn(s) });
    if (!action) return;
    keys[action.name](action.arg);
    e.preventDefault();
  });
  setupChatForm(/** @type {HTMLFormElement} */ (byId('chat-form')), (text) => link.send(send.chat(text)));
  for (const b of document.querySelectorAll('[data-tab]')) b.addEventListener('click', () => side.select(b.dataset.tab));
  byId('inspector-close').addEventListener('click', keys.closeInspector);
  byId('zoom-in').addEventListener('click', keys.zoomIn);
  byId('zoom-out').addEventListener('click', keys.zoomOut);
  byId('fit').addEventListener('click', keys.fit);
  byId('last-move').addEventListener('click', showLastMove);
  byId('table-view').addEventListener('click', toggleTable);
  // looking at the page again answers the call for attention
  document.addEventListener('visibilitychange', render);
  setupNotifyButton(/** @type {HTMLButtonElement} */ (byId('notify')));
  publishHooks({ s, view, canvas, catalog, follow, requests, paints, overlays, track });
  render();
}

// awaited: the module's evaluation ends with the page wired (js/boot.js then makes the taps it
// held)
start(await loadCatalog());
