// Teaching at the table: the briefing each player gets before the first turn (what this
// game's options mean for them), and the first-turn coach, on by default in a player's first
// game in this browser. What this browser remembers lives in localStorage; the choices are
// pure functions, so they are tested without a browser.
import { h, fill } from './dom.js';
import { timeoutText } from './pace.js';
import { OPTIONS, RULES } from '../net/protocol.js';
import { isMyTurn, firstTurn } from '../state.js';
import { t } from '../i18n.js';

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
    t(options.farmers ? 'brief.followers.farmers' : 'brief.followers', { count: RULES.FOLLOWERS }),
    t(options.farmers ? 'brief.farmers' : 'brief.noFarmers'),
    options.abbot ? t('brief.abbot') : null,
    options.river ? t('brief.river') : null,
    options.inns_cathedrals ? t('brief.inns') : null,
    options.traders_builders ? t(options.farmers ? 'brief.traders.farmers' : 'brief.traders') : null,
    advice === 'request' ? t('brief.request') : null,
    pace?.pace === 'turn' ? `${t('brief.turn', { count: pace.move_hours ?? OPTIONS.move_hours.default })} ${timeoutText(pace.on_timeout)}` : null,
    advice === 'coach' ? t('brief.coach') : null,
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
    h('h3', null, t('briefing.label')),
    h('ul.brief-lines', null, ...lines.map((line) => h('li', null, line))),
    h('label.check.coach-switch', null,
      h('input', { type: 'checkbox', checked: act.coach, dataset: { action: 'coach' },
        onchange: (e) => act.setCoach(e.target.checked) }),
      t('brief.coachSwitch')),
    h('button.primary.small', { type: 'button', onclick: act.dismiss, dataset: { action: 'dismiss-briefing' } }, t('brief.gotIt')));
}

/**
 * This game in this browser's memory (first games, briefings): "code/id", '' without a game.
 * @param {import('../state.js').ClientState} s
 */
export function gameKey(s) {
  return s.game ? `${s.code}/${s.game.id}` : '';
}

/**
 * The first-turn coach helps now: it is on, and this is the viewer's first turn.
 * @param {import('../state.js').ClientState} s
 */
export function coaching(s) {
  return isMyTurn(s) && firstTurn(s) && coachOn(gameKey(s));
}
