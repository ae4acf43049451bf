// Every message the client sends, built here and nowhere else. Each type is looked up in the
// protocol's list (net/protocol.js, generated from the server's message union), so a type the
// server does not know fails at once instead of being sent and refused.
import { CLIENT_TYPES, PROTOCOL_VERSION } from './protocol.js';

/**
 * A client message: `type` and its fields.
 * @param {string} type one of CLIENT_TYPES @param {object} [fields]
 * @returns {{type: string} & Record<string, any>}
 */
export function intent(type, fields = {}) {
  if (!CLIENT_TYPES.includes(type)) throw new Error(`the protocol has no client message '${type}'`);
  return { type, ...fields };
}

/** The first message of a connection. @param {string|null|undefined} token @param {string|null|undefined} name */
export const hello = (token, name) => intent('hello', { protocol: PROTOCOL_VERSION, token: token || null, name: name || null });
/** The heartbeat, and the answer to the server's. */
export const ping = () => intent('ping');
export const pong = () => intent('pong');
/** Ask for a whole snapshot again (a gap in `seq`, or a turn that moved on). */
export const sync = () => intent('sync');
/** Ask for the board's features as they stand. */
export const features = () => intent('features');
/** What the table knows now: fitting tiles, dead squares, each feature's chance (advice on). */
export const analysis = () => intent('analysis');
/** @param {number} seat @param {string} name @param {string} color */
export const takeSeat = (seat, name, color) => intent('take_seat', { seat, name, color });
/** Stand up from the viewer's seat (lobby only). */
export const leaveSeat = () => intent('leave_seat');
/** @param {number} seat */
export const removeSeat = (seat) => intent('remove_seat', { seat });
/** @param {number} seat @param {string} level (one of BOT_LEVELS) */
export const addBot = (seat, level) => intent('add_bot', { seat, level });
/** @param {object} changes room options to change (`state.room.options` keys) */
export const setOptions = (changes) => intent('set_options', changes);
/** The host starts the game (a rematch too). */
export const start = () => intent('start');
/** @param {number} turn */
export const hint = (turn) => intent('hint', { turn });
/** @param {number} turn the turn the host ends the game at */
export const endGame = (turn) => intent('end_game', { turn });
/** @param {number} seat @param {string} level (one of BOT_LEVELS) */
export const handToBot = (seat, level) => intent('hand_to_bot', { seat, level });
/** @param {number} seat */
export const takeBack = (seat) => intent('take_back', { seat });
/** @param {string} text */
export const chat = (text) => intent('chat', { text });

/**
 * @typedef {{turn: number, x: number, y: number, rot: number, meeple: {kind: string, at: string}|null,
 *   return_abbot: boolean}} Move a placement of the drawn tile, with its figure or the abbot taken back
 */
/** Play a move. @param {Move} move */
export const place = (move) => intent('place', move);
/** Ask the coach about a move before playing it. @param {Move} move */
export const check = (move) => intent('check', move);

/**
 * Ask which whole feature a figure on `at` would stand on, were the tile placed so.
 * @param {{turn: number, x: number, y: number, rot: number, at: string}} spot
 */
export const trace = (spot) => intent('trace', spot);
