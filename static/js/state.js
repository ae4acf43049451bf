// The client's state as one plain object, and the pure functions that change it.
// No DOM here, and no rules: legal placements and figure spots come from the server;
// these functions only choose among them. Tests import this module directly.
import * as send from './net/messages.js';

/**
 * @typedef {{kind: string, at: string, feature: string, slots: string[]}} Spot
 * @typedef {{x: number, y: number, rot: number, spots: Spot[]}} Legal
 * @typedef {{x: number, y: number, rot: number}} Choice
 * @typedef {object} Turn what the player is choosing; nothing is sent before confirm
 * @property {number} forTurn the game turn these choices belong to
 * @property {number} rot preview rotation of the drawn tile
 * @property {Choice|null} pending the placement chosen on the board
 * @property {number} spot index into the pending placement's spots, -1 for no figure
 * @property {boolean} returnAbbot take the abbot back instead of placing a figure
 * @property {boolean} sent confirmed and sent, waiting for the server
 * @property {any} hint the server's suggested move for this turn (the `hint` message), or null
 * @property {boolean} hintAsked a hint was asked for this turn (its answer takes a second)
 * @property {{key: string, warning: string|null}|null} check the coach's word on a choice
 *   (the `check` message), `key` naming the choice it is about (advice.js `choiceKey`)
 * @property {{key: string, feature: any}|null} trace the whole feature a figure on the chosen
 *   spot would stand on (the `trace` message), `key` naming the placement and spot (advice.js `traceKey`)
 * @typedef {object} ClientState
 * @property {string} code room code
 * @property {'connecting'|'online'|'offline'|'gone'} link
 * @property {{seat: number|null, host: boolean, name: string}} you
 * @property {any} room the server's room view
 * @property {any} game the server's game view (null before the first game), `last` (the tile
 *   placed last) and `tiles_left` as the engine computes them
 * @property {{turn: number, tile: string, placements: Legal[], can_return_abbot: boolean}|null} legal
 *   the placements the server sent for the turn this viewer is to move (only they get them)
 * @property {{game: number|null, turn: number, features: any[]}|null} features the board's
 *   features as the server last sent them (they are not in the shared state: asked for)
 * @property {any} analysis the table's analysis as the server last sent it (the `analysis`
 *   message: asked for while the board overlay is on), or null
 * @property {boolean} tableShown the board overlay of the table's analysis is on (this viewer's
 *   choice, kept from turn to turn)
 * @property {{name: string, color: string|null, text: string, at: string}[]} chat
 * @property {Turn} turn
 */

/** @param {string} code @returns {ClientState} */
export function createState(code) {
  return {
    code,
    link: 'connecting',
    you: { seat: null, host: false, name: '' },
    room: null,
    game: null,
    legal: null,
    features: null,
    analysis: null,
    tableShown: false,
    chat: [],
    turn: freshTurn(-1),
  };
}

/** @returns {Turn} */
export function freshTurn(forTurn) {
  return { forTurn, rot: 0, pending: null, spot: -1, returnAbbot: false, sent: false,
    hint: null, hintAsked: false, check: null, trace: null };
}

/**
 * Take in the server's public state; a new turn clears the choices of the old one.
 * A snapshot (`snapshot`: the whole state again, after a reconnect or a resync) that still
 * shows the turn a confirmed move was sent for means the move may have been lost (the server
 * process that had the room went away): the move can be confirmed again. A repeated one is
 * refused as stale, so sending it twice is safe.
 * @param {ClientState} s @param {{room: any, game: any}} server @param {boolean} [snapshot]
 */
export function applyServerState(s, server, snapshot = false) {
  s.room = server.room;
  s.game = server.game;
  const turn = s.game ? s.game.turn : -1;
  if (turn !== s.turn.forTurn) s.turn = freshTurn(turn);
  else if (snapshot) {
    s.turn.sent = false;
    // a hint asked on the connection before may never come: it may be asked again
    if (!s.turn.hint) s.turn.hintAsked = false;
  }
  showLegal(s);
  if (s.game) s.game.features = s.features?.game === s.game.id ? s.features.features : [];
}

/** Keep the board's features the server sent (the `features` message). */
export function applyFeatures(s, msg) {
  s.features = msg;
  if (s.game && msg.game === s.game.id) s.game.features = msg.features;
}

/** Keep the table's analysis the server sent (the `analysis` message). */
export function applyAnalysis(s, msg) {
  s.analysis = msg;
}

/** The table's analysis if it describes the board as it is now, else null. @param {ClientState} s */
export function analysisNow(s) {
  const a = s.analysis;
  return s.game && a && a.game === s.game.id && a.turn === s.game.turn ? a : null;
}

/**
 * The board's features as last received, if they describe it as it was after `turn` or later
 * (a feature scored at `turn` is there whole); else none.
 * @param {ClientState} s @param {number} turn
 */
export function featuresSince(s, turn) {
  return s.game && s.features?.game === s.game.id && s.features.turn >= turn ? s.features.features : [];
}

/** True when the features last received describe the board as it is now. */
export function featuresFresh(s) {
  return !!s.game && s.features?.game === s.game.id && s.features.turn === s.game.turn;
}

/** Index of the viewer in the game's player list, or -1 (spectator, or not in this game). */
export function myPlayer(s) {
  if (!s.game || s.you.seat === null) return -1;
  return s.game.seats.indexOf(s.you.seat);
}

/** True when a bot plays the viewer's seat (handed over while they were away). */
export function botPlaysMe(s) {
  return s.you.seat !== null && !!s.room?.seats.find((x) => x.seat === s.you.seat)?.bot;
}

/** True when the viewer must place the drawn tile now (not while a bot plays their seat). */
export function isMyTurn(s) {
  const g = s.game;
  return !!g && !g.finished && !!g.drawn_tile && g.current_player === myPlayer(s) && myPlayer(s) >= 0
    && !botPlaysMe(s);
}

/** Keep the placements the server sent this viewer (the `legal` message). */
export function applyLegal(s, msg) {
  s.legal = msg;
  showLegal(s);
}

/**
 * Mirror this viewer's placements into `game.legal` and `game.can_return_abbot`, where the
 * page's test hooks (`window.__game.state.game`) have always shown them (empty when not
 * this viewer's turn). The server never sends them in the shared state.
 */
function showLegal(s) {
  if (!s.game) return;
  s.game.legal = legal(s);
  s.game.can_return_abbot = canReturnAbbot(s);
}

/** The server's placements for the turn the game is at, if this viewer is to move. */
function legalNow(s) {
  return isMyTurn(s) && s.legal && s.legal.turn === s.game.turn ? s.legal : null;
}

/**
 * The legal placements of the drawn tile, for the player to move only (the `legal` message).
 * Every read of them goes through here.
 * @returns {Legal[]}
 */
function legal(s) {
  return legalNow(s)?.placements ?? [];
}

/** The viewer may take their abbot back this turn. */
export function canReturnAbbot(s) {
  return !!legalNow(s)?.can_return_abbot;
}

/** Every legal placement of the drawn tile with its figure spots ([] unless it is my turn). */
export function legalPlacements(s) {
  return legal(s);
}

/** Every cell where the drawn tile fits in some rotation. */
export function legalCells(s) {
  const seen = new Map();
  for (const l of legal(s)) seen.set(`${l.x},${l.y}`, { x: l.x, y: l.y });
  return [...seen.values()];
}

/** The rotations that fit at a cell, ascending. */
export function rotationsAt(s, x, y) {
  return legal(s).filter((l) => l.x === x && l.y === y).map((l) => l.rot).sort((a, b) => a - b);
}

/** The rotation to show at a cell: the preview rotation if it fits, else the next that does. */
export function preferredRot(s, x, y, from = s.turn.rot) {
  const rots = rotationsAt(s, x, y);
  if (!rots.length) return null;
  return rots.find((r) => r >= from) ?? rots[0];
}

/**
 * A tap on a cell: choose it, or, when it is already chosen, turn the tile to the next
 * rotation that fits there. Returns false when the cell takes no placement.
 */
export function tapCell(s, x, y) {
  if (s.turn.sent) return false;
  const p = s.turn.pending;
  if (p && p.x === x && p.y === y) {
    rotate(s);
    return true;
  }
  const rot = preferredRot(s, x, y);
  if (rot === null) return false;
  s.turn.pending = { x, y, rot };
  s.turn.rot = rot;
  s.turn.spot = -1;
  s.turn.returnAbbot = false;
  return true;
}

const STEPS = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] };

/**
 * Keyboard play: choose the legal cell nearest to the chosen one (or to `from` when nothing is
 * chosen yet) in a direction; cells straight ahead win over cells off to the side. Returns
 * false when there is none that way.
 * @param {'left'|'right'|'up'|'down'} dir
 * @param {{x: number, y: number}} [from] where to start when nothing is chosen
 */
export function stepCell(s, dir, from = { x: 0, y: 0 }) {
  if (s.turn.sent) return false;
  const cells = legalCells(s);
  const [dx, dy] = STEPS[dir];
  const at = s.turn.pending ?? null;
  let best = null;
  let bestCost = Infinity;
  for (const c of cells) {
    if (at) {
      const ahead = (c.x - at.x) * dx + (c.y - at.y) * dy;
      if (ahead <= 0) continue;
      const side = Math.abs((c.x - at.x) * dy) + Math.abs((c.y - at.y) * dx);
      const cost = ahead + side * 2;
      if (cost < bestCost) [best, bestCost] = [c, cost];
    } else {
      // the first step picks the cell nearest the start point, on the side the key points to
      const cost = Math.hypot(c.x - from.x, c.y - from.y) - ((c.x - from.x) * dx + (c.y - from.y) * dy) * 0.01;
      if (cost < bestCost) [best, bestCost] = [c, cost];
    }
  }
  if (!best) return false;
  return tapCell(s, best.x, best.y);
}

/** Rotate the chosen placement (to the next rotation that fits), or the preview. */
export function rotate(s) {
  if (s.turn.sent) return;
  const p = s.turn.pending;
  if (!p) {
    s.turn.rot = (s.turn.rot + 90) % 360;
    return;
  }
  const next = preferredRot(s, p.x, p.y, p.rot + 90);
  if (next !== null && next !== p.rot) {
    s.turn.pending = { ...p, rot: next };
    s.turn.rot = next;
    s.turn.spot = -1;
  }
}

/** The legal entry of the chosen placement (with its figure spots). @returns {Legal|null} */
export function pendingLegal(s) {
  const p = s.turn.pending;
  if (!p) return null;
  return legal(s).find((l) => l.x === p.x && l.y === p.y && l.rot === p.rot) ?? null;
}

/** Choose a figure spot by index, or -1 for none (choosing a figure cancels the abbot return). */
export function chooseSpot(s, index) {
  const spots = pendingLegal(s)?.spots ?? [];
  if (s.turn.sent || index >= spots.length) return;
  s.turn.spot = index;
  if (index >= 0) s.turn.returnAbbot = false;
}

/** Take the abbot back this turn instead of placing a figure. */
export function setReturnAbbot(s, on) {
  if (s.turn.sent || !canReturnAbbot(s)) return;
  s.turn.returnAbbot = on;
  if (on) s.turn.spot = -1;
}

/** Undo the placement choice (before confirm). */
export function takeBack(s) {
  if (s.turn.sent) return;
  s.turn.pending = null;
  s.turn.spot = -1;
  s.turn.returnAbbot = false;
}

/**
 * The move chosen now (placement, figure, abbot), or null when nothing is chosen.
 * @returns {import('./net/messages.js').Move|null}
 */
export function chosenMove(s) {
  const l = pendingLegal(s);
  if (!l) return null;
  const spot = s.turn.spot >= 0 ? l.spots[s.turn.spot] : null;
  return { turn: s.game.turn, x: l.x, y: l.y, rot: l.rot, meeple: spot ? { kind: spot.kind, at: spot.at } : null,
    return_abbot: s.turn.returnAbbot };
}

/** The `place` message for the current choices, or null when nothing is chosen. */
export function placeMessage(s) {
  const move = chosenMove(s);
  return move && send.place(move);
}

/** True until the viewer has placed a tile in this game (their first turn is still to come or on). */
export function firstTurn(s) {
  const me = myPlayer(s);
  return me >= 0 && !!s.game && !s.game.turns.some((t) => t.player === me && !t.discarded);
}

/** The player index -> colour list of the game. */
export function playerColors(s) {
  return s.game ? s.game.players.map((p) => p.color) : [];
}
