// The rules reference behind the help button: Carcassonne Winter Edition as the rule texts of
// shared/seeds state them, with small examples drawn by the board's own tile code. The
// examples are fixed pictures (no rules run here): tiles, figures, a traced feature, its points.
import { h, fill } from './dom.js';
import { createRenderer, emptyScene, FLASH_MS } from '../board/render.js';
import { createCamera, fit, boundsOf } from '../board/camera.js';

const P = (x, y, tile, rot) => ({ x, y, tile, rot });
const F = (player, x, y, at, feature, kind = 'follower') => ({ player, kind, x, y, at, feature });
const START = P(0, 0, 'D', 0);
const COLORS = ['red', 'blue', 'green', 'yellow'];
/** A river from the spring to the lake (RIVER.md's tiles and rotations). */
export const RIVER_BOARD = [P(0, 0, 'R01', 0), P(1, 0, 'R02', 0), P(2, 0, 'R05', 0), P(3, 0, 'R09', 0), P(3, 1, 'R10', 180),
  P(4, 1, 'R12', 0)];
/** The field round the spring: both strips of the next tile, then up to the bridge's road. */
export const RIVER_FIELD = [{ x: 0, y: 0, slots: ['NNW', 'N', 'NNE', 'ENE', 'ESE', 'SSE', 'S', 'SSW', 'WSW', 'W', 'WNW'] },
  { x: 1, y: 0, slots: ['ENE', 'WNW', 'ESE', 'WSW'] }, { x: 2, y: 0, slots: ['NNW', 'WNW', 'SSW', 'WSW'] }];

/**
 * @typedef {{board: object[], figures?: object[], trace?: object[], points?: number,
 *   color?: string, caption: string}} Example
 * @type {Record<string, Example>}
 */
const EXAMPLES = {
  place: { board: [START, P(-1, 0, 'U', 90)], trace: [{ x: -1, y: 0, slots: ['E', 'W'] }, { x: 0, y: 0, slots: ['E', 'W'] }],
    caption: 'The new tile (left) continues the road; its field edges meet field.' },
  roles: { board: [START, P(-1, 0, 'U', 90), P(1, 0, 'A', 90)],
    figures: [F(0, 0, 0, 'N', 'city'), F(1, -1, 0, 'E', 'road'), F(2, 1, 0, 'C', 'monastery'), F(3, 0, 0, 'S', 'field')],
    caption: 'A knight in a city, a thief on a road, a monk in a monastery, a farmer lying in a field.' },
  road: { board: [P(-1, 0, 'A', 270), START, P(1, 0, 'L', 0)], figures: [F(0, 0, 0, 'E', 'road')],
    trace: [{ x: -1, y: 0, slots: ['E'] }, { x: 0, y: 0, slots: ['E', 'W'] }, { x: 1, y: 0, slots: ['W'] }], points: 3,
    caption: 'From the monastery to the village: a completed road of 3 tiles, 3 points for Red.' },
  city: { board: [START, P(-1, 0, 'U', 90), P(0, -1, 'M', 180), P(1, -1, 'E', 270)], figures: [F(0, 0, -1, 'S', 'city')],
    trace: [{ x: 0, y: 0, slots: ['NNW', 'N', 'NNE'] }, { x: 0, y: -1, slots: ['ENE', 'E', 'ESE', 'SSE', 'S', 'SSW'] },
      { x: 1, y: -1, slots: ['WSW', 'W', 'WNW'] }], points: 8,
    caption: 'A completed city of 3 tiles with 1 coat of arms: 3 × 2 + 2 = 8 points.' },
  monastery: { board: [P(0, 0, 'A', 0), P(-1, -1, 'E', 0), P(0, -1, 'E', 0), P(1, -1, 'E', 0), P(-1, 0, 'E', 270),
    P(1, 0, 'E', 90), P(-1, 1, 'E', 180), P(0, 1, 'U', 0), P(1, 1, 'E', 180)], figures: [F(2, 0, 0, 'C', 'monastery')],
  trace: [{ x: 0, y: 0, slots: ['C'] }], points: 9, color: 'green',
  caption: 'Eight tiles all round: the monastery is complete, 9 points for its monk.' },
  unfinished: { board: [START, P(0, -1, 'M', 180)], figures: [F(1, 0, -1, 'S', 'city')],
    trace: [{ x: 0, y: 0, slots: ['NNW', 'N', 'NNE'] }, { x: 0, y: -1, slots: ['SSE', 'S', 'SSW', 'ENE', 'E', 'ESE'] }], points: 3, color: 'blue',
    caption: 'At the end this city is still open: 2 tiles + 1 coat of arms = 3 points.' },
  farm: { board: [START, P(-1, 0, 'U', 90), P(0, -1, 'M', 180), P(1, -1, 'E', 270), P(1, 0, 'J', 90), P(2, 0, 'E', 270)],
    figures: [F(1, 1, 0, 'N', 'field')], color: 'blue', points: 6,
    trace: [{ x: -1, y: 0, slots: ['WNW', 'NNW', 'N', 'NNE', 'ENE'] }, { x: 0, y: 0, slots: ['ENE', 'WNW'] },
      { x: 1, y: 0, slots: ['SSE', 'WNW', 'NNW', 'N', 'NNE'] }, { x: 1, y: -1, slots: ['NNW', 'N', 'NNE', 'ENE', 'E', 'ESE', 'SSE', 'S', 'SSW'] }],
    caption: 'The field touches two completed cities: 2 × 3 = 6 points for Blue at the end.' },
  river: { board: RIVER_BOARD, trace: RIVER_FIELD,
    caption: 'From the spring to the lake. The traced field goes round the spring, so it lies on both banks; the road crosses on a bridge, and the fields stop at it.' },
  abbot: { board: [P(0, 0, 'Eg', 0), P(1, 0, 'E', 90), P(-1, 0, 'E', 270), P(0, 1, 'E', 180), P(1, 1, 'E', 90)],
    figures: [F(0, 0, 0, 'C', 'garden', 'abbot')], trace: [{ x: 0, y: 0, slots: ['C'] }], points: 5,
    caption: 'Taken back now, this abbot scores 1 for the garden tile + 4 around it = 5.' },
};

const SECTIONS = [
  ['A turn', [
    'Draw a tile and place it. Then you may put one follower from your supply on that tile. Then every road, city and monastery the tile completed is scored, and its followers go back to their owners. Then the next player draws.',
    'The Winter Edition has 84 tiles: the 72 of the base game and 12 with winter animals, which play by the same rules. The start tile lies in the middle before the first turn.',
  ]],
  ['Placing a tile', [
    'Attach a full side of the tile to at least one tile on the table; touching at a corner is not enough. Every edge that touches must match: road continues road, city continues city, field continues field. You may place it anywhere it fits.',
    'If a tile fits nowhere, it is put aside and you draw another.',
  ], 'place'],
  ['Followers', [
    'Each player has seven followers. After placing, you may put one on the tile you just placed: a thief on a road, a knight in a city, a monk in a monastery, or a farmer lying down in a field.',
    'First trace the whole feature: you cannot claim it if any follower is already on it, even your own. Separate roads, cities or fields on one tile can belong to different features. A follower cannot be moved later. With no followers in your supply, you only place tiles.',
    'Features that began apart may be joined later by a tile, and then hold several followers.',
  ], 'roles'],
  ['Scoring during the game', [
    'Roads: a road is complete when both ends stop at a village, a city, a monastery or a dead end, or when it closes a loop. It scores 1 point per tile.',
  ], 'road', [
    'Cities: a city is complete when its walls close all round with no gap inside. It scores 2 points per tile plus 2 per coat of arms. A tile counts once even when two parts of the city are on it.',
  ], 'city', [
    'Monasteries: a monastery is complete when all eight spaces around it hold tiles, diagonals included. It scores 9 points.',
  ], 'monastery', [
    'Only the player with the most followers on a feature scores it; players tied for the most each score the full points. Nobody scores a feature without followers. All its followers go home, even those that scored nothing.',
    'You may claim an empty feature with the very tile that completes it and score at once. A follower that comes home can be placed again from your next turn.',
  ]],
  ['After the last tile', [
    'The last tile is placed and scored as usual. Then every unfinished feature with followers scores: a road 1 point per tile; a city 1 per tile plus 1 per coat of arms; a monastery 1 for itself plus 1 per tile around it. The same majority rule applies.',
  ], 'unfinished', [
    'Then the fields are scored (with farmers), and the highest total wins. Equal highest totals share the win.',
  ]],
  ['Farmers', [
    'A farmer lies in one field and stays there until the end of the game: it never scores or comes home during the game. Roads, city walls and the edge of the landscape separate fields; a field may go round the end of a road. Fields touching only at a corner are not joined.',
    'At the end, each completed city that touches a field is worth 3 points to that field, whatever its size. An unfinished city gives nothing. A city counts once per field, but different fields can each score the same city. The player with the most farmers in the field takes its points; tied players each take them all.',
  ], 'farm'],
  ['First game without farmers', [
    'The introductory variant, recommended by the rulebook for a first game: followers cannot go into fields and fields score nothing at the end. Everything else stays the same. Turn off "Farmers" in the room\'s options to play it.',
  ]],
  ['The River', [
    'An option: the 12 River tiles are played first. The spring is the start tile, the other River tiles are drawn before any land tile, and the lake comes last of them.',
    'A River tile must continue the river where it is open: the square marked on the board, with a river edge against the river\'s end. Its other edges must match as usual. The river may not turn the same way twice in a row (no U-turn); a straight piece in between is enough. A River tile that cannot continue the river is put back in the box and another is drawn.',
    'The river is not a feature: nobody stands on it and it never scores. Like a road, it separates the fields on its banks, except round the spring and the lake, where one field goes all the way round. A bridge carries a road over the river; the fields do not pass under it. Cities, roads, monasteries and fields on River tiles take figures as usual.',
  ], 'river'],
  ['The Abbot and gardens', [
    'With The Abbot, each player also has an abbot. Some tiles show a garden. After placing a tile, your one placement may be a follower as usual, or your abbot on a monastery or a garden of that tile. A follower cannot go on a garden; the abbot cannot go on a road, city or field. A claimed monastery takes no other figure.',
    'A completed monastery or garden with an abbot scores 9 and the abbot comes home. Or, on a later turn, after placing a tile, you may take your abbot back instead of placing any figure: it scores 1 for its tile plus 1 per tile around it now. You cannot take the abbot back and place a follower in the same turn. An abbot still out at the end scores the same way.',
    'Without The Abbot, a garden is only a picture.',
  ], 'abbot'],
];

/**
 * Fill `el` with the rules and their pictures.
 * @param {HTMLElement} el
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 */
export function renderRules(el, catalog) {
  const pictures = [];
  const sections = SECTIONS.map(([title, ...parts]) => h('section.rule', null, h('h3', null, title),
    ...parts.map((part) => {
      if (typeof part !== 'string') return part.map((text) => h('p', null, text));
      const ex = EXAMPLES[part];
      const canvas = h('canvas.rule-board', { role: 'img', 'aria-label': ex.caption, dataset: { example: part } });
      pictures.push([canvas, ex]);
      return h('figure.rule-example', null, canvas, h('figcaption', null, ex.caption));
    })));
  const toc = h('nav.rule-toc', { 'aria-label': 'Sections' }, ...SECTIONS.map(([title], i) =>
    h('a', { href: `#rule-${i}`, onclick: (e) => {
      e.preventDefault();
      sections[i].scrollIntoView({ block: 'start' });
    } }, title)));
  sections.forEach((sec, i) => { sec.id = `rule-${i}`; });
  fill(el, toc, ...sections);
  for (const [canvas, ex] of pictures) drawExample(canvas, catalog, ex);
}

/** One example, fitted to its canvas, drawn once. */
function drawExample(canvas, catalog, ex) {
  const scene = { ...emptyScene(), catalog, board: ex.board, figures: ex.figures ?? [], colors: COLORS, trace: ex.trace ?? [] };
  if (ex.points) {
    // a scoring flash held while it is bright, its "+N" risen above the figure
    scene.flashes = [{ parts: ex.trace ?? [], points: ex.points, color: ex.color ?? 'red', start: performance.now() - FLASH_MS * 0.6 }];
    scene.trace = [];
  }
  const cam = createCamera();
  fit(cam, canvas.clientWidth || 300, canvas.clientHeight || 160, boundsOf(ex.board), 0.3);
  createRenderer(canvas, () => scene, () => cam).drawNow();
}
