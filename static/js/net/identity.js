// What this browser remembers: the seat token per room (so a reload resumes the seat) and
// the player's name. A personal link carries the token in the URL fragment, never sent to
// the server; it is moved to localStorage and removed from the address bar.

/** @param {string} code */
export function tokenFor(code) {
  const hash = new URLSearchParams(location.hash.slice(1));
  const fromLink = hash.get('token');
  if (fromLink) {
    saveToken(code, fromLink);
    history.replaceState(null, '', location.pathname + location.search);
  }
  return localStorage.getItem(`carc:token:${code}`);
}

/**
 * The personal link that moves this browser's seat in room `code` to another device (the
 * token in the fragment, like the server's `personal_link`), or null without a token.
 * @param {string} code
 */
export function personalLink(code) {
  const token = localStorage.getItem(`carc:token:${code}`);
  return token ? `${location.origin}/r/${code}#token=${token}` : null;
}

/** @param {string} code @param {string} token */
export function saveToken(code, token) {
  localStorage.setItem(`carc:token:${code}`, token);
}

export function savedName() {
  return localStorage.getItem('carc:name') ?? '';
}

/** @param {string} name */
export function saveName(name) {
  if (name) localStorage.setItem('carc:name', name);
}
