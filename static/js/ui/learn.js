// Learn mode: the rule guide's unscored demonstration, played step by step on a canvas.
// The placements and numbers are a fixed script taken from the rule text; no rules run here.
import { h, fill } from './dom.js';
import { createBoardView } from '../board/view.js';
import { RIVER_BOARD, RIVER_FIELD } from './rules.js';

const CITY = [
  { x: 0, y: 0, slots: ['NNW', 'N', 'NNE'] },
  { x: 0, y: -1, slots: ['ENE', 'E', 'ESE', 'SSE', 'S', 'SSW'] },
  { x: 1, y: -1, slots: ['WSW', 'W', 'WNW'] },
];
const FIELD = [
  { x: -1, y: 0, slots: ['WNW', 'NNW', 'N', 'NNE', 'ENE'] },
  { x: 0, y: 0, slots: ['ENE', 'WNW'] },
  { x: 1, y: 0, slots: ['SSE', 'WNW', 'NNW', 'N', 'NNE'] },
  { x: 1, y: -1, slots: ['NNW', 'N', 'NNE', 'ENE', 'E', 'ESE', 'SSE', 'S', 'SSW'] },
];
const ROAD = [{ x: -1, y: 0, slots: ['E', 'W'] }, { x: 0, y: 0, slots: ['E', 'W'] }];
const SECOND_CITY = [{ x: 1, y: 0, slots: ['ENE', 'E', 'ESE'] }, { x: 2, y: 0, slots: ['WSW', 'W', 'WNW'] }];

const START = { x: 0, y: 0, tile: 'D', rot: 0 };
const ROAD_TILE = { x: -1, y: 0, tile: 'U', rot: 90 };
const PENNANT = { x: 0, y: -1, tile: 'M', rot: 180 };
const CAP = { x: 1, y: -1, tile: 'E', rot: 270 };
const FIELD_TILE = { x: 1, y: 0, tile: 'J', rot: 90 };
const CLOSER = { x: 2, y: 0, tile: 'E', rot: 270 };
const KNIGHT = { player: 0, kind: 'follower', x: 0, y: -1, at: 'S', feature: 'city' };
const FARMER = { player: 1, kind: 'follower', x: 1, y: 0, at: 'N', feature: 'field' };

/**
 * @typedef {{title: string, text: string, board: object[], figures: object[], trace?: object[],
 *   flash?: {parts: object[], points: number, color: string}}} Step
 * @type {Step[]}
 */
const STEPS = [
  { title: 'Edges must match', board: [START, ROAD_TILE], figures: [], trace: ROAD,
    text: 'Each turn you draw one tile and attach a full side to the map. Every touching edge must match: road continues road, city continues city, field continues field. Here the new tile carries the road on.' },
  { title: 'Claim a feature', board: [START, ROAD_TILE, PENNANT], figures: [KNIGHT], trace: CITY.slice(0, 2),
    text: 'After placing, you may put one of your 7 followers on a feature of that tile, if nobody holds the whole feature yet. Red stands a knight in this city. The city is still open.' },
  { title: 'A three-tile city with one pennant: 8 points', board: [START, ROAD_TILE, PENNANT, CAP], figures: [KNIGHT],
    trace: CITY, flash: { parts: CITY, points: 8, color: 'red' },
    text: 'This tile closes the city walls. A completed city scores 2 points per tile plus 2 per pennant: 3 tiles × 2 + 1 pennant × 2 = 8 points for Red.' },
  { title: 'The follower comes back', board: [START, ROAD_TILE, PENNANT, CAP], figures: [],
    text: 'When a road, city or monastery is completed and scored, its followers go back to their owners. Red has all 7 followers in hand again.' },
  { title: 'A farmer lies down and stays', board: [START, ROAD_TILE, PENNANT, CAP, FIELD_TILE], figures: [FARMER], trace: FIELD,
    text: 'Blue lays a farmer down in the field. Roads and city walls bound a field. A farmer never comes back during the game: it stays until the final scoring.' },
  { title: 'A field touching two completed cities: 6 points', board: [START, ROAD_TILE, PENNANT, CAP, FIELD_TILE, CLOSER],
    figures: [FARMER], trace: [...FIELD, ...SECOND_CITY], flash: { parts: FIELD, points: 6, color: 'blue' },
    text: 'A second city is closed next to the field. At the end of the game each completed city touching a field is worth 3 points to its farmer: 2 cities × 3 = 6 points for Blue. Open cities give a field nothing.' },
  { title: 'The River (an option)', board: RIVER_BOARD, figures: [], trace: RIVER_FIELD,
    text: 'With The River, the game starts at the spring and the River tiles come first: each must continue the river at the square the board marks, and it may not turn the same way twice in a row. The river is no feature and never scores. It splits the fields on its banks, except round the spring and the lake (traced here).' },
  { title: 'Ready', board: [START, ROAD_TILE, PENNANT, CAP, FIELD_TILE, CLOSER], figures: [FARMER],
    text: 'That is the game: place a matching tile, maybe claim a feature, score what you complete. Hover or tap any feature in a game to trace it across the map. This demo is not scored.' },
];

/**
 * Open the demonstration in an overlay.
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 */
export function openLearn(catalog) {
  const canvas = h('canvas.board.learn-board', { 'aria-label': 'Demonstration board' });
  const title = h('h2');
  const text = h('p.learn-text', { 'aria-live': 'polite' });
  const dots = h('div.dots');
  const back = h('button.ghost', { type: 'button', dataset: { action: 'learn-back' } }, '← Back');
  const next = h('button.primary', { type: 'button', dataset: { action: 'learn-next' } }, 'Next →');
  const close = h('button.icon.ghost.close', { type: 'button', title: 'Close (Esc)', 'aria-label': 'Close' }, '×');
  const overlay = h('div.overlay.learn', { role: 'dialog', 'aria-label': 'Learn the rules' },
    h('div.panel.learn-panel', null, close,
      h('div.board-wrap.learn-wrap', null, canvas),
      h('div.learn-body', null, title, text, h('div.row.learn-nav', null, back, dots, next))));
  document.body.append(overlay);
  const view = createBoardView(canvas);
  let step = 0;

  function show(i) {
    step = Math.max(0, Math.min(STEPS.length - 1, i));
    const st = STEPS[step];
    view.update({ catalog, board: st.board, figures: st.figures, colors: ['red', 'blue'],
      last: st.board[st.board.length - 1], trace: st.trace ?? [],
      flashes: st.flash ? [{ ...st.flash, start: performance.now() + 300 }] : [] });
    view.fit();
    title.textContent = `${step + 1}. ${st.title}`;
    text.textContent = st.text;
    fill(dots, ...STEPS.map((_, j) => h('span.dot', { class: j === step ? 'on' : '' })));
    back.disabled = step === 0;
    next.textContent = step === STEPS.length - 1 ? 'Done' : 'Next →';
    overlay.dataset.step = String(step);
  }
  function end() {
    document.removeEventListener('keydown', key, true);
    overlay.remove();
  }
  function key(e) {
    if (e.key === 'Escape') end();
    else if (e.key === 'ArrowRight') show(step + 1);
    else if (e.key === 'ArrowLeft') show(step - 1);
    else return;
    e.stopPropagation();
    e.preventDefault();
  }
  back.addEventListener('click', () => show(step - 1));
  next.addEventListener('click', () => (step === STEPS.length - 1 ? end() : show(step + 1)));
  close.addEventListener('click', end);
  document.addEventListener('keydown', key, true);
  requestAnimationFrame(() => show(0));
}
