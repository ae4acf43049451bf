// End of game: winners (shared wins shown), the breakdown per player and category, and the
// score over the turns.
import { h, fill, chip } from './dom.js';
import { joinNames } from './words.js';
import { drawScoreChart, scoreSeries } from './chart.js';

const CATEGORIES = ['road', 'city', 'monastery', 'garden', 'abbot', 'field'];
/** Short column heads a phone shows instead of the word, so the table fits its box. */
const SHORT = { road: 'Road', city: 'City', monastery: 'Mon.', garden: 'Gard.', abbot: 'Abb.', field: 'Field' };

/** "Ann wins!", "Shared win: Ann and Bo", or "Nobody scored" when nobody did (a game ended at once). */
export function resultTitle(results, players) {
  if (Math.max(...results.scores) <= 0) return 'Nobody scored';
  const winners = results.winners.map((i) => players[i].name);
  return winners.length > 1 ? `Shared win: ${joinNames(winners)}` : `${winners[0]} wins!`;
}

/**
 * @param {HTMLElement} el
 * @param {any} game finished game view (with `results`)
 * @param {{rematch: (() => void)|null, close: () => void}} act
 */
export function renderResults(el, game, act) {
  const r = game.results;
  const players = game.players;
  const title = resultTitle(r, players);
  const nobody = Math.max(...r.scores) <= 0;
  const won = (i) => !nobody && r.winners.includes(i);
  const used = CATEGORIES.filter((c) => c !== 'garden' && c !== 'abbot' || game.options.abbot);
  const order = players.map((_, i) => i).sort((a, b) => r.scores[b] - r.scores[a]);
  const table = h('table.breakdown', null,
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Total'),
      ...used.map((c) => h('th', { scope: 'col', title: c, dataset: { short: SHORT[c] } }, h('span.long', null, c))))),
    h('tbody', null, ...order.map((i) => h('tr', { class: won(i) ? 'winner' : '', dataset: { player: String(i) } },
      h('th', { scope: 'row' }, chip(players[i].color), ' ', players[i].name, won(i) ? ' ★' : ''),
      h('td.total', null, String(r.scores[i])),
      ...used.map((c) => h('td', null, String(r.breakdown[i]?.[c] ?? 0)))))));
  const wrap = h('div.breakdown-wrap', { tabindex: '0', 'aria-label': 'Points per player and feature' }, table);
  const chart = h('canvas.score-chart', { 'aria-label': 'Score over the turns' });
  const legend = h('div.legend', null, ...players.map((p) => h('span', null, chip(p.color), ` ${p.name}`)));
  fill(el, h('div.panel.results', { role: 'dialog', 'aria-label': 'Results' },
    h('h2.winner-title', { tabindex: '-1' }, title),
    r.ended_early ? h('p.muted', null, 'The game was ended early and scored as if the bag were empty.') : null,
    wrap,
    h('h3', null, 'Score over the turns'), chart, legend,
    h('div.row.results-actions', null,
      act.rematch ? h('button.gold', { type: 'button', onclick: act.rematch, dataset: { action: 'rematch' } }, 'Rematch') : null,
      game.id ? h('a.button', { href: `/games/${game.id}`, dataset: { action: 'replay' } }, 'Watch the replay') : null,
      h('button.ghost', { type: 'button', onclick: act.close }, 'See the board'))));
  requestAnimationFrame(() => {
    // a table wider than its box says so (a shadow at the edge), and scrolls
    wrap.classList.toggle('scrolls', wrap.scrollWidth > wrap.clientWidth + 1);
  });
  requestAnimationFrame(() => drawScoreChart(chart, scoreSeries(game.events, players.length, game.turn), players.map((p) => p.color)));
}
