// Bots at the table: the label of a seat a bot plays, the host's "let a bot play" and "give
// the seat back", and the notice that tells a returning player a bot plays for them.
import { h, fill } from './dom.js';
import { botPlaysMe } from '../state.js';
import { BOT_LEVELS } from '../net/protocol.js';
import { t } from '../i18n.js';

/**
 * @typedef {{seat: number, name: string|null, presence: string|null, bot: string|null,
 *   bot_for_person?: boolean}} SeatView
 * @typedef {object} BotActions
 * @property {(seat: number, level: string) => void} handToBot
 * @property {(seat: number) => void} takeBack
 */

/**
 * The words of each bot level the server offers (`BOT_LEVELS`), as catalogue keys: who plays a
 * seat (`seat`, and `here` while its player is online), its name on the lobby's and the running
 * game's buttons, what the lobby says of it, what the running game's button says.
 * @type {Record<string, {seat: string, here: string, name: string, about: string, hand: string}>}
 */
export const BOT_WORDS = {
  easy: { seat: 'bots.easy', here: 'bots.easy.here', name: 'bots.easyBot', about: 'lobby.easy.title', hand: 'bots.handEasy.title' },
  strong: { seat: 'bots.strong', here: 'bots.strong.here', name: 'bots.strongBot', about: 'lobby.strong.title', hand: 'bots.handStrong.title' },
  expert: { seat: 'bots.expert', here: 'bots.expert.here', name: 'bots.expertBot', about: 'lobby.expert.title', hand: 'bots.handExpert.title' },
};

/**
 * The levels the server offers, weakest first, each with its words in the page's language
 * (`name`: "Easy bot", `about`: the lobby's tooltip, `hand`: the running game's tooltip).
 */
export function botLevels() {
  return BOT_LEVELS.map((level) => {
    const keys = BOT_WORDS[level];
    return keys ? { level, name: t(keys.name), about: t(keys.about), hand: t(keys.hand) } : { level, name: level, about: level, hand: level };
  });
}

/** Who plays a seat, in words (a tooltip). @param {SeatView} seat */
export function botTitle(seat) {
  const keys = BOT_WORDS[seat.bot ?? 'easy'] ?? BOT_WORDS.easy;
  return t(seat.presence === 'online' ? keys.here : keys.seat);
}

/**
 * The label next to a name: "bot" for a bot's own seat, "bot playing for NAME" while a bot
 * plays for a person who left; null when a person plays.
 * @param {SeatView|undefined} seat
 */
export function botTag(seat) {
  if (!seat?.bot) return null;
  return h('span.bot-tag', { title: botTitle(seat), dataset: { bot: seat.bot, forPerson: String(!!seat.bot_for_person) } },
    seat.bot_for_person ? t('bots.playingFor', { name: seat.name ?? '' }) : t('bots.tag'));
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
      h('span', null, t('bots.away')),
      ...botLevels().map((b) => h('button.small.ghost', { type: 'button', dataset: { action: `hand-${b.level}` },
        title: b.hand, onclick: () => act.handToBot(seat.seat, b.level) }, b.name)));
  }
  if (seat.bot && seat.presence === 'online') {
    return h('div.seat-controls', { dataset: { seatControls: String(seat.seat) } },
      h('span', null, t('bots.back')),
      h('button.small.ghost', { type: 'button', dataset: { action: 'give-back' },
        onclick: () => act.takeBack(seat.seat) }, t('bots.giveBack')));
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
    onclick: () => act.takeBack(seat) }, t('bots.takeSeatBack')));
}
