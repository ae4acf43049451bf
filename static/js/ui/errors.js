// The server's refusals in the reader's language: a websocket `error` (its `code`, `args` and,
// for an illegal move, the engine's `reason`) and an HTTP error body (`{detail, code, args}`)
// worded from the catalogue. The server's English `message` is kept for a code this client has
// no words for.
import { t } from '../i18n.js';
import { featureName, colorName } from './words.js';

/** Every error code of the protocol (ERROR) and of the HTTP API (HTTP_ERROR), and its words. */
const ERRORS = {
  bad_json: 'error.bad_json', bad_message: 'error.bad_message', unknown_type: 'error.unknown_type',
  hello_required: 'error.hello_required', protocol_version: 'error.protocol_version', room_not_found: 'error.room_not_found',
  bad_token: 'error.bad_token', not_seated: 'error.not_seated', not_host: 'error.not_host', already_seated: 'error.already_seated',
  seat_taken: 'error.seat_taken', seat_invalid: 'error.seat_invalid', color_taken: 'error.color_taken', bad_name: 'error.bad_name',
  bad_options: 'error.bad_options', not_enough_players: 'error.not_enough_players', game_running: 'error.game_running',
  no_game: 'error.no_game', not_your_turn: 'error.not_your_turn', stale_turn: 'error.stale_turn', illegal_move: 'error.illegal_move',
  chat_too_long: 'error.chat_too_long', chat_rate: 'error.chat_rate', room_full: 'error.room_full', not_a_bot: 'error.not_a_bot',
  hints_off: 'error.hints_off', analysis_off: 'error.analysis_off', server_error: 'error.server_error',
  color_invalid: 'error.color_invalid', busy: 'error.busy', unavailable: 'error.unavailable',
  headers_too_large: 'error.headers_too_large',
  request_timeout: 'error.request_timeout',
  game_not_finished: 'error.game_not_finished', review_not_found: 'error.review_not_found', reviews_busy: 'error.reviews_busy',
  bad_request: 'error.bad_request', rate_limited: 'error.rate_limited', game_not_found: 'error.game_not_found', not_found: 'error.not_found',
};
/** A code's words that depend on its arguments. */
const VARIANTS = { not_your_turn: { bot: 'error.not_your_turn.bot' }, analysis_off: { watcher: 'error.analysis_off.watcher' } };

/** Why the engine refused a move (ILLEGAL_REASONS), and its words. */
const REASONS = {
  game_over: 'illegal.game_over', no_such_player: 'illegal.no_such_player', not_players_turn: 'illegal.not_players_turn',
  no_tile_drawn: 'illegal.no_tile_drawn', tile_not_named: 'illegal.tile_not_named', unknown_tile: 'illegal.unknown_tile',
  not_the_drawn_tile: 'illegal.not_the_drawn_tile', tile_not_in_game: 'illegal.tile_not_in_game', tile_not_in_bag: 'illegal.tile_not_in_bag',
  seeded_discard: 'illegal.seeded_discard', discard_fits: 'illegal.discard_fits', bad_rotation: 'illegal.bad_rotation',
  cell_taken: 'illegal.cell_taken', not_adjacent: 'illegal.not_adjacent', edges_mismatch: 'illegal.edges_mismatch',
  spring_never_drawn: 'illegal.spring_never_drawn', lake_comes_last: 'illegal.lake_comes_last', river_tiles_first: 'illegal.river_tiles_first',
  river_ended: 'illegal.river_ended', river_open_end: 'illegal.river_open_end', river_u_turn: 'illegal.river_u_turn',
  unknown_figure: 'illegal.unknown_figure', figure_not_in_game: 'illegal.figure_not_in_game', unknown_slot: 'illegal.unknown_slot',
  no_figure_left: 'illegal.no_figure_left', centre_only: 'illegal.centre_only', no_centre: 'illegal.no_centre',
  centre_closed: 'illegal.centre_closed', centre_not_for_figure: 'illegal.centre_not_for_figure', not_a_feature: 'illegal.not_a_feature',
  feature_closed: 'illegal.feature_closed', figure_not_on_feature: 'illegal.figure_not_on_feature', occupied: 'illegal.occupied',
  abbot_and_figure: 'illegal.abbot_and_figure', abbot_not_on_board: 'illegal.abbot_not_on_board',
  no_own_follower: 'illegal.no_own_follower', completed_by_tile: 'illegal.completed_by_tile', bonus_turn_due: 'illegal.bonus_turn_due',
  stored_turn_differs: 'illegal.stored', stored_discard: 'illegal.stored', stored_wrong_player: 'illegal.stored',
};
/** The figures a refusal may name. */
const FIGURES = {
  follower: 'figure.name.follower', abbot: 'figure.name.abbot', large: 'figure.name.large', builder: 'figure.name.builder',
  pig: 'figure.name.pig',
};

/** The words of an error's argument: a feature or figure kind in the language, a number as it is. */
function argument(name, value) {
  if (typeof value !== 'string') return value;
  if (name === 'figure') return FIGURES[value] ? t(FIGURES[value]) : value;
  if (name === 'feature' || name === 'centre') return featureName(value);
  if (name === 'color') return colorName(value);
  return value;
}

/**
 * A refusal in words.
 * @param {{code?: string, reason?: string|null, args?: Record<string, any>, message?: string, detail?: any}} error
 *   a websocket `error` message, or an HTTP error body
 */
export function errorText(error) {
  const args = Object.fromEntries(Object.entries(error.args ?? {}).map(([k, v]) => [k, argument(k, v)]));
  const english = typeof error.message === 'string' ? error.message : typeof error.detail === 'string' ? error.detail : '';
  if (error.code === 'illegal_move' && error.reason && REASONS[error.reason]) {
    return t('error.illegal_move.why', { why: t(REASONS[error.reason], args) });
  }
  const variant = Object.entries(VARIANTS[error.code ?? ''] ?? {}).find(([arg]) => error.args?.[arg]);
  if (variant) return t(variant[1], args);
  const key = ERRORS[error.code ?? ''];
  return key ? t(key, args) : english || t('error.server_error');
}
