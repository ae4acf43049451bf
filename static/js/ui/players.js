// The players panel: colour, name, score, figures in hand, presence, who a bot plays for,
// whose turn, each bank of the turn clock when there is one, and who is watching. A row is
// rebuilt only when something it shows changed (the state's unchanged parts keep their
// identity), so a move touches the row of the player who moved and the one who moves next.
import { h, fill, chip, toast } from './dom.js';
import { botTag, botTitle, hostSeatControls } from './bots.js';
import { clockCell } from './clock.js';
import { adviceText, figurePlaceText, goodsText } from './words.js';
import { t } from '../i18n.js';
import { adviceLevel } from '../advice.js';
import { colorStyle } from '../board/colors.js';
import { figureImageURL } from '../board/figures.js';
import { GOODS, goodsImageURL } from '../board/goods.js';

const PRESENCE = { online: 'players.online', away: 'players.away' };

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
    const advice = adviceLevel(s);
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
        hostControls ? h('button.small.ghost.end-game', { type: 'button', title: t('players.end.title'),
          dataset: { action: 'end-game' }, onclick: act.endGame }, t('players.end')) : null);
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
  h('span.pname', { title: p.name }, h('span.pname-text', null, p.name, isMe ? h('span.you', null, ` ${t('players.you')}`) : null),
    seat?.bot_for_person ? null : botTag(seat),
    // a player who asked for hints says so, for everyone to see (none: nothing to say)
    hints ? h('span.hints-used', { dataset: { hints: String(hints) }, title: t('players.hints.title') },
      t('players.hints', { count: hints })) : null),
  h('span.presence', { title: seat?.bot && presence === 'bot' ? botTitle(seat) : PRESENCE[presence] ? t(PRESENCE[presence]) : presence,
    class: away ? 'off' : presence === 'bot' ? 'bot' : 'on' }),
  h('span.figs', { title: t('players.figures', { count: p.followers }) + (g.options.abbot ? t(p.abbot ? 'players.abbotHand' : 'players.abbotBoard') : '') },
    h('span.meeple-icon', { style: colorStyle(p.color) }), `×${p.followers}`,
    g.options.abbot ? h('span.abbot-icon', { style: colorStyle(p.color), class: p.abbot ? '' : 'used', title: t('players.abbot') }) : null,
    ...EXTRA_FIGURES.filter((kind) => kind in p).map((kind) => h('img.fig-icon', {
      src: figureImageURL(kind, p.color, 32), width: 16, height: 16, class: p[kind] ? '' : 'used',
      dataset: { figure: kind, inHand: String(p[kind]) },
      alt: figurePlaceText(kind, Boolean(p[kind])), title: figurePlaceText(kind, Boolean(p[kind])) }))),
  g.clock ? clockCell(i) : null,
  h('span.score', { dataset: { score: String(p.score) }, 'aria-label': t('players.score', { name: p.name, count: p.score }) }, String(p.score)),
  // the goods have a line of their own under the name
  p.goods ? goodsCell(p.goods) : null,
  // "bot playing for NAME" is too long for the name's cell: it gets a line of its own
  seat?.bot_for_person ? botTag(seat) : null,
  hostControls && !isMe ? hostSeatControls(seat, act) : null);
}

/** The figures of the expansions a player entry may list (`large`, `builder`, `pig`: 1 in hand, 0 on the board). */
const EXTRA_FIGURES = ['large', 'builder', 'pig'];

/** A player's goods tokens (Traders & Builders), each kind with its count, all three always shown. */
function goodsCell(goods) {
  const words = t('players.goods', { goods: GOODS.map((kind) => goodsText(kind, goods[kind])).join(', ') });
  return h('span.goods', { title: words, 'aria-label': words,
    dataset: Object.fromEntries(GOODS.map((kind) => [kind, String(goods[kind])])) },
  ...GOODS.map((kind) => h('span.good', { dataset: { good: kind } },
    h('img', { src: goodsImageURL(kind, 32), width: 14, height: 14, alt: '' }), String(goods[kind]))));
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
  const names = t('players.watching.names', { names: spectators.names.join(', ') });
  return h('button.watchers-count', { type: 'button', title: names, 'aria-label': names,
    dataset: { watchers: String(spectators.count) }, onclick: () => toast(names) }, t('players.watching', { count: spectators.count }));
}
