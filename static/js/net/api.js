// HTTP calls to the server. Every function returns parsed JSON or throws an Error whose
// message can be shown to the player.

/**
 * @param {string} path
 * @param {RequestInit} [init]
 */
async function request(path, init) {
  const res = await fetch(path, { headers: { 'content-type': 'application/json' }, ...init });
  const text = await res.text();
  const body = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(body?.detail?.toString?.() || body?.message || `${res.status} ${res.statusText}`);
  return body;
}

/** @type {Promise<Record<string, import('../board/shapes.js').TileDef>>|null} */
let catalog = null;

/** The tile catalog (GET /api/tiles), fetched once per page. */
export function loadCatalog() {
  catalog ??= request('/api/tiles');
  return catalog;
}
