// The feature inspector: which whole road, city, field, monastery or garden a point belongs
// to (from the server's features()), who holds it and what it is worth. The river is no
// feature: pointed at, it shows the fields on its banks.
import { h, fill, chip } from './dom.js';
import { plural, joinNames } from './words.js';
import { SLOTS } from '../board/slots.js';

/**
 * @typedef {{x: number, y: number, slots: string[]}} Part
 * @typedef {{id: string, kind: string, complete: boolean, parts: Part[], tiles: number,
 *   pennants: number, followers: number[], points_now: number, points_end: number}} Feature
 * @typedef {{turn: number, feature: string, points: number, players: number[],
 *   cells?: [number, number][]}} ScoreEvent
 */

/**
 * The feature that holds a segment of a placed tile.
 * @param {Feature[]|undefined} features
 * @param {Part} seg
 * @returns {Feature|null}
 */
export function featureOf(features, seg) {
  for (const f of features ?? []) {
    for (const part of f.parts) {
      if (part.x === seg.x && part.y === seg.y && part.slots.some((s) => seg.slots.includes(s))) return f;
    }
  }
  return null;
}

/**
 * The fields on the banks of the river segment `seg` of a placed tile: the features holding
 * the slots on either side of each of its river slots (board orientation), each once. Where
 * the fields of both banks are one (round the spring or the lake), that one field.
 * @param {Feature[]|undefined} features @param {Part} seg the river's slots on one tile
 * @returns {Feature[]}
 */
export function riverBanks(features, seg) {
  const beside = seg.slots.flatMap((slot) => {
    const i = SLOTS.indexOf(slot);
    return i < 0 ? [] : [SLOTS[(i + 11) % 12], SLOTS[(i + 1) % 12]];
  });
  const banks = [];
  for (const slot of beside) {
    const f = featureOf(features, { x: seg.x, y: seg.y, slots: [slot] });
    if (f && f.kind === 'field' && !banks.includes(f)) banks.push(f);
  }
  return banks;
}

/**
 * The score event of a completed feature: same kind, and every cell of a road or city event
 * inside the feature (a monastery's or garden's event lists the nine cells around its own).
 * @param {Feature} f @param {ScoreEvent[]} events
 */
function scoringOf(f, events) {
  const cells = new Set(f.parts.map((p) => `${p.x},${p.y}`));
  const [{ x, y, slots }] = f.parts;
  /** the nine cells of a completed monastery or garden are centred on it */
  const around = (e) => e.cells.length === 9 && e.cells.every(([cx, cy]) => Math.abs(cx - x) <= 1 && Math.abs(cy - y) <= 1);
  const inside = (e) => e.cells.every(([cx, cy]) => cells.has(`${cx},${cy}`));
  return events.find((e) => e.feature === f.kind && e.cells?.length
    && (slots[0] === 'C' ? around(e) : inside(e))) ?? null;
}

/**
 * What a feature is worth, in words.
 * @param {Feature} f @param {ScoreEvent[]} events @param {{name: string}[]} players
 */
export function worthText(f, events, players) {
  if (f.kind === 'field') return `3 per completed city: ${f.points_now} now`;
  if (f.complete) {
    const e = scoringOf(f, events);
    if (!e) return 'Completed: nobody held it, so it scored nothing';
    const names = joinNames(e.players.map((i) => players[i]?.name ?? '?'));
    return `Completed and scored: ${names} ${plural(e.points, 'point')}${e.players.length > 1 ? ' each' : ''}`;
  }
  if (f.kind === 'monastery' || f.kind === 'garden') {
    return `${f.points_now} when surrounded (${f.tiles} of 9 tiles), ${f.points_end} at the end`;
  }
  return `${f.points_now} if completed, ${f.points_end} at the end`;
}

/** "2 tiles, 1 pennant" / "4 tiles around it". @param {Feature} f */
function sizeText(f) {
  if (f.kind === 'monastery' || f.kind === 'garden') return null;
  const tiles = new Set(f.parts.map((p) => `${p.x},${p.y}`)).size;
  return [plural(tiles, 'tile'), f.pennants ? plural(f.pennants, 'pennant') : null].filter(Boolean).join(', ');
}

/** Who holds a feature, as chips and names. @param {Feature} f @param {{name: string, color: string}[]} players */
function holdersLine(f, players) {
  const most = Math.max(0, ...f.followers);
  const holders = f.followers.map((n, i) => [i, n]).filter(([, n]) => n > 0);
  return h('div.insp-holders', null, holders.length
    ? holders.map(([i, n]) => h('span.holder', { class: n === most && holders.length > 1 ? 'leads' : '' },
      chip(players[i]?.color ?? 'red'), ` ${players[i]?.name ?? '?'}${n > 1 ? ` ×${n}` : ''}`))
    : h('span.muted', null, f.complete ? 'No followers on it now' : 'Nobody holds it'));
}

/**
 * @typedef {{kind: 'river', banks: Feature[]}} River the river under the pointer, with the
 *   fields on its banks (traced on the board in the first and second trace colours)
 */

/**
 * @param {HTMLElement} el
 * @param {Feature|River|null} f
 * @param {{name: string, color: string}[]} players
 * @param {ScoreEvent[]} events
 */
export function renderInspector(el, f, players, events) {
  el.hidden = !f;
  if (!f) return fill(el);
  if (f.kind === 'river') return renderRiver(el, /** @type {River} */ (f), players, events);
  const state = f.kind === 'field' ? null : f.complete ? 'complete' : 'open';
  fill(el,
    h('div.insp-title', null, h('b', null, f.kind[0].toUpperCase() + f.kind.slice(1)),
      [sizeText(f), state].filter(Boolean).map((t) => ` · ${t}`).join('')),
    holdersLine(f, players),
    h('div.insp-points', null, worthText(f, events, players)));
}

/** The river is not a feature: nobody stands on it and it never scores; its banks are fields. */
function renderRiver(el, river, players, events) {
  const { banks } = river;
  const lead = banks.length === 1 ? 'Both banks here are one field: it goes round the end of the river.'
    : 'It splits the fields: one on each bank.';
  fill(el,
    h('div.insp-title', null, h('b', null, 'River'), ' · not a feature'),
    h('p.insp-note', null, `Nobody stands on the river and it never scores. ${lead}`),
    ...banks.map((f, i) => h('div.insp-bank', { dataset: { bank: String(i) } },
      h('span.bank-swatch', { class: `bank-${i}`, 'aria-hidden': 'true' }),
      h('div', null, h('div', null, h('b', null, banks.length === 1 ? 'Field' : `Field on bank ${i + 1}`),
        ` · ${sizeText(f)}`), holdersLine(f, players), h('div.insp-points', null, worthText(f, events, players))))));
}
