// The players panel: colour, name, score, figures in hand, presence, who a bot plays for,
// whose turn, each bank of the turn clock when there is one, and who is watching. A row is
// rebuilt only when something it shows changed (the state's unchanged parts keep their
// identity), so a move touches the row of the player who moved and the one who moves next.
import { h, fill, chip, toast } from './dom.js';
import { botTag, botTitle, hostSeatControls } from './bots.js';
import { clockCell } from './clock.js';
import { adviceText, plural } from './words.js';

const PRESENCE = { online: 'online', away: 'away: nobody holds this seat' };

/**
 * @param {HTMLElement} root the panel, holding `.player-list`, `#watchers` and `#game-menu`
 * @param {import('./bots.js').BotActions & {endGame: () => void}} act
 * @returns {(s: import('../state.js').ClientState) => void} shows the state
 */
export function playersPanel(root, act) {
  const list = /** @type {HTMLElement} */ (root.querySelector('.player-list'));
  const watchersEl = /** @type {HTMLElement} */ (root.querySelector('#watchers'));
  const menu = /** @type {HTMLElement} */ (root.querySelector('#game-menu'));
  /** @type {{deps: any[], el: HTMLElement}[]} */
  let rows = [];
  /** @type {any[]} */
  let watcherDeps = [];
  let menuKey = '';

  return (s) => {
    const g = s.game;
    root.hidden = !g;
    if (!g) {
      fill(list);
      rows = [];
      return;
    }
    const seats = s.room?.seats ?? [];
    const me = g.seats.indexOf(s.you.seat);
    const hostControls = s.you.host && !g.finished;
    // the advice the table agreed on, and each player's hints, are there for everyone to see
    const advice = s.room?.options?.hints ?? 'off';
    const hints = advice !== 'off' || (g.hints ?? []).some((n) => n > 0) ? g.hints ?? [] : null;
    list.classList.toggle('with-clock', !!g.clock);
    g.players.forEach((p, i) => {
      const seat = seats.find((x) => x.seat === g.seats[i]);
      const current = !g.finished && g.current_player === i;
      const deps = [p, seat, current, i === me, hostControls, !!g.clock, g.options.abbot, hints?.[i]];
      if (rows[i] && sameList(rows[i].deps, deps)) return;
      const el = row(p, i, seat, current, i === me, hostControls, g, act, hints?.[i]);
      if (rows[i]) rows[i].el.replaceWith(el);
      else list.append(el);
      rows[i] = { deps, el };
    });
    while (rows.length > g.players.length) rows.pop()?.el.remove();
    const spectators = s.room?.spectators;
    if (!sameList(watcherDeps, [spectators])) {
      watcherDeps = [spectators];
      fill(watchersEl, watchers(spectators));
    }
    // the host's way to end the game lives here, not in the banner of every turn
    const key = `${hostControls}|${g.turn}|${advice}`;
    if (key !== menuKey) {
      menuKey = key;
      fill(menu, advice !== 'off' ? h('span.advice', { dataset: { advice } }, adviceText(advice)) : null,
        hostControls ? h('button.small.ghost.end-game', { type: 'button', title: 'End the game now and score it',
          dataset: { action: 'end-game' }, onclick: act.endGame }, 'End game…') : null);
    }
  };
}

function row(p, i, seat, current, isMe, hostControls, g, act, hints) {
  const presence = seat?.presence ?? 'away';
  const away = presence === 'away';
  return h('li.player', {
    class: [current && 'current', away && 'away'].filter(Boolean).join(' '),
    dataset: { player: String(i) },
    'aria-current': current ? 'true' : 'false',
  },
  chip(p.color),
  h('span.pname', { title: p.name }, h('span.pname-text', null, p.name, isMe ? h('span.you', null, ' (you)') : null),
    seat?.bot_for_person ? null : botTag(seat),
    // a player who asked for hints says so, for everyone to see (none: nothing to say)
    hints ? h('span.hints-used', { dataset: { hints: String(hints) }, title: 'hints asked for this game' },
      plural(hints, 'hint')) : null),
  h('span.presence', { title: seat?.bot && presence === 'bot' ? botTitle(seat) : PRESENCE[presence] ?? presence,
    class: away ? 'off' : presence === 'bot' ? 'bot' : 'on' }),
  h('span.figs', { title: `${p.followers} followers in hand${g.options.abbot ? `, abbot ${p.abbot ? 'in hand' : 'on the board'}` : ''}` },
    h('span.meeple-icon', { class: `c-${p.color}` }), `×${p.followers}`,
    g.options.abbot ? h('span.abbot-icon', { class: `c-${p.color} ${p.abbot ? '' : 'used'}`, title: 'abbot' }) : null),
  g.clock ? clockCell(i) : null,
  h('span.score', { dataset: { score: String(p.score) }, 'aria-label': `${p.name}: ${p.score} points` }, String(p.score)),
  // "bot playing for NAME" is too long for the name's cell: it gets a line of its own
  seat?.bot_for_person ? botTag(seat) : null,
  hostControls && !isMe ? hostSeatControls(seat, act) : null);
}

function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
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
