// Bots at the table: the label of a seat a bot plays, the host's "let a bot play" and "give
// the seat back", and the notice that tells a returning player a bot plays for them.
import { h, fill } from './dom.js';
import { botPlaysMe } from '../state.js';

/**
 * @typedef {{seat: number, name: string|null, presence: string|null, bot: 'easy'|'strong'|null,
 *   bot_for_person?: boolean}} SeatView
 * @typedef {object} BotActions
 * @property {(seat: number, level: 'easy'|'strong') => void} handToBot
 * @property {(seat: number) => void} takeBack
 */

/** Who plays a seat, in words (a tooltip). @param {SeatView} seat */
export function botTitle(seat) {
  const who = seat.bot === 'strong' ? 'A strong bot' : 'An easy bot';
  return seat.presence === 'online'
    ? `${who} plays this seat; its player is here and can take it back`
    : `${who} plays this seat`;
}

/**
 * The label next to a name: "bot" for a bot's own seat, "bot playing for NAME" while a bot
 * plays for a person who left; null when a person plays.
 * @param {SeatView|undefined} seat
 */
export function botTag(seat) {
  if (!seat?.bot) return null;
  return h('span.bot-tag', { title: botTitle(seat), dataset: { bot: seat.bot, forPerson: String(!!seat.bot_for_person) } },
    seat.bot_for_person ? `bot playing for ${seat.name}` : 'bot');
}

/**
 * The host's buttons for another player's seat in a running game: let a bot play a seat whose
 * player is away, give it back once they are here again. Null when there is nothing to do.
 * @param {SeatView|undefined} seat @param {BotActions} act
 */
export function hostSeatControls(seat, act) {
  if (!seat) return null;
  if (!seat.bot && seat.presence === 'away') {
    return h('div.seat-controls', { dataset: { seatControls: String(seat.seat) } },
      h('span', null, 'Away. Let a bot play for them:'),
      h('button.small.ghost', { type: 'button', dataset: { action: 'hand-easy' },
        title: 'Let an easy bot play this seat until it is taken back',
        onclick: () => act.handToBot(seat.seat, 'easy') }, 'Easy bot'),
      h('button.small.ghost', { type: 'button', dataset: { action: 'hand-strong' },
        title: 'Let a strong bot play this seat until it is taken back',
        onclick: () => act.handToBot(seat.seat, 'strong') }, 'Strong bot'));
  }
  if (seat.bot && seat.presence === 'online') {
    return h('div.seat-controls', { dataset: { seatControls: String(seat.seat) } },
      h('span', null, 'Back at the table.'),
      h('button.small.ghost', { type: 'button', dataset: { action: 'give-back' },
        onclick: () => act.takeBack(seat.seat) }, 'Give the seat back'));
  }
  return null;
}

/**
 * The notice over the tray while a bot plays the viewer's own seat.
 * @param {HTMLElement} el
 * @param {import('../state.js').ClientState} s
 * @param {BotActions} act
 */
export function renderBotNotice(el, s, act) {
  const mine = botPlaysMe(s) && !!s.game && !s.game.finished;
  el.hidden = !mine;
  if (!mine) return fill(el);
  const seat = /** @type {number} */ (s.you.seat);
  fill(el, h('button.gold', { type: 'button', dataset: { action: 'take-seat-back' },
    onclick: () => act.takeBack(seat) }, 'A bot is playing for you — take your seat back'));
}
