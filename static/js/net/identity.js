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
