// The players panel: colour, name, score, figures in hand, presence, who a bot plays for,
// whose turn, each bank of the turn clock when there is one, and who is watching.
import { h, fill, chip, toast } from './dom.js';
import { botTag, botTitle, hostSeatControls } from './bots.js';
import { clockCell } from './clock.js';

const PRESENCE = { online: 'online', away: 'away: nobody holds this seat' };

/**
 * @param {HTMLElement} el
 * @param {import('../state.js').ClientState} s
 * @param {import('./bots.js').BotActions} act
 */
export function renderPlayers(el, s, act) {
  const g = s.game;
  if (!g) return fill(el);
  const seats = s.room?.seats ?? [];
  const me = g.seats.indexOf(s.you.seat);
  const hostControls = s.you.host && !g.finished;
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
    h('span.pname', { title: p.name }, h('span.pname-text', null, p.name, i === me ? h('span.you', null, ' (you)') : null),
      seat?.bot_for_person ? null : botTag(seat)),
    h('span.presence', { title: seat?.bot && presence === 'bot' ? botTitle(seat) : PRESENCE[presence] ?? presence,
      class: away ? 'off' : presence === 'bot' ? 'bot' : 'on' }),
    h('span.figs', { title: `${p.followers} followers in hand${g.options.abbot ? `, abbot ${p.abbot ? 'in hand' : 'on the board'}` : ''}` },
      h('span.meeple-icon', { class: `c-${p.color}` }), `×${p.followers}`,
      g.options.abbot ? h('span.abbot-icon', { class: `c-${p.color} ${p.abbot ? '' : 'used'}`, title: 'abbot' }) : null),
    g.clock ? clockCell(i) : null,
    h('span.score', { dataset: { score: String(p.score) } }, String(p.score)),
    // "bot playing for NAME" is too long for the name's cell: it gets a line of its own
    seat?.bot_for_person ? botTag(seat) : null,
    hostControls && i !== me ? hostSeatControls(seat, act) : null);
  });
  fill(el, h('h3', null, 'Players'), h('ol.player-list', { class: g.clock ? 'with-clock' : '' }, ...rows),
    watchers(s.room?.spectators));
}

/**
 * "3 watching", with the names on hover (a tooltip) or tap (a notice); null when nobody watches.
 * @param {{count: number, names: string[]}|undefined} spectators
 */
function watchers(spectators) {
  if (!spectators?.count) return null;
  const names = `Watching: ${spectators.names.join(', ')}`;
  return h('button.watchers-count', { type: 'button', title: names, 'aria-label': names,
    dataset: { watchers: String(spectators.count) }, onclick: () => toast(names) }, `${spectators.count} watching`);
}
