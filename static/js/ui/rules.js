// The rules reference behind the help button: Carcassonne Winter Edition as the rule texts of
// shared/seeds state them, with small examples drawn by the board's own tile code. The
// examples are fixed pictures (no rules run here): tiles, figures, a traced feature, its points.
import { h, fill } from './dom.js';
import { createRenderer, emptyScene, FLASH_MS } from '../board/render.js';
import { createCamera, fit, boundsOf } from '../board/camera.js';
import { colorName } from './words.js';
import { COLORS, RULES } from '../net/protocol.js';
import { t } from '../i18n.js';

const P = (x, y, tile, rot) => ({ x, y, tile, rot });
const F = (player, x, y, at, feature, kind = 'follower') => ({ player, kind, x, y, at, feature });
const START = P(0, 0, 'D', 0);
/** A river from the spring to the lake (RIVER.md's tiles and rotations). */
export const RIVER_BOARD = [P(0, 0, 'R01', 0), P(1, 0, 'R02', 0), P(2, 0, 'R05', 0), P(3, 0, 'R09', 0), P(3, 1, 'R10', 180),
  P(4, 1, 'R12', 0)];
/** The field round the spring: both strips of the next tile, then up to the bridge's road. */
export const RIVER_FIELD = [{ x: 0, y: 0, slots: ['NNW', 'N', 'NNE', 'ENE', 'ESE', 'SSE', 'S', 'SSW', 'WSW', 'W', 'WNW'] },
  { x: 1, y: 0, slots: ['ENE', 'WNW', 'ESE', 'WSW'] }, { x: 2, y: 0, slots: ['NNW', 'WNW', 'SSW', 'WSW'] }];

/** Inns & Cathedrals: a road with an inn (I15) between two monasteries' roads, completed. */
export const INN_BOARD = [P(-1, 0, 'A', 270), P(0, 0, 'I15', 0), P(1, 0, 'A', 90)];
/** A cathedral (I01) closed on its four sides by city caps: five tiles. */
export const CATHEDRAL_BOARD = [P(0, 0, 'I01', 0), P(0, -1, 'E', 180), P(1, 0, 'E', 270), P(0, 1, 'E', 0), P(-1, 0, 'E', 90)];
/** Traders & Builders: a city with wine (T01) closed by two caps. */
export const GOODS_BOARD = [P(0, 0, 'T01', 0), P(0, -1, 'E', 180), P(-1, 0, 'E', 90)];
/** A road with a follower and the same player's builder; a field with a farmer and the pig. */
export const BUILDER_BOARD = [START, P(1, 0, 'U', 90), P(2, 0, 'U', 90), P(3, 0, 'U', 90), P(4, 0, 'U', 90)];
export const BUILDER_FIGURES = [F(0, 1, 0, 'E', 'road'), F(0, 2, 0, 'E', 'road', 'builder'), F(0, 3, 0, 'N', 'field'),
  F(0, 4, 0, 'N', 'field', 'pig')];

/**
 * @typedef {{board: object[], figures?: object[], trace?: object[], points?: number,
 *   scorer?: number, caption: string}} Example `scorer`: the player whose colour the scoring flashes in
 * @type {Record<string, Example>}
 */
const EXAMPLES = {
  place: { board: [START, P(-1, 0, 'U', 90)], trace: [{ x: -1, y: 0, slots: ['E', 'W'] }, { x: 0, y: 0, slots: ['E', 'W'] }],
    caption: 'rules.ex.place' },
  roles: { board: [START, P(-1, 0, 'U', 90), P(1, 0, 'A', 90)],
    figures: [F(0, 0, 0, 'N', 'city'), F(1, -1, 0, 'E', 'road'), F(2, 1, 0, 'C', 'monastery'), F(3, 0, 0, 'S', 'field')],
    caption: 'rules.ex.roles' },
  road: { board: [P(-1, 0, 'A', 270), START, P(1, 0, 'L', 0)], figures: [F(0, 0, 0, 'E', 'road')],
    trace: [{ x: -1, y: 0, slots: ['E'] }, { x: 0, y: 0, slots: ['E', 'W'] }, { x: 1, y: 0, slots: ['W'] }], points: 3,
    caption: 'rules.ex.road' },
  city: { board: [START, P(-1, 0, 'U', 90), P(0, -1, 'M', 180), P(1, -1, 'E', 270)], figures: [F(0, 0, -1, 'S', 'city')],
    trace: [{ x: 0, y: 0, slots: ['NNW', 'N', 'NNE'] }, { x: 0, y: -1, slots: ['ENE', 'E', 'ESE', 'SSE', 'S', 'SSW'] },
      { x: 1, y: -1, slots: ['WSW', 'W', 'WNW'] }], points: 8,
    caption: 'rules.ex.city' },
  monastery: { board: [P(0, 0, 'A', 0), P(-1, -1, 'E', 0), P(0, -1, 'E', 0), P(1, -1, 'E', 0), P(-1, 0, 'E', 270),
    P(1, 0, 'E', 90), P(-1, 1, 'E', 180), P(0, 1, 'U', 0), P(1, 1, 'E', 180)], figures: [F(2, 0, 0, 'C', 'monastery')],
  trace: [{ x: 0, y: 0, slots: ['C'] }], points: 9, scorer: 2,
  caption: 'rules.ex.monastery' },
  unfinished: { board: [START, P(0, -1, 'M', 180)], figures: [F(1, 0, -1, 'S', 'city')],
    trace: [{ x: 0, y: 0, slots: ['NNW', 'N', 'NNE'] }, { x: 0, y: -1, slots: ['SSE', 'S', 'SSW', 'ENE', 'E', 'ESE'] }], points: 3, scorer: 1,
    caption: 'rules.ex.unfinished' },
  farm: { board: [START, P(-1, 0, 'U', 90), P(0, -1, 'M', 180), P(1, -1, 'E', 270), P(1, 0, 'J', 90), P(2, 0, 'E', 270)],
    figures: [F(1, 1, 0, 'N', 'field')], scorer: 1, points: 2 * RULES.FIELD_POINTS_PER_CITY,
    trace: [{ x: -1, y: 0, slots: ['WNW', 'NNW', 'N', 'NNE', 'ENE'] }, { x: 0, y: 0, slots: ['ENE', 'WNW'] },
      { x: 1, y: 0, slots: ['SSE', 'WNW', 'NNW', 'N', 'NNE'] }, { x: 1, y: -1, slots: ['NNW', 'N', 'NNE', 'ENE', 'E', 'ESE', 'SSE', 'S', 'SSW'] }],
    caption: 'rules.ex.farm' },
  river: { board: RIVER_BOARD, trace: RIVER_FIELD,
    caption: 'rules.ex.river' },
  abbot: { board: [P(0, 0, 'Eg', 0), P(1, 0, 'E', 90), P(-1, 0, 'E', 270), P(0, 1, 'E', 180), P(1, 1, 'E', 90)],
    figures: [F(0, 0, 0, 'C', 'garden', 'abbot')], trace: [{ x: 0, y: 0, slots: ['C'] }], points: 5,
    caption: 'rules.ex.abbot' },
  // the expansions' examples show their marks (an inn, a cathedral, a good) bare: a trace or a
  // scoring's flash would cover them; the captions say the points
  inn: { board: INN_BOARD, figures: [F(0, 0, 0, 'E', 'road')], caption: 'rules.ex.inn' },
  cathedral: { board: CATHEDRAL_BOARD, figures: [F(0, 0, 0, 'N', 'city', 'large')], caption: 'rules.ex.cathedral' },
  goods: { board: GOODS_BOARD, figures: [F(0, 0, 0, 'N', 'city')], caption: 'rules.ex.goods' },
  builder: { board: BUILDER_BOARD, figures: BUILDER_FIGURES, caption: 'rules.ex.builder' },
};

const SECTIONS = [
  ['rules.s0.title', [
    'rules.s0.p1',
    'rules.s0.p2',
  ]],
  ['rules.s1.title', [
    'rules.s1.p1',
    'rules.s1.p2',
  ], 'place'],
  ['rules.s2.title', [
    'rules.s2.p1',
    'rules.s2.p2',
    'rules.s2.p3',
  ], 'roles'],
  ['rules.s3.title', [
    'rules.s3.p1',
  ], 'road', [
    'rules.s3.p2',
  ], 'city', [
    'rules.s3.p3',
  ], 'monastery', [
    'rules.s3.p4',
    'rules.s3.p5',
  ]],
  ['rules.s4.title', [
    'rules.s4.p1',
  ], 'unfinished', [
    'rules.s4.p2',
  ]],
  ['rules.s5.title', [
    'rules.s5.p1',
    'rules.s5.p2',
  ], 'farm'],
  ['rules.s6.title', [
    'rules.s6.p1',
  ]],
  ['rules.s7.title', [
    'rules.s7.p1',
    'rules.s7.p2',
    'rules.s7.p3',
  ], 'river'],
  ['rules.s8.title', [
    'rules.s8.p1',
    'rules.s8.p2',
    'rules.s8.p3',
  ], 'abbot'],
  ['rules.s9.title', [
    'rules.s9.p1',
  ], 'cathedral', [
    'rules.s9.p2',
  ], 'inn', [
    'rules.s9.p3',
  ]],
  ['rules.s10.title', [
    'rules.s10.p1',
  ], 'goods', [
    'rules.s10.p2',
    'rules.s10.p3',
  ], 'builder'],
];

/**
 * Fill `el` with the rules and their pictures.
 * @param {HTMLElement} el
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 */
export function renderRules(el, catalog) {
  // the numbers of the rules, and the examples' first two players in words: their colours ("Red")
  const words = { count: RULES.FOLLOWERS, per: RULES.FIELD_POINTS_PER_CITY, field: 2 * RULES.FIELD_POINTS_PER_CITY,
    first: colorName(COLORS[0]), second: colorName(COLORS[1]) };
  const pictures = [];
  const sections = SECTIONS.map(([title, ...parts]) => h('section.rule', null, h('h3', null, t(title)),
    ...parts.map((part) => {
      if (typeof part !== 'string') return part.map((text) => h('p', null, t(text, words)));
      const ex = EXAMPLES[part];
      const caption = t(ex.caption, words);
      const canvas = h('canvas.rule-board', { role: 'img', 'aria-label': caption, dataset: { example: part } });
      pictures.push([canvas, ex]);
      return h('figure.rule-example', null, canvas, h('figcaption', null, caption));
    })));
  const toc = h('nav.rule-toc', { 'aria-label': t('rules.sections') }, ...SECTIONS.map(([title], i) =>
    h('a', { href: `#rule-${i}`, onclick: (e) => {
      e.preventDefault();
      sections[i].scrollIntoView({ block: 'start' });
    } }, t(title))));
  sections.forEach((sec, i) => { sec.id = `rule-${i}`; });
  fill(el, toc, ...sections);
  for (const [canvas, ex] of pictures) drawExample(canvas, catalog, ex);
}

/** One example, fitted to its canvas, drawn once. */
function drawExample(canvas, catalog, ex) {
  const scene = { ...emptyScene(), catalog, board: ex.board, figures: ex.figures ?? [], colors: [...COLORS], trace: ex.trace ?? [] };
  if (ex.points) {
    // a scoring flash held while it is bright, its "+N" risen above the figure
    scene.flashes = [{ parts: ex.trace ?? [], points: ex.points, color: COLORS[ex.scorer ?? 0], start: performance.now() - FLASH_MS * 0.6 }];
    scene.trace = [];
  }
  const cam = createCamera();
  fit(cam, canvas.clientWidth || 300, canvas.clientHeight || 160, boundsOf(ex.board), 0.3);
  createRenderer(canvas, () => scene, () => cam).drawNow();
}
