// The feature inspector: which whole road, city, field, monastery or garden a point belongs
// to (from the server's features()), who holds it and what it is worth. The river is no
// feature: pointed at, it shows the fields on its banks.
import { h, fill, chip } from './dom.js';
import { joinNames, featureAtSlot, featureName, goodsList } from './words.js';
import { t } from '../i18n.js';
import { SLOTS, unrotateSlot } from '../board/slots.js';
import { RULES } from '../net/protocol.js';
import { outlookLines } from './table.js';

/**
 * @typedef {{x: number, y: number, slots: string[]}} Part
 * @typedef {{id: string, kind: string, complete: boolean, parts: Part[], tiles: number,
 *   pennants: number, followers: number[], points_now: number, points_end: number}} Feature
 * @typedef {{turn: number, feature: string, feature_id?: string, points: number, players: number[],
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
 * What the inspector shows for a segment of a placed tile: the river with the fields on its
 * banks, or the feature that holds the segment (null: none known). The features come when asked
 * for; until this turn's are here, the last ones still trace the right shape (a feature keeps
 * its id while it grows).
 * @param {any} game the game view, with the features held @param {Part|null} seg
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 * @returns {Feature|River|null}
 */
export function inspectedFeature(game, seg, catalog) {
  if (!seg || !game) return null;
  const placed = game.board.find((b) => b.x === seg.x && b.y === seg.y);
  if (placed && featureAtSlot(catalog[placed.tile], placed.rot, seg.slots[0]) === 'river') {
    return { kind: 'river', banks: riverBanks(game.features, seg) };
  }
  return featureOf(game.features, seg);
}

/**
 * The inspector box: `show(f, game)` redraws it only when what it says changes (the pointer
 * moves often, over the same feature).
 * @param {HTMLElement} box @param {HTMLElement} body
 */
export function createInspector(box, body) {
  let shown = '';
  const one = (x) => `${x.id}|${x.parts.length}|${x.followers}|${x.points_now}|${x.points_end}|${x.complete}`;
  /**
   * @param {Feature|River|null} f @param {any} game
   * @param {import('./table.js').Analysis|null} [table] this turn's analysis of the table, when
   *   the viewer shows it: an unfinished feature's outlook is said too
   * @param {Record<string, any>} [catalog] the tiles, for the marks on the feature (an inn, a cathedral)
   */
  return (f, game, table = null, catalog = {}) => {
    const key = f && game ? `${game.id}|${f.kind}|${f.kind === 'river' ? f.banks.map(one) : one(f)}|${game.events.length}|${table?.turn ?? '-'}` : '';
    if (key === shown) return;
    shown = key;
    box.hidden = !f;
    const outlook = f && f.kind !== 'river' && !f.complete ? outlookLines(table, f.id, game?.players ?? []) : null;
    const marks = f && f.kind !== 'river' && game ? featureMarks(f, game.board, catalog) : [];
    renderInspector(body, f, game?.players ?? [], game?.events ?? [], outlook, marks);
  };
}

/**
 * The score event of a completed feature: the one of its kind that names it (`feature_id`; an
 * abbot taken back from a monastery names the monastery too). A completed feature keeps the id
 * it was scored under, as no tile can join it to another since, so the id finds its event.
 * @param {Feature} f @param {ScoreEvent[]} events
 */
function scoringOf(f, events) {
  return events.find((e) => e.feature_id === f.id && e.feature === f.kind) ?? null;
}

/** Inns & Cathedrals: the marks that make an unfinished road or city worth nothing at the end. */
const NOTHING_AT_END = { inn: 'inspector.worth.inn', cathedral: 'inspector.worth.cathedral' };

/**
 * What a feature is worth, in words (`marks`: those on its tiles, `featureMarks`).
 * @param {Feature} f @param {ScoreEvent[]} events @param {{name: string}[]} players @param {string[]} [marks]
 */
export function worthText(f, events, players, marks = []) {
  if (f.kind === 'field') return t('inspector.field', { per: RULES.FIELD_POINTS_PER_CITY, now: f.points_now });
  if (f.complete) {
    const e = scoringOf(f, events);
    if (!e) return t('inspector.nobodyScored');
    const names = joinNames(e.players.map((i) => players[i]?.name ?? '?'));
    return t('inspector.scored', { names, points: t(e.players.length > 1 ? 'event.pointsEach' : 'event.points', { count: e.points }) });
  }
  if (f.kind === 'monastery' || f.kind === 'garden') {
    return t('inspector.surrounded', { now: f.points_now, tiles: f.tiles, end: f.points_end });
  }
  // an inn road or a cathedral city left open is worth nothing at the end (the server's
  // points_end says 0): say why
  const mark = Object.keys(NOTHING_AT_END).find((m) => marks.includes(m));
  if (mark && f.points_end === 0) return t(NOTHING_AT_END[mark], { now: f.points_now });
  return t('inspector.worth', { now: f.points_now, end: f.points_end });
}

/**
 * The marks drawn on a feature's tiles (`inn`, `cathedral`, goods: the catalog's `marks` of
 * each of its segments), each once.
 * @param {Feature} f @param {{x: number, y: number, tile: string, rot: number}[]} board
 * @param {Record<string, any>} catalog
 */
export function featureMarks(f, board, catalog) {
  const marks = new Set();
  for (const part of f.parts) {
    const placed = board.find((b) => b.x === part.x && b.y === part.y);
    const def = placed && catalog[placed.tile];
    if (!def) continue;
    const slots = part.slots.map((slot) => unrotateSlot(slot, placed.rot));
    for (const seg of def.segments) {
      if (seg.kind === f.kind && seg.slots.some((slot) => slots.includes(slot))) for (const m of seg.marks ?? []) marks.add(m);
    }
  }
  return [...marks];
}

/**
 * Who gets a city's goods (Traders & Builders): whoever places the tile that completes it; once
 * completed, the player the goods event names. Null for a city without goods.
 * @param {Feature & {goods?: Record<string, number>}} f @param {ScoreEvent[]} events @param {{name: string}[]} players
 */
export function goodsLine(f, events, players) {
  if (!f.goods || !Object.values(f.goods).some((n) => n > 0)) return null;
  const goods = goodsList(f.goods);
  if (!f.complete) return t('inspector.goods.open', { goods });
  const e = events.find((ev) => ev.feature === 'goods' && ev.feature_id === f.id);
  return e ? t('inspector.goods.taken', { goods, name: joinNames(e.players.map((i) => players[i]?.name ?? '?')) }) : null;
}

/** "2 tiles, 1 pennant" / "4 tiles around it". @param {Feature} f */
function sizeText(f) {
  if (f.kind === 'monastery' || f.kind === 'garden') return null;
  const tiles = new Set(f.parts.map((p) => `${p.x},${p.y}`)).size;
  return [t('count.tiles', { count: tiles }), f.pennants ? t('count.pennants', { count: f.pennants }) : null].filter(Boolean).join(', ');
}

/** Who holds a feature, as chips and names. @param {Feature} f @param {{name: string, color: string}[]} players */
function holdersLine(f, players) {
  // with Inns & Cathedrals the majority is by strength (a large follower counts 2)
  const strength = /** @type {any} */ (f).strength ?? f.followers;
  const most = Math.max(0, ...strength);
  const holders = f.followers.map((n, i) => [i, n]).filter(([, n]) => n > 0);
  return h('div.insp-holders', null, holders.length
    ? holders.map(([i, n]) => h('span.holder', { class: strength[i] === most && holders.length > 1 ? 'leads' : '' },
      chip(players[i]?.color), ` ${players[i]?.name ?? '?'}${n > 1 ? ` ×${n}` : ''}`))
    : h('span.muted', null, t(f.complete ? 'inspector.noFollowers' : 'inspector.nobody')));
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
 * @param {string[]|null} [outlook] what the table's analysis says of it (ui/table.js outlookLines)
 * @param {string[]} [marks] the marks on its tiles (`featureMarks`)
 */
export function renderInspector(el, f, players, events, outlook = null, marks = []) {
  el.hidden = !f;
  if (!f) return fill(el);
  if (f.kind === 'river') return renderRiver(el, /** @type {River} */ (f), players, events);
  const state = f.kind === 'field' ? null : t(f.complete ? 'inspector.complete' : 'inspector.open');
  fill(el,
    h('div.insp-title', null, h('b', null, capital(featureName(f.kind))),
      [sizeText(f), state].filter(Boolean).map((part) => ` · ${part}`).join('')),
    holdersLine(f, players),
    h('div.insp-points', null, worthText(f, events, players, marks)),
    goodsLine(f, events, players) ? h('div.insp-goods', null, goodsLine(f, events, players)) : null,
    outlook ? h('div.insp-outlook', null, ...outlook.map((line) => h('p', null, line))) : null);
}

/** "Stadt", "City": a word with a capital. @param {string} word */
function capital(word) {
  return word[0].toUpperCase() + word.slice(1);
}

/** The river is not a feature: nobody stands on it and it never scores; its banks are fields. */
function renderRiver(el, river, players, events) {
  const { banks } = river;
  const lead = t(banks.length === 1 ? 'inspector.river.one' : 'inspector.river.two');
  fill(el,
    h('div.insp-title', null, h('b', null, capital(featureName('river'))), ` · ${t('inspector.river.none')}`),
    h('p.insp-note', null, `${t('inspector.river.note')} ${lead}`),
    ...banks.map((f, i) => h('div.insp-bank', { dataset: { bank: String(i) } },
      h('span.bank-swatch', { class: `bank-${i}`, 'aria-hidden': 'true' }),
      h('div', null, h('div', null, h('b', null, banks.length === 1 ? capital(featureName('field')) : t('inspector.bank', { n: i + 1 })),
        ` · ${sizeText(f)}`), holdersLine(f, players), h('div.insp-points', null, worthText(f, events, players))))));
}
