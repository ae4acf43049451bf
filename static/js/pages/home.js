// The home page: create a room, join one by code, the archive, learn mode.
import { loadCatalog } from '../net/api.js';
import { saveToken, savedName, saveName } from '../net/identity.js';
import { tileBitmap } from '../board/tiles.js';
import { byId, h, fill, chip } from '../ui/dom.js';
import { createPaceOptions } from '../ui/pace.js';
import { openLearn } from '../ui/learn.js';

const createForm = /** @type {HTMLFormElement} */ (byId('create-form'));
const joinForm = /** @type {HTMLFormElement} */ (byId('join-form'));
/** @type {HTMLInputElement} */ (byId('name')).value = savedName();

async function postJson(url, body) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(typeof data.detail === 'string' ? data.detail : 'The room could not be created.');
  return data;
}

createForm.addEventListener('submit', async (e) => {
  e.preventDefault();
  const f = new FormData(createForm);
  const name = String(f.get('name')).trim();
  saveName(name);
  try {
    const room = await postJson('/api/rooms', {
      name, color: f.get('color'),
      options: { tileset: f.get('tileset'), farmers: f.has('farmers'), abbot: f.has('abbot'), river: f.has('river'),
        seats: Number(f.get('seats')), ...createPaceOptions(String(f.get('pace'))) },
    });
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
  else byId('join-error').textContent = res.status === 404 ? `There is no room ${code}.` : 'The server did not answer; try again.';
});

async function showArchive() {
  const list = byId('archive');
  try {
    const res = await fetch('/api/games?per_page=30');
    const page = await res.json();
    if (!page.items.length) return fill(list, h('li.muted', null, 'No finished games yet.'));
    fill(list, ...page.items.map((g) => {
      // a game nobody scored in (ended at once) has no winner, whatever the tie says
      const scored = g.players.some((p) => (p.score ?? 0) > 0);
      return h('li', { dataset: { game: String(g.id) } }, h('a', { href: `/games/${g.id}` },
        h('span.when', null, `${new Date(g.finished_at ?? g.started_at).toLocaleString()} · ${g.turns} turns · ${g.options.tileset}${g.options.river ? ' + The River' : ''}${g.ended_early ? ' · ended early' : ''}${scored ? '' : ' · nobody scored'}`),
        h('span.who', null, ...g.players.map((p) => {
          const won = scored && p.winner;
          return h('span', { class: won ? 'win' : '' }, chip(p.color), ` ${p.name} ${p.score ?? ''}${won ? ' ★' : ''}`);
        }))));
    }));
  } catch {
    fill(list, h('li.muted', null, 'The archive is not available right now.'));
  }
}

/** A faint strip of tiles behind the title. */
function paintHero(catalog) {
  const canvas = /** @type {HTMLCanvasElement} */ (byId('hero-tiles'));
  const dpr = window.devicePixelRatio || 1;
  canvas.width = canvas.clientWidth * dpr;
  canvas.height = canvas.clientHeight * dpr;
  const ctx = canvas.getContext('2d');
  const ids = Object.keys(catalog);
  const size = Math.round(96 * dpr);
  for (let y = 0, i = 0; y < canvas.height; y += size) {
    for (let x = 0; x < canvas.width; x += size, i++) {
      const id = ids[(i * 7) % ids.length];
      ctx.drawImage(tileBitmap(id, catalog[id], ((i * 3) % 4) * 90, size), x, y);
    }
  }
}

const catalog = await loadCatalog();
byId('learn').addEventListener('click', () => openLearn(catalog));
paintHero(catalog);
showArchive();
// the room page's "join with another code" lands here (after the page has scrolled to it)
if (location.hash === '#join') requestAnimationFrame(() => byId('code').focus());
