// The pace of a room: live (everyone at the table now, with or without a turn clock) or
// turn-based (a move within some hours, the game played across days). The choices the host
// has, the `set_options` changes they make, and the words for them: the lobby's summary, the
// time left in a game, what happens when it runs out. Pure, so tested without a browser.

/** Hours a turn-based player has for a move. */
export const MOVE_HOURS = [12, 24, 48, 72];
/** Days a whole turn-based game may last (null: no limit). */
export const GAME_DAYS = [null, 3, 7, 14, 30];
/** What happens when a turn-based player's time runs out. */
export const ON_TIMEOUT = {
  bot_turn: 'An easy bot plays that turn',
  bot_seat: 'A bot takes the seat for the rest of the game',
};

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
  return `${hours} h a move`;
}

/** "no limit on the whole game", "the whole game within 7 days". @param {number|null|undefined} days */
export function gameDaysText(days) {
  return days ? `the whole game within ${days} days` : 'no limit on the whole game';
}

/**
 * What happens when a turn's time runs out, as one sentence.
 * @param {string|undefined} onTimeout `bot_turn` or `bot_seat`
 */
export function timeoutText(onTimeout) {
  return onTimeout === 'bot_seat'
    ? 'When a player\'s time runs out, a bot takes their seat for the rest of the game; they can take it back.'
    : 'When a player\'s time runs out, an easy bot plays that one turn for them.';
}

/**
 * The pace in a few words, for the lobby's summary: "live", or "turn-based: 24 h a move, the
 * whole game within 7 days; out of time: an easy bot plays that turn".
 * @param {{pace?: string, move_hours?: number, game_days?: number|null, on_timeout?: string}} o
 */
export function paceText(o) {
  if (o.pace !== 'turn') return 'live';
  const out = o.on_timeout === 'bot_seat' ? 'a bot takes the seat' : 'an easy bot plays that turn';
  return `turn-based: ${moveHoursText(o.move_hours ?? 24)}, ${gameDaysText(o.game_days)}; out of time: ${out}`;
}

/**
 * A length of time in words, rounded down so it never promises more than there is:
 * "less than a minute", "42 min", "23 h 12 min", "2 days 5 h".
 * @param {number} seconds
 */
export function durationText(seconds) {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} days ${hours % 24} h` : `${days} days`;
}

/** "23 h 12 min left", or "time is up" once it has run out. @param {number} seconds */
export function leftText(seconds) {
  return seconds > 0 ? `${durationText(seconds)} left` : 'time is up';
}

/** "5 min ago", "3 h ago", "just now". @param {number} seconds */
export function agoText(seconds) {
  return seconds < 60 ? 'just now' : `${durationText(seconds)} ago`;
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
  if (o.pace !== 'turn') return 'Live: everyone plays now, at the table; a turn clock is optional.';
  return [
    `Turn-based: play when you can. Each player has ${o.move_hours ?? 24} hours for a move, from when their turn begins; the game and My games on the home page show the time left.`,
    timeoutText(o.on_timeout),
    o.game_days ? `The game ends after ${o.game_days} days, scored as it stands then.` : null,
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
  const mover = game.current_player === me ? null : game.players[game.current_player]?.name ?? 'The player to move';
  let move = '';
  if (left.move !== null) {
    move = left.move > 0
      ? `${mover ? `${mover} has` : 'You have'} ${durationText(left.move)} for this move.`
      : `The time for ${mover ? `${mover}'s` : 'your'} move is up.`;
  }
  return {
    short: left.move !== null ? leftText(left.move) : '',
    move,
    game: left.game === null ? '' : `The game ends in ${durationText(left.game)}, scored as it stands then.`,
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
    ? 'A bot plays for you: take your seat back to play again.'
    : `A bot plays for ${seat.name} until they take their seat back.`));
}
