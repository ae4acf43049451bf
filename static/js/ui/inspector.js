// The feature inspector: which whole road, city, field, monastery or garden a point belongs
// to (from the server's features()), who holds it and what it is worth.
import { h, fill, chip } from './dom.js';
import { plural } from './words.js';

/**
 * @typedef {{x: number, y: number, slots: string[]}} Part
 * @typedef {{id: any, kind: string, complete: boolean, parts: Part[],
 *   followers: Record<string, number>, points_now: number, points_end: number}} Feature
 */

/**
 * The feature that holds a segment of a placed tile, if the server sent features.
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
 * @param {HTMLElement} el
 * @param {Feature|null} f
 * @param {{name: string, color: string}[]} players
 */
export function renderInspector(el, f, players) {
  el.hidden = !f;
  if (!f) return;
  const holders = Object.entries(f.followers ?? {}).filter(([, n]) => n > 0);
  const tiles = new Set(f.parts.map((p) => `${p.x},${p.y}`)).size;
  fill(el,
    h('div.insp-title', null, h('b', null, f.kind[0].toUpperCase() + f.kind.slice(1)),
      ` · ${plural(tiles, 'tile')} · ${f.complete ? 'complete' : 'open'}`),
    h('div.insp-holders', null, holders.length
      ? holders.map(([i, n]) => h('span.holder', null, chip(players[Number(i)]?.color ?? 'red'),
        ` ${players[Number(i)]?.name ?? '?'}${n > 1 ? ` ×${n}` : ''}`))
      : h('span.muted', null, 'Nobody holds it')),
    h('div.insp-points', null, f.complete
      ? `Scored: ${f.points_now} points`
      : `Worth ${f.points_now} if it closed now, ${f.points_end} at the end`));
}
