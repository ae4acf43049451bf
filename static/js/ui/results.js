// End of game: winners (shared wins shown), the breakdown per player and category, and the
// score over the turns.
import { h, fill, chip } from './dom.js';
import { joinNames } from './words.js';
import { drawScoreChart, scoreSeries } from './chart.js';

const CATEGORIES = ['road', 'city', 'monastery', 'garden', 'abbot', 'field'];

/**
 * @param {HTMLElement} el
 * @param {any} game finished game view (with `results`)
 * @param {{rematch: (() => void)|null, close: () => void}} act
 */
export function renderResults(el, game, act) {
  const r = game.results;
  const players = game.players;
  const winners = r.winners.map((i) => players[i].name);
  const title = winners.length > 1 ? `Shared win: ${joinNames(winners)}` : `${winners[0]} wins!`;
  const used = CATEGORIES.filter((c) => c !== 'garden' && c !== 'abbot' || game.options.abbot);
  const order = players.map((_, i) => i).sort((a, b) => r.scores[b] - r.scores[a]);
  const table = h('table.breakdown', null,
    h('thead', null, h('tr', null, h('th', null, 'Player'), ...used.map((c) => h('th', null, c)), h('th', null, 'Total'))),
    h('tbody', null, ...order.map((i) => h('tr', { class: r.winners.includes(i) ? 'winner' : '', dataset: { player: String(i) } },
      h('td', null, chip(players[i].color), ' ', players[i].name, r.winners.includes(i) ? ' ★' : ''),
      ...used.map((c) => h('td', null, String(r.breakdown[i]?.[c] ?? 0))),
      h('td.total', null, String(r.scores[i]))))));
  const chart = h('canvas.score-chart', { 'aria-label': 'Score over the turns' });
  const legend = h('div.legend', null, ...players.map((p) => h('span', null, chip(p.color), ` ${p.name}`)));
  fill(el, h('div.panel.results', { role: 'dialog', 'aria-label': 'Results' },
    h('h2.winner-title', null, title),
    r.ended_early ? h('p.muted', null, 'The game was ended early and scored as if the bag were empty.') : null,
    h('div.breakdown-wrap', null, table),
    h('h3', null, 'Score over the turns'), chart, legend,
    h('div.row.results-actions', null,
      act.rematch ? h('button.gold', { type: 'button', onclick: act.rematch, dataset: { action: 'rematch' } }, 'Rematch') : null,
      game.id ? h('a.button', { href: `/games/${game.id}`, dataset: { action: 'replay' } }, 'Watch the replay') : null,
      h('button.ghost', { type: 'button', onclick: act.close }, 'See the board'))));
  requestAnimationFrame(() => drawScoreChart(chart, scoreSeries(game.events, players.length, game.turn), players.map((p) => p.color)));
}
