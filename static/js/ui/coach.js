// Teaching at the table: the briefing each player gets before the first turn (what this
// game's options mean for them), and the first-turn coach, on by default in a player's first
// game in this browser. What this browser remembers lives in localStorage; the choices are
// pure functions, so they are tested without a browser.
import { h, fill } from './dom.js';
import { timeoutText } from './pace.js';

const COACH = 'carc:coach';
const PLAYED = 'carc:played';
const BRIEFED = 'carc:briefed';
/** Games remembered, newest last: enough to know a first game from a later one. */
const KEEP = 30;

/**
 * On by default in the player's first game in this browser: no other game was played here.
 * @param {string[]} played games this browser sat in ("code/id") @param {string} game this one
 * @param {string|null} chosen 'on' or 'off' once the player switched it, else null
 */
export function coachDefault(played, game, chosen) {
  if (chosen === 'on' || chosen === 'off') return chosen === 'on';
  return !played.some((g) => g !== game);
}

/**
 * Lines of the briefing for a game's options and the table's advice level; `pace` (the room's
 * options) adds what a turn-based game means.
 * @param {any} options @param {string} advice
 * @param {{pace?: string, move_hours?: number, game_days?: number|null, on_timeout?: string}} [pace]
 */
export function briefingLines(options, advice, pace) {
  return [
    'You have seven followers. After placing your tile you may put one on it, on a road, city, monastery' +
      `${options.farmers ? ' or field' : ''}; it comes back when that feature is completed and scored.`,
    options.farmers
      ? 'Farmers, followers lying in fields, stay there until the end of the game: they never come back.'
      : 'This game has no farmers: nobody stands in a field, and fields score nothing.',
    options.abbot ? 'You also have an abbot, for a monastery or a garden. On a later turn you may take it back instead of placing a figure; it scores as it stands.' : null,
    options.river ? 'The River comes first: each River tile continues the river at the square marked on the board.' : null,
    advice === 'request' ? 'Hints on request: "Suggest a move" shows a good move and why. Everyone sees how many hints each player used.' : null,
    pace?.pace === 'turn' ? `Turn-based: you have ${pace.move_hours ?? 24} hours for each move; come back any time, My games on the home page lists your games. ${timeoutText(pace.on_timeout)}` : null,
    advice === 'coach' ? 'Coach: "Suggest a move" shows a good move and why, and before you confirm a move that hands points to an opponent, you are told. Everyone sees how many hints each player used.' : null,
  ].filter((line) => line !== null);
}

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? '[]');
  } catch {
    return [];
  }
}

function remember(key, game) {
  const list = read(key).filter((g) => g !== game);
  list.push(game);
  localStorage.setItem(key, JSON.stringify(list.slice(-KEEP)));
}

/** Whether the first-turn coach is on for this game in this browser. @param {string} game */
export function coachOn(game) {
  return coachDefault(read(PLAYED), game, localStorage.getItem(COACH));
}

/** The player switched the coach on or off (it stays so for later games). */
export function setCoach(on) {
  localStorage.setItem(COACH, on ? 'on' : 'off');
}

/** This browser sits in `game` (it counts from now on as a game played here). */
export function notePlayed(game) {
  if (!read(PLAYED).includes(game)) remember(PLAYED, game);
}

/** True once the briefing of `game` was shown in this browser: it is shown once per game. */
export function briefed(game) {
  return read(BRIEFED).includes(game);
}

export function noteBriefed(game) {
  remember(BRIEFED, game);
}

/**
 * The briefing card: the lines for this game, the coach switch, and "Got it".
 * @param {HTMLElement} el @param {string[]} lines
 * @param {{coach: boolean, setCoach: (on: boolean) => void, dismiss: () => void}} act
 */
export function renderBriefing(el, lines, act) {
  fill(el,
    h('h3', null, 'Before the first turn'),
    h('ul.brief-lines', null, ...lines.map((line) => h('li', null, line))),
    h('label.check.coach-switch', null,
      h('input', { type: 'checkbox', checked: act.coach, dataset: { action: 'coach' },
        onchange: (e) => act.setCoach(e.target.checked) }),
      'First-turn coach: on your first turn, mark the edges that match and trace the feature your follower would claim'),
    h('button.primary.small', { type: 'button', onclick: act.dismiss, dataset: { action: 'dismiss-briefing' } }, 'Got it'));
}
