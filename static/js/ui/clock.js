// The turn clock: the presets the host chooses from, and each player's bank as the server's
// clock state says it is right now. Nothing counts down by subtraction: every reading is
// recomputed from the server's banks and the moment the player to move started.
import { h } from './dom.js';
import { t } from '../i18n.js';

/**
 * @typedef {{bank: number, increment: number}} ClockOption a room option (seconds)
 * @typedef {object} ClockState `state.game.clock`
 * @property {number} bank @property {number} increment
 * @property {number[]} banks seconds per player (game order) when `since` began
 * @property {number|null} running the player whose bank runs down, or null
 * @property {number} since server wall time (Unix seconds) when `running` started to move
 */

/** A bank showing this many seconds or fewer is low. */
export const LOW_SECONDS = 30;

/** The clocks the host can choose, `null` being no clock. @type {(ClockOption|null)[]} */
export const CLOCK_PRESETS = [
  null,
  { bank: 180, increment: 5 },
  { bank: 300, increment: 10 },
  { bank: 600, increment: 15 },
];

/** "5 min + 10 s a turn", or "No clock". @param {ClockOption|null|undefined} o */
export function clockName(o) {
  if (!o) return t('lobby.noClockName');
  const bank = o.bank % 60 ? t('clock.seconds', { count: o.bank }) : t('time.minutes', { count: o.bank / 60 });
  return o.increment ? t('clock.increment', { bank, count: o.increment }) : bank;
}

/** A key that is equal for equal clocks (for a select's value). @param {ClockOption|null|undefined} o */
export function clockKey(o) {
  return o ? `${o.bank}+${o.increment}` : 'off';
}

/**
 * Seconds left in a player's bank at server time `now`.
 * @param {ClockState} clock @param {number} player @param {number} now
 */
export function secondsLeft(clock, player, now) {
  const bank = clock.banks[player] ?? 0;
  if (clock.running !== player) return bank;
  return Math.max(0, bank - Math.max(0, now - clock.since));
}

/** "4:07" (whole seconds, rounded up: 0:00 means the bank is empty). @param {number} seconds */
export function clockText(seconds) {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The clock cell of player `i` in the players panel (filled by `showClocks`). */
export function clockCell(i) {
  return h('span.clock', { dataset: { clock: String(i) }, title: t('clock.title') });
}

/**
 * Write every clock cell under `root` for server time `now`.
 * @param {HTMLElement} root @param {ClockState} clock @param {number} now
 */
export function showClocks(root, clock, now) {
  for (const el of root.querySelectorAll('[data-clock]')) {
    const i = Number(/** @type {HTMLElement} */ (el).dataset.clock);
    const left = secondsLeft(clock, i, now);
    el.textContent = clockText(left);
    el.classList.toggle('running', clock.running === i);
    el.classList.toggle('low', Math.ceil(left) <= LOW_SECONDS);
  }
}
