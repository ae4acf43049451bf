// The turn log: placements, discards and scoring in words, newest last.
import { h, fill, chip } from './dom.js';
import { eventText } from './words.js';

/**
 * @param {HTMLElement} el
 * @param {any} game the server's game view
 */
export function renderLog(el, game) {
  if (!game) return fill(el);
  const players = game.players;
  const byTurn = new Map();
  for (const e of game.events) {
    const key = e.final ? 'final' : e.turn;
    if (!byTurn.has(key)) byTurn.set(key, []);
    byTurn.get(key).push(e);
  }
  const items = [];
  const turns = game.turns ?? [];
  for (let t = 1; t <= game.turn; t++) {
    const turn = turns[t - 1];
    const p = turn ? players[turn.player] : null;
    if (turn) items.push(h('li.log-turn', null, chip(p.color), `${t}. ${turnText(turn, p)}`));
    for (const e of byTurn.get(t) ?? []) items.push(scoreItem(e, players, turn ? '' : `${t}. `));
  }
  if (byTurn.has('final')) {
    items.push(h('li.log-final', null, 'Final scoring'));
    for (const e of byTurn.get('final')) items.push(scoreItem(e, players, ''));
  }
  if (!items.length) items.push(h('li.muted', null, 'No turns yet.'));
  fill(el, ...items);
  el.scrollTop = el.scrollHeight;
}

function scoreItem(e, players, prefix) {
  const color = players[e.players[0]]?.color ?? 'red';
  return h('li.log-score', { class: `c-${color}` }, h('span.pts', null, `+${e.points}`), `${prefix}${eventText(e, players)}`);
}

function turnText(turn, p) {
  if (turn.discarded) return `${p.name} drew ${turn.discarded}: it fits nowhere, discarded.`;
  const figure = turn.return_abbot ? ' and took the abbot back'
    : turn.meeple ? ` with ${turn.meeple.kind === 'abbot' ? 'the abbot' : 'a follower'}` : '';
  return `${p.name} placed ${turn.tile} at ${turn.x},${turn.y}${figure}.`;
}
