// A few tile definitions as GET /api/tiles gives them, and a small game view, for the unit tests.
import * as st from '../../static/js/state.js';

const seg = (kind, slots, extra = {}) => ({ kind, slots, pennant: false, adj_cities: [], ...extra });

export const CATALOG = {
  D: { edges: 'CRFR', centre: null, count: { classic: 4, winter: 4 }, segments: [
    seg('city', ['NNW', 'N', 'NNE']), seg('road', ['E', 'W']), seg('field', ['ENE', 'WNW'], { adj_cities: [0] }),
    seg('field', ['ESE', 'SSE', 'S', 'SSW', 'WSW'])] },
  A: { edges: 'FFRF', centre: 'monastery', count: { classic: 2, winter: 2 }, segments: [
    seg('road', ['S']), seg('field', ['NNW', 'N', 'NNE', 'ENE', 'E', 'ESE', 'SSE', 'SSW', 'WSW', 'W', 'WNW'])] },
  E: { edges: 'CFFF', centre: null, count: { classic: 4, winter: 4 }, segments: [
    seg('city', ['NNW', 'N', 'NNE']), seg('field', ['ENE', 'E', 'ESE', 'SSE', 'S', 'SSW', 'WSW', 'W', 'WNW'], { adj_cities: [0] })] },
  L: { edges: 'CRRR', centre: null, count: { classic: 3, winter: 3 }, segments: [
    seg('city', ['NNW', 'N', 'NNE']), seg('road', ['E']), seg('road', ['S']), seg('road', ['W']),
    seg('field', ['ENE', 'WNW']), seg('field', ['ESE', 'SSE']), seg('field', ['SSW', 'WSW'])] },
};

/** A game view in the server's shape: player 0 (seat 0) is to move with tile E. */
export function gameView(extra = {}) {
  const { legal: _legal, can_return_abbot: _abbot, ...rest } = extra;
  return {
    id: 1, number: 1, seats: [0, 1], turn: 2, current_player: 0, drawn_tile: 'E', finished: false,
    options: { tileset: 'winter', farmers: true, abbot: false },
    players: [{ name: 'Ann', color: 'red', score: 0, followers: 7, abbot: 0 },
      { name: 'Bo', color: 'blue', score: 0, followers: 7, abbot: 0 }],
    board: [{ x: 0, y: 0, tile: 'D', rot: 0 }], last: null,
    figures: [], events: [], turns: [], bag: { E: 3, U: 2 }, tiles_left: 5,
    ...rest,
  };
}

/** The `legal` message the player to move gets with that view (PROTOCOL.md, protocol 2). */
export function legalMessage(extra = {}) {
  return {
    type: 'legal', turn: 2, tile: 'E',
    placements: [
      { x: 0, y: -1, rot: 180, spots: [{ kind: 'follower', at: 'S', feature: 'city' }, { kind: 'follower', at: 'N', feature: 'field' }] },
      { x: 1, y: 0, rot: 0, spots: [] },
      { x: 1, y: 0, rot: 90, spots: [{ kind: 'follower', at: 'E', feature: 'city' }] },
      { x: 1, y: 0, rot: 270, spots: [] },
      { x: -1, y: 0, rot: 0, spots: [] },
      { x: 0, y: 1, rot: 0, spots: [] },
    ],
    can_return_abbot: false,
    ...extra,
  };
}

/**
 * A room page's state on seat 0's turn (Ann, the host), with the `legal` message of that view.
 * @param {object} [extra] fields of the legal message @param {object} [game] fields of the game view
 * @param {object} [options] room options
 */
export function myTurn(extra = {}, game = {}, options = {}) {
  const s = st.createState('abcd2345');
  s.you = { seat: 0, host: true, name: 'Ann' };
  st.applyServerState(s, { room: { seats: [{ seat: 0, bot: null }, { seat: 1, bot: null }], options }, game: gameView(game) });
  st.applyLegal(s, legalMessage(extra));
  return s;
}

/** River tiles (RIVER.md) as GET /api/tiles gives them. */
export const RIVER = {
  R03: { edges: 'CVRV', centre: null, count: { classic: 0, winter: 0, river: 1 }, segments: [
    seg('city', ['NNW', 'N', 'NNE']), seg('road', ['S']), seg('river', ['E', 'W']),
    seg('field', ['ENE'], { adj_cities: [0] }), seg('field', ['WNW'], { adj_cities: [0] }),
    seg('field', ['ESE', 'SSE']), seg('field', ['SSW', 'WSW'])] },
  R04: { edges: 'FVRV', centre: 'monastery', count: { classic: 0, winter: 0, river: 1 }, segments: [
    seg('road', ['S']), seg('river', ['E', 'W']), seg('field', ['NNW', 'N', 'NNE', 'ENE', 'WNW']),
    seg('field', ['ESE', 'SSE']), seg('field', ['SSW', 'WSW'])] },
  R09: { edges: 'RRVV', centre: null, count: { classic: 0, winter: 0, river: 1 }, segments: [
    seg('road', ['N', 'E']), seg('river', ['S', 'W']), seg('field', ['NNE', 'ENE']),
    seg('field', ['NNW', 'ESE', 'SSE', 'WNW']), seg('field', ['SSW', 'WSW'])] },
  R12: { edges: 'FFFV', centre: null, count: { classic: 0, winter: 0, river: 1 }, segments: [
    seg('river', ['W']), seg('field', ['NNW', 'N', 'NNE', 'ENE', 'E', 'ESE', 'SSE', 'S', 'SSW', 'WSW', 'WNW'])] },
};
