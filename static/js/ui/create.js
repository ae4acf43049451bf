// The home page's "New room" form: its choices and preselected values are the server's room
// options (OPTIONS, COLORS, LIMITS), filled in here; what it posts to `POST /api/rooms`.
import { fill, h } from './dom.js';
import { OPTION_CHECKS, colorName, tilesetText } from './words.js';
import { MOVE_HOURS, createPaceOptions } from './pace.js';
import { seatCounts, tilesets } from './lobby.js';
import { COLORS, LIMITS, OPTIONS } from '../net/protocol.js';
import { t } from '../i18n.js';

/**
 * The choices of each select of the form, as [value, words] pairs, and the value chosen at
 * first (the server's default); with the catalog, the tile sets say how many tiles they hold.
 * @param {Record<string, any>|null} [catalog]
 * @returns {Record<string, {choices: [string, string][], chosen: string}>}
 */
export function createChoices(catalog = null) {
  return {
    color: { choices: COLORS.map((c) => [c, colorName(c)]), chosen: COLORS[0] },
    tileset: { choices: tilesets().map((name) => [name, tilesetText(name, catalog)]), chosen: OPTIONS.tileset.default },
    seats: { choices: seatCounts().map((n) => [String(n), String(n)]), chosen: String(OPTIONS.seats.default) },
    pace: { choices: [['live', t('pace.live.choice')], ...MOVE_HOURS.map((n) => [String(n), t('pace.turn.hours', { count: n })])],
      chosen: 'live' },
  };
}

/** The rules a new room starts with, ticked or not as the server's defaults are. */
export const CREATE_CHECKS = Object.keys(OPTION_CHECKS);

/**
 * Fill the form's selects, the first time with the defaults chosen, its boxes ticked as the
 * defaults are, and the name limited to what the server takes; again once the catalog is
 * here (the tile sets' sizes), keeping what the player chose meanwhile.
 * @param {HTMLFormElement} form @param {Record<string, any>|null} [catalog]
 */
export function fillCreateForm(form, catalog = null) {
  const field = (name) => /** @type {HTMLSelectElement & HTMLInputElement} */ (form.elements.namedItem(name));
  const first = !field('tileset').options.length;
  for (const [name, { choices, chosen }] of Object.entries(createChoices(catalog))) {
    const now = first ? chosen : field(name).value;
    fill(field(name), ...choices.map(([value, words]) => h('option', { value, selected: value === now }, words)));
  }
  if (!first) return;
  for (const name of CREATE_CHECKS) field(name).checked = firstTick(field(name), OPTIONS[name].default);
  field('name').maxLength = LIMITS.NAME_MAX;
}

/**
 * Whether a box of the form is ticked once the script runs: as the server's default says,
 * unless the player ticked or cleared it while the page was still loading (it then differs
 * from how the page's HTML had it).
 * @param {{checked: boolean, defaultChecked: boolean}} box @param {boolean} byDefault
 */
export function firstTick(box, byDefault) {
  return box.checked !== box.defaultChecked ? box.checked : byDefault;
}

/**
 * The body of `POST /api/rooms` for what the form says.
 * @param {FormData} f
 */
export function createBody(f) {
  return {
    name: String(f.get('name')).trim(), color: f.get('color'),
    options: { tileset: f.get('tileset'), ...Object.fromEntries(CREATE_CHECKS.map((name) => [name, f.has(name)])),
      seats: Number(f.get('seats')), ...createPaceOptions(String(f.get('pace'))) },
  };
}
