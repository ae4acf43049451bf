// The players panel: colour, name, score, figures in hand, presence, whose turn.
import { h, fill, chip } from './dom.js';

/**
 * @param {HTMLElement} el
 * @param {import('../state.js').ClientState} s
 */
export function renderPlayers(el, s) {
  const g = s.game;
  if (!g) return fill(el);
  const seats = s.room?.seats ?? [];
  const me = g.seats.indexOf(s.you.seat);
  const rows = g.players.map((p, i) => {
    const seat = seats.find((x) => x.seat === g.seats[i]);
    const presence = seat?.presence ?? 'away';
    const away = presence === 'away';
    const current = !g.finished && g.current_player === i;
    return h('li.player', {
      class: [current && 'current', away && 'away'].filter(Boolean).join(' '),
      dataset: { player: String(i) },
      'aria-current': current ? 'true' : 'false',
    },
    chip(p.color),
    h('span.pname', null, p.name, i === me ? h('span.you', null, ' (you)') : null),
    h('span.presence', { title: presence === 'bot' ? 'a bot plays' : presence,
      class: away ? 'off' : presence === 'bot' ? 'bot' : 'on' }),
    h('span.figs', { title: `${p.followers} followers in hand${g.options.abbot ? `, abbot ${p.abbot ? 'in hand' : 'on the board'}` : ''}` },
      h('span.meeple-icon', { class: `c-${p.color}` }), `×${p.followers}`,
      g.options.abbot ? h('span.abbot-icon', { class: `c-${p.color} ${p.abbot ? '' : 'used'}`, title: 'abbot' }) : null),
    h('span.score', { dataset: { score: String(p.score) } }, String(p.score)));
  });
  fill(el, h('h3', null, 'Players'), h('ol.player-list', null, ...rows));
}
