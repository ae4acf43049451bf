// The pace of a room: live (everyone at the table now, with or without a turn clock) or
// turn-based (a move within some hours, the game played across days). The choices the host
// has, the `set_options` changes they make, and the words for them: the lobby's summary, the
// time left in a game, what happens when it runs out. Pure, so tested without a browser. The
// choices and their defaults are the server's (OPTIONS); only the words are written here.
import { OPTIONS } from '../net/protocol.js';
import { t, formatRelative } from '../i18n.js';

/** Hours a turn-based player has for a move. */
export const MOVE_HOURS = OPTIONS.move_hours.values;
/** Days a whole turn-based game may last; null, no limit (the default), first. */
export const GAME_DAYS = [null, ...OPTIONS.game_days.values.filter((days) => days !== null)];
const TIMEOUT_WORDS = { bot_turn: 'pace.timeout.botTurn', bot_seat: 'pace.timeout.botSeat' };
/** What happens when a turn-based player's time runs out: each choice and the key of its words. */
export const ON_TIMEOUT = Object.fromEntries(OPTIONS.on_timeout.values.map((v) => [v, TIMEOUT_WORDS[v] ?? v]));

/**
 * The `set_options` fields for choosing a pace. A turn-based room has no live clock, and the
 * server refuses a turn-based room with one: switching to turn-based turns the clock off in
 * the same message.
 * @param {'live'|'turn'} pace
 */
export function paceChange(pace) {
  return pace === 'turn' ? { pace: 'turn', clock: null } : { pace: 'live' };
}

/** "24 h a move". @param {number} hours */
export function moveHoursText(hours) {
  return t('pace.moveHours', { count: hours });
}

/** "no limit on the whole game", "the whole game within 7 days". @param {number|null|undefined} days */
export function gameDaysText(days) {
  return days ? t('pace.gameDays', { count: days }) : t('pace.noGameLimit');
}

/**
 * What happens when a turn's time runs out, as one sentence.
 * @param {string|undefined} onTimeout `bot_turn` or `bot_seat`
 */
export function timeoutText(onTimeout) {
  return t(onTimeout === 'bot_seat' ? 'pace.timeout.seat' : 'pace.timeout.turn');
}

/**
 * The pace in a few words, for the lobby's summary: "live", or "turn-based: 24 h a move, the
 * whole game within 7 days; out of time: an easy bot plays that turn".
 * @param {{pace?: string, move_hours?: number, game_days?: number|null, on_timeout?: string}} o
 */
export function paceText(o) {
  if (o.pace !== 'turn') return t('pace.live');
  const out = t(o.on_timeout === 'bot_seat' ? 'pace.out.seat' : 'pace.out.turn');
  return t('pace.turnBased', { move: moveHoursText(o.move_hours ?? OPTIONS.move_hours.default), game: gameDaysText(o.game_days), out });
}

/**
 * A length of time in words, rounded down so it never promises more than there is:
 * "less than a minute", "42 min", "23 h 12 min", "2 days 5 h".
 * @param {number} seconds
 */
export function durationText(seconds) {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return t('time.lessMinute');
  if (minutes < 60) return t('time.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? t('time.hoursMinutes', { hours, minutes: minutes % 60 }) : t('time.hours', { count: hours });
  const days = Math.floor(hours / 24);
  return hours % 24 ? t('time.daysHours', { count: days, hours: hours % 24 }) : t('time.days', { count: days });
}

/** "23 h 12 min left", or "time is up" once it has run out. @param {number} seconds */
export function leftText(seconds) {
  return seconds > 0 ? t('time.left', { time: durationText(seconds) }) : t('time.up');
}

/**
 * "just now", "5 min ago", "3 hr ago", "2 days ago" (as the language says it: Intl's relative
 * time in its largest whole unit). @param {number} seconds
 */
export function agoText(seconds) {
  if (seconds < 60) return t('time.justNow');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return formatRelative(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? formatRelative(-hours, 'hour') : formatRelative(-Math.floor(hours / 24), 'day');
}

/**
 * What a turn-based game says about its time at server time `now`, or null for a live game:
 * the time left for the move being played and for the whole game.
 * @param {{deadline?: {move: number|null, game: number|null}|null, finished?: boolean}|null} game
 * @param {number} now server wall time (Unix seconds)
 * @returns {{move: number|null, game: number|null}|null} seconds left (null: no such limit)
 */
export function timeLeft(game, now) {
  const d = game?.deadline;
  if (!d || game.finished) return null;
  return {
    move: typeof d.move === 'number' ? Math.max(0, d.move - now) : null,
    game: typeof d.game === 'number' ? Math.max(0, d.game - now) : null,
  };
}

/**
 * The chosen pace explained in plain words, for the lobby (a sentence or three).
 * @param {{pace?: string, move_hours?: number, game_days?: number|null, on_timeout?: string}} o
 */
export function paceExplanation(o) {
  if (o.pace !== 'turn') return t('pace.explain.live');
  return [
    t('pace.explain.turn', { count: o.move_hours ?? OPTIONS.move_hours.default }),
    timeoutText(o.on_timeout),
    o.game_days ? t('pace.explain.days', { count: o.game_days }) : null,
  ].filter(Boolean).join(' ');
}

/**
 * The create form's pace choice ("live", or the hours a move of a turn-based game) as room
 * options for `POST /api/rooms`.
 * @param {string} choice
 */
export function createPaceOptions(choice) {
  const hours = Number(choice);
  return MOVE_HOURS.includes(hours) ? { pace: 'turn', move_hours: hours } : { pace: 'live' };
}

/**
 * What a turn-based game says about its time at server time `now`, in words; null for a live
 * or finished game. `short` goes in the banner ("23 h 12 min left"); `move` says whose move
 * it is and how long they have; `game`, when the whole game ends; `timeout`, what happens
 * when a move's time runs out.
 * @param {any} game `state.game` @param {any} options `state.room.options`
 * @param {number} now server wall time (Unix seconds) @param {number} me the viewer's player index, or -1
 */
export function deadlineWords(game, options, now, me) {
  const left = timeLeft(game, now);
  if (!left) return null;
  const mover = game.current_player === me ? null : game.players[game.current_player]?.name ?? t('pace.mover');
  let move = '';
  if (left.move !== null) {
    const time = durationText(left.move);
    if (left.move > 0) move = mover ? t('pace.theyHave', { name: mover, time }) : t('pace.youHave', { time });
    else move = mover ? t('pace.theirsUp', { name: mover }) : t('pace.yoursUp');
  }
  return {
    short: left.move !== null ? leftText(left.move) : '',
    move,
    game: left.game === null ? '' : t('pace.gameEnds', { time: durationText(left.game) }),
    timeout: timeoutText(options?.on_timeout),
  };
}

/**
 * "A bot plays for Bo until they take their seat back", for each seat a bot plays for a person
 * (a turn-based player out of time, with `bot_seat`, or handed over by the host).
 * @param {{seat: number, name: string|null, bot: string|null, bot_for_person?: boolean}[]} seats
 * @param {number|null} you the viewer's seat
 */
export function botSeatLines(seats, you) {
  return seats.filter((seat) => seat.bot && seat.bot_for_person).map((seat) => (seat.seat === you
    ? t('pace.botForYou')
    : t('pace.botFor', { name: seat.name ?? '' })));
}
