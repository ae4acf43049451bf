// End of game: winners (shared wins shown), the breakdown per player and category (and the
// hints each asked for), the score over the turns, and after a game without farmers the
// introduction's ending: a field of the final map traced with the cities it touches, what it
// would have scored, and a game with farmers one click away.
import { h, fill, chip } from './dom.js';
import { joinNames, featureName } from './words.js';
import { t } from '../i18n.js';
import { drawScoreChart, scoreSeries } from './chart.js';
import { createRenderer, emptyScene, FLASH_MS } from '../board/render.js';
import { createCamera, fit, boundsOf } from '../board/camera.js';
import { tableUseText } from './table.js';

const CATEGORIES = ['road', 'city', 'monastery', 'garden', 'abbot', 'field'];
/** Short column heads a phone shows instead of the word, so the table fits its box. */
const SHORT = {
  road: 'results.short.road', city: 'results.short.city', monastery: 'results.short.monastery', garden: 'results.short.garden',
  abbot: 'results.short.abbot', field: 'results.short.field', goods: 'results.short.goods',
};
/** The column heads in full. */
const LONG = { abbot: 'results.long.abbot', goods: 'results.long.goods' };

/** "Ann wins!", "Shared win: Ann and Bo", or "Nobody scored" when nobody did (a game ended at once). */
export function resultTitle(results, players) {
  if (Math.max(...results.scores) <= 0) return t('results.nobody');
  const winners = results.winners.map((i) => players[i].name);
  return winners.length > 1 ? t('results.shared', { names: joinNames(winners) }) : t('results.wins', { name: winners[0] });
}

/**
 * What the field of the lesson would have scored, in words: "3 per completed city: 9".
 * @param {{cities: any[], per_city: number, points: number}} lesson `results.field_lesson`
 */
export function lessonText(lesson) {
  return t('results.lesson', { count: lesson.cities.length, cities: t('count.completedCities', { count: lesson.cities.length }),
    per: lesson.per_city, points: lesson.points });
}

/**
 * @typedef {object} ResultsActions
 * @property {(() => void)|null} rematch back to the lobby (seated viewers)
 * @property {() => void} close
 * @property {(() => void)|null} playWithFarmers the host's rematch with farmers on (after a
 *   game without farmers)
 * @property {string} advice the table's advice level (`options.hints`)
 * @property {Record<string, any>} catalog
 * @property {(scene: any) => void} [onLesson] the scene of the lesson's map once drawn (a test hook)
 */

/**
 * @param {HTMLElement} el
 * @param {any} game finished game view (with `results`)
 * @param {ResultsActions} act
 */
export function renderResults(el, game, act) {
  const r = game.results;
  const players = game.players;
  const title = resultTitle(r, players);
  const nobody = Math.max(...r.scores) <= 0;
  const won = (i) => !nobody && r.winners.includes(i);
  const used = [...CATEGORIES.filter((c) => c !== 'garden' && c !== 'abbot' || game.options.abbot),
    ...(game.options.traders_builders ? ['goods'] : [])];
  const order = players.map((_, i) => i).sort((a, b) => r.scores[b] - r.scores[a]);
  // the hints each player asked for: shown whenever the table had advice (or anyone used it)
  const hints = r.hints && (act.advice !== 'off' || r.hints.some((n) => n > 0)) ? r.hints : null;
  const table = h('table.breakdown', null,
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, t('results.player')), h('th', { scope: 'col' }, t('results.total')),
      ...used.map((c) => {
        const long = LONG[c] ? t(LONG[c]) : featureName(c);
        return h('th', { scope: 'col', title: long, dataset: { short: t(SHORT[c]) } }, h('span.long', null, long));
      }),
      hints ? h('th', { scope: 'col', title: t('results.hints.title'), dataset: { short: t('results.short.hints') } },
        h('span.long', null, t('results.hints'))) : null)),
    h('tbody', null, ...order.map((i) => h('tr', { class: won(i) ? 'winner' : '', dataset: { player: String(i) } },
      h('th', { scope: 'row' }, chip(players[i].color), ' ', players[i].name, won(i) ? ' ★' : ''),
      h('td.total', null, String(r.scores[i])),
      ...used.map((c) => h('td', null, String(r.breakdown[i]?.[c] ?? 0))),
      hints ? h('td.hints', null, String(hints[i] ?? 0)) : null))));
  const wrap = h('div.breakdown-wrap', { tabindex: '0', 'aria-label': t('results.breakdown') }, table);
  const chart = h('canvas.score-chart', { 'aria-label': t('results.chart') });
  const legend = h('div.legend', null, ...players.map((p) => h('span', null, chip(p.color), ` ${p.name}`)));
  const lesson = fieldLesson(r.field_lesson, act);
  fill(el, h('div.panel.results', { role: 'dialog', 'aria-label': t('results.label') },
    h('h2.winner-title', { tabindex: '-1' }, title),
    r.ended_early ? h('p.muted', null, t('results.endedEarly')) : null,
    wrap,
    tableUseText(players, r.analysis) ? h('p.muted.table-use', null, tableUseText(players, r.analysis)) : null,
    h('h3', null, t('results.chart')), chart, legend,
    game.options.farmers ? null : lesson.section,
    h('div.row.results-actions', null,
      act.rematch ? h('button.gold', { type: 'button', onclick: act.rematch, dataset: { action: 'rematch' } }, t('results.rematch')) : null,
      game.id ? h('a.button', { href: `/games/${game.id}`, dataset: { action: 'replay' } }, t('results.replay')) : null,
      h('button.ghost', { type: 'button', onclick: act.close }, t('results.board')))));
  requestAnimationFrame(() => {
    // a table wider than its box says so (a shadow at the edge), and scrolls
    wrap.classList.toggle('scrolls', wrap.scrollWidth > wrap.clientWidth + 1);
  });
  requestAnimationFrame(() => drawScoreChart(chart, scoreSeries(game.events, players.length, game.turn), players.map((p) => p.color)));
  if (!game.options.farmers) requestAnimationFrame(() => lesson.draw(game));
}

/**
 * The end of the introductory game: the field of the final map with the most completed
 * cities around it, traced with them (as the server chose it), and what it would have scored.
 * @param {{field: any, cities: any[], per_city: number, points: number}|null} lesson
 * @param {ResultsActions} act
 */
function fieldLesson(lesson, act) {
  const canvas = lesson ? h('canvas.lesson-board', { role: 'img',
    'aria-label': t('results.lesson.map', { text: lessonText(lesson) }) }) : null;
  const section = h('section.field-lesson', { 'aria-label': t('results.lesson.title') },
    h('h3', null, t('results.lesson.title')),
    lesson ? canvas : null,
    h('p.lesson-text', null, lesson ? lessonText(lesson)
      : t('results.lesson.none')),
    act.playWithFarmers
      ? h('button.gold', { type: 'button', onclick: act.playWithFarmers, dataset: { action: 'play-with-farmers' } },
        t('results.withFarmers'))
      : h('p.muted', null, t('results.hostFarmers')));
  /** Draw the final map with the field and its cities traced, fitted to the canvas. */
  const draw = (game) => {
    if (!lesson || !canvas) return;
    const scene = { ...emptyScene(), catalog: act.catalog, board: game.board, figures: game.figures,
      colors: game.players.map((p) => p.color), trace: lesson.field.parts, trace2: lesson.cities.flatMap((c) => c.parts) };
    // the field lit up with its "+N", as a scoring is shown on the board (held while bright)
    const flash = { parts: lesson.field.parts, points: lesson.points, color: null, start: performance.now() - FLASH_MS * 0.6 };
    const cam = createCamera();
    // close enough on the field and its cities to read them, with a tile of the map around
    fit(cam, canvas.clientWidth || 300, canvas.clientHeight || 200, boundsOf([...scene.trace, ...scene.trace2]), 1);
    createRenderer(canvas, () => ({ ...scene, trace: [], flashes: [flash] }), () => cam).drawNow();
    act.onLesson?.(scene);
  };
  return { section, draw };
}
