// The banner over the board: whose turn (and the turn, the tiles left, a turn-based move's time
// left in `#move-left`), or "Game over" with the way to the results and to a rematch.
import { h, fill } from './dom.js';
import { colorStyle } from '../board/colors.js';
import { isMyTurn } from '../state.js';
import { leftText, timeLeft } from './pace.js';
import { bonusTurnText } from './words.js';
import { t } from '../i18n.js';

/**
 * @param {HTMLElement} el
 * @param {import('../state.js').ClientState} s
 * @param {number} now the server's wall time (Unix seconds)
 * @param {(what: 'results'|'lobby') => void} show the results, or the lobby for a rematch
 */
export function renderBanner(el, s, now, show) {
  const g = s.game;
  el.classList.remove('mine');
  if (!g) return fill(el);
  if (g.finished) {
    return fill(el, h('span', null, t('banner.over')),
      h('button.small', { type: 'button', onclick: () => show('results') }, t('results.label')),
      s.you.seat !== null ? h('button.small.gold', { type: 'button', onclick: () => show('lobby') }, t('results.rematch')) : null);
  }
  const who = g.players[g.current_player];
  const mine = isMyTurn(s);
  const left = timeLeft(g, now);
  fill(el, h('span.turn-chip', { style: colorStyle(who.color) }),
    h('span.banner-who', null, mine ? t('banner.yours') : t('banner.theirs', { name: who.name })),
    g.bonus_turn ? h('span.bonus-turn', { dataset: { bonusTurn: 'true' } }, bonusTurnText()) : null,
    h('span.muted-light', null, ` · ${t('banner.turn', { turn: g.turn + 1 })} · ${t('banner.left', { count: g.tiles_left })}`),
    left?.move != null ? h('span.deadline', { id: 'move-left', title: t('banner.moveLeft') }, leftText(left.move)) : null);
  el.classList.toggle('mine', mine);
}
