// Learn mode: the rule guide's unscored demonstration, played step by step on a canvas.
// The placements and numbers are a fixed script taken from the rule text; no rules run here.
import { h, fill } from './dom.js';
import { createBoardView } from '../board/view.js';
import { RIVER_BOARD, RIVER_FIELD, CATHEDRAL_BOARD, INN_BOARD, GOODS_BOARD, BUILDER_BOARD, BUILDER_FIGURES } from './rules.js';
import { colorName } from './words.js';
import { COLORS, RULES } from '../net/protocol.js';
import { t } from '../i18n.js';

/** The demonstration's two players: their colours, and their colours in words ("Red"). */
const [FIRST, SECOND] = COLORS;
const FOLLOWERS = RULES.FOLLOWERS;
const PER_CITY = RULES.FIELD_POINTS_PER_CITY;

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
 *   flash?: {parts: object[], points: number, color: string}}} Step `title` and `text`: catalogue
 *   keys, worded with the players' colours and the rules' numbers (`words()`)
 * @type {Step[]}
 */
const STEPS = [
  { title: 'learn.1.title', board: [START, ROAD_TILE], figures: [], trace: ROAD,
    text: 'learn.1.text' },
  { title: 'learn.2.title', board: [START, ROAD_TILE, PENNANT], figures: [KNIGHT], trace: CITY.slice(0, 2),
    text: 'learn.2.text' },
  { title: 'learn.3.title', board: [START, ROAD_TILE, PENNANT, CAP], figures: [KNIGHT],
    trace: CITY, flash: { parts: CITY, points: 8, color: FIRST },
    text: 'learn.3.text' },
  { title: 'learn.4.title', board: [START, ROAD_TILE, PENNANT, CAP], figures: [],
    text: 'learn.4.text' },
  { title: 'learn.5.title', board: [START, ROAD_TILE, PENNANT, CAP, FIELD_TILE], figures: [FARMER], trace: FIELD,
    text: 'learn.5.text' },
  { title: 'learn.6.title', board: [START, ROAD_TILE, PENNANT, CAP, FIELD_TILE, CLOSER],
    figures: [FARMER], trace: [...FIELD, ...SECOND_CITY], flash: { parts: FIELD, points: 2 * PER_CITY, color: SECOND },
    text: 'learn.6.text' },
  { title: 'learn.7.title', board: RIVER_BOARD, figures: [], trace: RIVER_FIELD,
    text: 'learn.7.text' },
  // the expansions: their marks shown bare (a trace would cover the cathedral and the wine)
  { title: 'learn.9.title', board: [...CATHEDRAL_BOARD, ...INN_BOARD.map((p) => ({ ...p, y: p.y + 2 }))],
    figures: [{ player: 0, kind: 'large', x: 0, y: 0, at: 'N', feature: 'city' }], text: 'learn.9.text' },
  { title: 'learn.10.title', board: [...GOODS_BOARD.map((p) => ({ ...p, x: p.x + 2, y: p.y - 1 })), ...BUILDER_BOARD],
    figures: [{ player: 1, kind: 'follower', x: 2, y: -1, at: 'N', feature: 'city' }, ...BUILDER_FIGURES], text: 'learn.10.text' },
  { title: 'learn.8.title', board: [START, ROAD_TILE, PENNANT, CAP, FIELD_TILE, CLOSER], figures: [FARMER],
    text: 'learn.8.text' },
];

/**
 * Open the demonstration in an overlay.
 * @param {Record<string, import('../board/shapes.js').TileDef>} catalog
 */
export function openLearn(catalog) {
  const canvas = h('canvas.board.learn-board', { 'aria-label': t('learn.board') });
  const title = h('h2');
  const text = h('p.learn-text', { 'aria-live': 'polite' });
  const dots = h('div.dots');
  const back = h('button.ghost', { type: 'button', dataset: { action: 'learn-back' } }, `← ${t('learn.back')}`);
  const next = h('button.primary', { type: 'button', dataset: { action: 'learn-next' } }, `${t('learn.next')} →`);
  const close = h('button.icon.ghost.close', { type: 'button', title: t('close.title'), 'aria-label': t('close') }, '×');
  const overlay = h('div.overlay.learn', { role: 'dialog', 'aria-label': t('learn.open') },
    h('div.panel.learn-panel', null, close,
      h('div.board-wrap.learn-wrap', null, canvas),
      h('div.learn-body', null, title, text, h('div.row.learn-nav', null, back, dots, next))));
  document.body.append(overlay);
  const view = createBoardView(canvas);
  let step = 0;

  function show(i) {
    step = Math.max(0, Math.min(STEPS.length - 1, i));
    const st = STEPS[step];
    view.update({ catalog, board: st.board, figures: st.figures, colors: [FIRST, SECOND],
      last: st.board[st.board.length - 1], trace: st.trace ?? [],
      flashes: st.flash ? [{ ...st.flash, start: performance.now() + 300 }] : [] });
    view.fit();
    const words = { one: colorName(FIRST), two: colorName(SECOND), count: FOLLOWERS, per: PER_CITY, field: 2 * PER_CITY };
    title.textContent = `${step + 1}. ${t(st.title, words)}`;
    text.textContent = t(st.text, words);
    fill(dots, ...STEPS.map((_, j) => h('span.dot', { class: j === step ? 'on' : '' })));
    back.disabled = step === 0;
    next.textContent = step === STEPS.length - 1 ? t('learn.done') : `${t('learn.next')} →`;
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
