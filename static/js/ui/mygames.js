// My games, on the home page: every room this browser holds a seat in (the seat tokens it
// keeps, one per room: net/identity.js), as `POST /api/my-games` describes them. The tokens go
// in the request's body only. The words and the order are pure functions (tested without a
// browser); `renderMyGames` puts them on the page, names always as text.
import { h, fill, chip } from './dom.js';
import { offsetWords, joinNames, goodsList } from './words.js';
import { t } from '../i18n.js';
import { leftText, agoText, durationText } from './pace.js';

const TOKEN_PREFIX = 'carc:token:';
/** The server reads at most this many seats a request. */
export const MAX_SEATS = 100;
/** Written by a room page when its game moves on, so that home pages in other tabs refresh. */
export const MOVED_KEY = 'carc:moved';

/**
 * The seats this browser holds: `{room, token}` for every room it keeps a token for.
 * @param {Storage} storage
 * @returns {{room: string, token: string}[]}
 */
export function heldSeats(storage) {
  const seats = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(TOKEN_PREFIX)) continue;
    const token = storage.getItem(key);
    if (token) seats.push({ room: key.slice(TOKEN_PREFIX.length), token });
  }
  seats.sort((a, b) => a.room.localeCompare(b.room));
  return seats.slice(0, MAX_SEATS);
}

/** Refresh My games this often (ms): while the page is in view, and while it is not. */
export const EVERY_MS = 30000;
export const HIDDEN_EVERY_MS = 60000;
/** After a 429 (too many requests), wait this long, doubling up to the most. */
export const BACKOFF_MS = 60000;
export const MAX_BACKOFF_MS = 600000;

/**
 * How long to wait after a 429 (too many requests): a minute, doubling up to ten; 0 after any
 * other answer.
 * @param {number} backoff the wait so far (0: none) @param {number} status the answer's status
 */
export function nextBackoff(backoff, status) {
  if (status !== 429) return 0;
  return Math.min(backoff ? backoff * 2 : BACKOFF_MS, MAX_BACKOFF_MS);
}

/**
 * The wait before the next refresh (ms).
 * @param {number} backoff @param {boolean} hidden
 */
export function refreshDelay(backoff, hidden) {
  return backoff || (hidden ? HIDDEN_EVERY_MS : EVERY_MS);
}

/**
 * The games in the order to list them: waiting for you first, then as the server sent them
 * (it puts the soonest deadline first among those, and the latest activity first after).
 * @template {{your_turn: boolean}} T @param {T[]} games @returns {T[]}
 */
export function orderGames(games) {
  return [...games.filter((g) => g.your_turn), ...games.filter((g) => !g.your_turn)];
}

/** Seconds from ISO time `a` to ISO time `b`. */
function secondsBetween(a, b) {
  return (Date.parse(b) - Date.parse(a)) / 1000;
}

/**
 * Where the game stands, in a few words: "Your move", "Bo to move", "A bot plays for you",
 * "In the lobby", "Finished: Ann won".
 * @param {any} g an entry of `games`
 */
export function stateText(g) {
  const byseat = new Map(g.players.map((p) => [p.seat, p]));
  if (g.status === 'lobby') return t('mygames.lobby');
  if (g.status === 'finished') {
    const youWon = g.winners.includes(g.seat);
    const names = g.winners.map((seat) => (seat === g.seat ? t('mygames.you') : byseat.get(seat)?.name ?? '?'));
    if (!names.length) return t('mygames.finished');
    if (names.length > 1) return t('mygames.shared', { names: joinNames(names) });
    return youWon ? t('mygames.youWon') : t('mygames.won', { name: names[0] });
  }
  if (g.your_turn) return t('mygames.yourMove');
  const me = byseat.get(g.seat);
  if (me?.bot && g.to_move === g.seat) return t('mygames.bot');
  const mover = byseat.get(g.to_move);
  if (!mover) return t('mygames.playing');
  return t('mygames.toMove', { name: mover.bot ? `${mover.name} ${t('mygames.bot.tag')}` : mover.name });
}

/**
 * The last tile placed, in words: "Bo placed a tile north of the start tile · 3 h ago".
 * @param {any} g an entry of `games` @param {string} now the server's time (ISO)
 */
export function lastMoveText(g, now) {
  const m = g.last_move;
  if (!m) return '';
  const where = t('where.start', { offset: offsetWords(m.x, m.y) });
  const placed = m.seat === g.seat ? t('mygames.youPlaced', { where }) : t('turn.placedWhere', { name: m.name, where });
  return `${placed} · ${agoText(secondsBetween(m.at, now))}`;
}

/**
 * One game of the list as the page shows it.
 * @param {any} g an entry of `games` @param {string} now the server's time (ISO) to count from
 */
export function gameRow(g, now) {
  const playing = g.status === 'playing';
  const moveLeft = playing && g.move_deadline ? secondsBetween(now, g.move_deadline) : null;
  const gameLeft = playing && g.game_deadline ? secondsBetween(now, g.game_deadline) : null;
  const facts = [t(g.pace === 'turn' ? 'mygames.turnBased' : 'mygames.live')];
  if (playing) facts.push(t('banner.turn', { turn: g.turn + 1 }));
  if (g.status === 'finished') facts.push(t('mygames.turns', { count: g.turn }));
  if (playing && g.tiles_left !== null) facts.push(t('replay.tilesLeft', { count: g.tiles_left }));
  if (gameLeft !== null) facts.push(t('mygames.gameEnds', { time: durationText(gameLeft) }));
  return {
    room: g.room,
    link: g.link,
    status: g.status,
    yourTurn: g.your_turn,
    state: stateText(g),
    left: moveLeft === null ? '' : leftText(moveLeft),
    last: lastMoveText(g, now),
    facts: facts.join(' · '),
    players: g.players.map((p) => ({ name: p.name, color: p.color, score: p.score, you: p.you, bot: p.bot,
      toMove: playing && p.seat === g.to_move, goods: goodsWords(p.goods) })),
  };
}

/**
 * A player's goods tokens (Traders & Builders) in words, "2 wine and 1 cloth", or '' when the
 * game has none or the player holds none. @param {Record<string, number>|null|undefined} goods
 */
function goodsWords(goods) {
  return goods && Object.values(goods).some((n) => n > 0) ? goodsList(goods) : '';
}

/**
 * The server's time now, from the answer's `now` and the seconds since it came.
 * @param {string} now ISO @param {number} elapsed seconds
 */
export function serverTime(now, elapsed) {
  return new Date(Date.parse(now) + elapsed * 1000).toISOString();
}

/**
 * The rooms that wait for you in `data` and did not in `before` (a notification each).
 * @param {Set<string>|null} before rooms that waited before (null: the first answer, no news)
 * @param {any} data the answer
 */
export function newlyWaiting(before, data) {
  const waiting = data.games.filter((g) => g.your_turn);
  return before === null ? [] : waiting.filter((g) => !before.has(g.room));
}

/** @type {WeakMap<HTMLElement, string>} what each list shows now */
const shown = new WeakMap();

/**
 * Show the list.
 * @param {HTMLElement} list the `<ol>` @param {any} data the answer of `POST /api/my-games`
 * @param {number} elapsed seconds since it came
 */
export function renderMyGames(list, data, elapsed) {
  const now = serverTime(data.now, elapsed);
  const rows = orderGames(data.games).map((g) => gameRow(g, now));
  // redrawn only when something it says changed (a focused link stays where it is)
  const key = JSON.stringify(rows);
  if (shown.get(list) === key) return;
  shown.set(list, key);
  if (!rows.length) {
    return fill(list, h('li.muted.empty', null, t('mygames.none')));
  }
  fill(list, ...rows.map((row) => h('li.my-game', { class: row.yourTurn ? 'your-move' : '', dataset: { room: row.room, status: row.status } },
    h('a', { href: row.link },
      h('span.mg-top', null,
        h('strong.mg-room', null, t('lobby.title', { code: row.room.toUpperCase() })),
        h('span.mg-state', null, row.state),
        row.left ? h('span.mg-left', null, row.left) : null),
      h('span.mg-players', null, ...row.players.map((p) => h('span.mg-player', { class: p.toMove ? 'to-move' : '' },
        chip(p.color), ` ${p.name}${p.you ? ` ${t('players.you')}` : ''}${p.bot ? ` ${t('mygames.bot.tag')}` : ''}`,
        p.score !== null ? h('span.mg-score', null, ` ${p.score}`) : null,
        p.goods ? h('span.mg-goods', { title: t('players.goods', { goods: p.goods }) }, ` · ${p.goods}`) : null))),
      row.last ? h('span.mg-last', null, row.last) : null,
      h('span.mg-facts', null, row.facts)))));
}
