// What the table's helpers said about this turn's choice, kept with the choice it is about so
// an answer to an older choice is never shown for a newer one: the suggested move (`hint`),
// the coach's word on a move before it is sent (`check`), the whole feature a figure would
// claim (`trace`). And the messages that ask for them. Pure, like state.js, on its Turn.
import { OPTIONS } from './net/protocol.js';
import * as send from './net/messages.js';
import { chosenMove, pendingLegal, legalPlacements, canReturnAbbot } from './state.js';

/** @typedef {import('./state.js').ClientState} ClientState @typedef {import('./state.js').Spot} Spot */

/** The table's advice level (`options.hints`: off, hints on request, or the coach). */
export function adviceLevel(s) {
  return s.room?.options?.hints ?? OPTIONS.hints.default;
}

/** The move of a place, check or hint message, as a key: placement, figure, abbot. */
function moveKey(m) {
  const figure = m.meeple ? `${m.meeple.kind}:${m.meeple.at}` : '-';
  return `${m.x},${m.y},${m.rot}|${figure}|${!!m.return_abbot}`;
}

/** The current choice of this turn as a key (null: nothing chosen). */
export function choiceKey(s) {
  const move = chosenMove(s);
  return move && moveKey(move);
}

/** The coach's `check` message for the current choice, or null when nothing is chosen. */
export function checkMessage(s) {
  const move = chosenMove(s);
  return move && send.check(move);
}

/** Keep the coach's answer about a choice (for the turn it was asked on). */
export function applyCheck(s, msg) {
  if (!s.game || msg.turn !== s.game.turn) return;
  s.turn.check = { key: moveKey(msg), warning: msg.warning ?? null, why: msg.why ?? null };
}

/**
 * The coach's word on the current choice: undefined while none is known for it, else the
 * warning (null: it hands nothing to an opponent).
 * @returns {string|null|undefined}
 */
export function checkNow(s) {
  const key = choiceKey(s);
  return key && s.turn.check?.key === key ? s.turn.check.warning : undefined;
}

/** The code and arguments of the coach's warning on the current choice (its `why`), else null. */
export function checkWhyNow(s) {
  const key = choiceKey(s);
  return key && s.turn.check?.key === key ? s.turn.check.why ?? null : null;
}

/** Keep the suggested move the server sent for this turn. */
export function applyHint(s, msg) {
  if (!s.game || msg.turn !== s.game.turn) return;
  s.turn.hint = msg;
  s.turn.hintAsked = true;
}

/**
 * Take the suggested move as the choice: its placement and its figure spot. `sameSpot(spot,
 * meeple)` says whether a spot of the placement is the segment the hint names (a figure may
 * name any slot of its segment). Returns false when the hint is not among the legal moves.
 * @param {ClientState} s @param {(spot: Spot, meeple: {kind: string, at: string}) => boolean} sameSpot
 */
export function useHint(s, sameSpot) {
  const hint = s.turn.hint;
  if (!hint || s.turn.sent) return false;
  const l = legalPlacements(s).find((p) => p.x === hint.x && p.y === hint.y && p.rot === hint.rot);
  if (!l) return false;
  const spot = hint.meeple ? l.spots.findIndex((x) => sameSpot(x, hint.meeple)) : -1;
  if (hint.meeple && spot < 0) return false;
  s.turn.pending = { x: l.x, y: l.y, rot: l.rot };
  s.turn.rot = l.rot;
  s.turn.spot = spot;
  s.turn.returnAbbot = !!hint.return_abbot && canReturnAbbot(s);
  return true;
}

/** The placement and spot a trace is about, as a key (null: no figure chosen). */
export function traceKey(s) {
  const l = pendingLegal(s);
  const spot = l && s.turn.spot >= 0 ? l.spots[s.turn.spot] : null;
  return spot ? `${l.x},${l.y},${l.rot},${spot.at}` : null;
}

/** The `trace` message for the chosen figure spot, or null when none is chosen. */
export function traceMessage(s) {
  const l = pendingLegal(s);
  const spot = l && s.turn.spot >= 0 ? l.spots[s.turn.spot] : null;
  return spot ? send.trace({ turn: s.game.turn, x: l.x, y: l.y, rot: l.rot, at: spot.at }) : null;
}

/** Keep the server's trace of a feature (for the turn it was asked on). */
export function applyTrace(s, msg) {
  if (!s.game || msg.turn !== s.game.turn) return;
  s.turn.trace = { key: `${msg.x},${msg.y},${msg.rot},${msg.at}`, feature: msg.feature };
}

/** The traced feature of the chosen spot, or null while it is not known (or none is chosen). */
export function traceNow(s) {
  const key = traceKey(s);
  return key && s.turn.trace?.key === key ? s.turn.trace.feature : null;
}
