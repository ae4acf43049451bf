// The home page: my games, create a room, join one by code, the archive, learn mode.
import { loadCatalog } from '../net/api.js';
import { startLanguage } from '../ui/language.js';
import { heldSeats, renderMyGames, newlyWaiting, nextBackoff, refreshDelay, MOVED_KEY, EVERY_MS } from '../ui/mygames.js';
import { leftText } from '../ui/pace.js';
import { homeTitle, waitingText, markFavicon, notify, setupNotifyButton } from '../ui/notify.js';
import { saveToken, savedName, saveName } from '../net/identity.js';
import { tileBitmap } from '../board/tiles.js';
import { byId, h, fill, chip } from '../ui/dom.js';
import { openLearn } from '../ui/learn.js';
import { createBody, fillCreateForm } from '../ui/create.js';
import { t, formatDate } from '../i18n.js';
import { errorText } from '../ui/errors.js';
import { optionName, tilesetText } from '../ui/words.js';
import { RULES } from '../net/protocol.js';

// the words first: every part below words itself in the page's language
// A form sent before the words are here (and the forms' handlers set) is kept and sent once
// they are: natively it would only reload the page.
/** @type {HTMLFormElement|null} */
let early = null;
const keepEarly = (/** @type {SubmitEvent} */ e) => {
  e.preventDefault();
  early = /** @type {HTMLFormElement} */ (e.target);
};
document.addEventListener('submit', keepEarly);
await startLanguage();

const createForm = /** @type {HTMLFormElement} */ (byId('create-form'));
const joinForm = /** @type {HTMLFormElement} */ (byId('join-form'));
fillCreateForm(createForm);
const nameInput = /** @type {HTMLInputElement} */ (byId('name'));
if (!nameInput.value) nameInput.value = savedName(); // never over what was typed meanwhile
byId('home-lead').textContent = t('home.lead', { count: RULES.MAX_PLAYERS });

async function postJson(url, body) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.code ? errorText(data) : t('home.createFailed'));
  return data;
}

createForm.addEventListener('submit', async (e) => {
  e.preventDefault();
  const body = createBody(new FormData(createForm));
  saveName(body.name);
  try {
    const room = await postJson('/api/rooms', body);
    saveToken(room.code, room.token);
    location.href = room.link;
  } catch (err) {
    byId('create-error').textContent = err.message;
  }
});

joinForm.addEventListener('submit', async (e) => {
  e.preventDefault();
  const raw = String(new FormData(joinForm).get('code')).trim();
  const code = (raw.match(/\/r\/([^/?#]+)/)?.[1] ?? raw).toUpperCase();
  const res = await fetch(`/api/rooms/${encodeURIComponent(code)}`);
  if (res.ok) location.href = `/r/${encodeURIComponent(code)}`;
  else byId('join-error').textContent = res.status === 404 ? t('home.noRoom', { code }) : t('home.noAnswer');
});
document.removeEventListener('submit', keepEarly);
/** @type {HTMLFormElement|null} */ (early)?.requestSubmit();

async function showArchive() {
  const list = byId('archive');
  try {
    const res = await fetch('/api/games?per_page=30');
    const page = await res.json();
    if (!page.items.length) return fill(list, h('li.muted', null, t('archive.none')));
    fill(list, ...page.items.map((g) => {
      // a game nobody scored in (ended at once) has no winner, whatever the tie says
      const scored = g.players.some((p) => (p.score ?? 0) > 0);
      return h('li', { dataset: { game: String(g.id) } }, h('a', { href: `/games/${g.id}` },
        h('span.when', null, [formatDate(new Date(g.finished_at ?? g.started_at)), t('mygames.turns', { count: g.turns }),
          tilesetText(g.options.tileset) + ['river', 'inns_cathedrals', 'traders_builders'].filter((k) => g.options[k])
            .map((k) => ` + ${optionName(k)}`).join(''),
          g.ended_early ? t('archive.endedEarly') : null, scored ? null : t('archive.nobodyScored'),
          g.players.some((p) => p.analysis) ? t('archive.analysis') : null].filter(Boolean).join(' · ')),
        h('span.who', null, ...g.players.map((p) => {
          const won = scored && p.winner;
          return h('span', { class: won ? 'win' : '' }, chip(p.color), ` ${p.name} ${p.score ?? ''}${won ? ' ★' : ''}`);
        }))));
    }));
  } catch {
    fill(list, h('li.muted', null, t('archive.unavailable')));
  }
}

/** A faint strip of tiles behind the title. */
function paintHero(catalog) {
  // a phone keeps the plain backdrop: painting tiles is the most work of its first load
  if (!matchMedia('(min-width: 761px)').matches) return;
  const canvas = /** @type {HTMLCanvasElement} */ (byId('hero-tiles'));
  // a faint backdrop (see home.css): CSS pixels are enough, and a few pictures repeated, each
  // painted while the page is idle (a tile takes a phone tens of ms: the first load must not
  // wait for its backdrop)
  canvas.width = canvas.clientWidth;
  canvas.height = canvas.clientHeight;
  const ctx = canvas.getContext('2d');
  const ids = Object.keys(catalog);
  const size = 96;
  const cells = [];
  for (let y = 0; y < canvas.height; y += size) for (let x = 0; x < canvas.width; x += size) cells.push([x, y]);
  const idle = window.requestIdleCallback ?? ((fn) => setTimeout(fn, 16));
  const step = (i) => () => {
    if (i >= cells.length) return;
    const k = i % HERO_PICTURES;
    const id = ids[(k * 7) % ids.length];
    ctx.drawImage(tileBitmap(id, catalog[id], ((k * 3) % 4) * 90, size), ...cells[i]);
    idle(step(i + 1));
  };
  idle(step(0));
}

/** How many different tile pictures the backdrop repeats. */
const HERO_PICTURES = 7;

const TITLE = document.title;
const mine = {
  /** @type {any} the server's last answer */ data: null,
  /** performance.now() when it came */ at: 0,
  /** ms to wait after a 429, 0 when all is well */ backoff: 0,
  timer: 0,
  loading: false,
  /** another refresh was asked for while one was under way */ again: false,
  /** @type {Set<string>|null} the rooms that waited for this player at the last answer */ waiting: null,
};

/**
 * Ask the server about the seats this browser holds (the tokens in the body, never in the
 * URL) and show the answer. Tokens the server does not list are kept: a token may name the
 * host of a room whose seat they gave up, or sit again later.
 */
async function refreshMyGames() {
  if (mine.loading) {
    mine.again = true;
    return;
  }
  clearTimeout(mine.timer);
  const seats = heldSeats(localStorage);
  const note = byId('my-games-note');
  if (!seats.length) {
    showMyGames({ now: new Date().toISOString(), your_turn: 0, games: [] });
    return schedule();
  }
  mine.loading = true;
  try {
    const res = await fetch('/api/my-games', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seats }) });
    mine.backoff = nextBackoff(mine.backoff, res.status);
    if (res.status === 429) {
      note.textContent = t('mygames.busy');
    } else if (!res.ok) {
      throw new Error(t('mygames.status', { status: String(res.status) }));
    } else {
      note.textContent = '';
      const data = await res.json();
      const fresh = newlyWaiting(mine.waiting, data);
      showMyGames(data);
      if (document.hidden) fresh.forEach(notifyWaiting);
    }
  } catch (err) {
    note.textContent = t('mygames.failed', { why: err instanceof Error ? err.message : String(err) });
  } finally {
    mine.loading = false;
    schedule();
  }
  if (mine.again) {
    mine.again = false;
    refreshMyGames();
  }
}

function schedule() {
  clearTimeout(mine.timer);
  mine.timer = window.setTimeout(refreshMyGames, refreshDelay(mine.backoff, document.hidden));
}

/** @param {any} data */
function showMyGames(data) {
  mine.data = data;
  mine.at = performance.now();
  mine.waiting = new Set(data.games.filter((g) => g.your_turn).map((g) => g.room));
  renderMyGames(byId('my-games'), data, 0);
  const waiting = waitingText(data.your_turn);
  const badge = byId('my-games-waiting');
  badge.hidden = !waiting;
  badge.textContent = waiting;
  document.title = homeTitle(TITLE, data.your_turn);
  markFavicon(data.your_turn > 0);
}

/** A notification for a game that now waits for this player (its tag the room: one per game). */
function notifyWaiting(g) {
  const mover = g.last_move && g.last_move.seat !== g.seat ? `${t('tell.played', { name: g.last_move.name })} ` : '';
  const left = g.move_deadline ? leftText((Date.parse(g.move_deadline) - Date.parse(mine.data.now)) / 1000) : null;
  notify(t('tell.title', { code: g.room.toUpperCase() }), `${mover}${left ? t('tell.yourMoveLeft', { left }) : t('tell.yourMove')}`, g.room);
}

setupNotifyButton(/** @type {HTMLButtonElement} */ (byId('notify')));
refreshMyGames();
// back to the page: bring the list up to date at once (unless the server asked us to wait)
document.addEventListener('visibilitychange', () => {
  if (!document.hidden && !mine.backoff) refreshMyGames();
});
// a seat taken, or a game that moved on, in another tab of this browser
window.addEventListener('storage', (e) => {
  if (!mine.backoff && (e.key === null || e.key === MOVED_KEY || e.key.startsWith('carc:token:'))) refreshMyGames();
});
// the time left counts down between two answers
window.setInterval(() => {
  if (mine.data && !document.hidden) renderMyGames(byId('my-games'), mine.data, (performance.now() - mine.at) / 1000);
}, EVERY_MS / 2);

showArchive();
// the room page's "join with another code" lands here (after the page has scrolled to it)
if (location.hash === '#join') requestAnimationFrame(() => byId('code').focus());
const catalogLoaded = loadCatalog();
// set at once, so that a press while the tiles are still coming opens Learn when they are here
byId('learn').addEventListener('click', async () => openLearn(await catalogLoaded));
catalogLoaded.then((catalog) => {
  fillCreateForm(createForm, catalog);
  paintHero(catalog);
});
// every handler is set: the forms and buttons are ours now (a hook for the tests too)
document.body.dataset.ready = 'true';
