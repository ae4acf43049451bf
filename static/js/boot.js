// A page whose first view the server drew (the room page): its modules are asked for only once
// that view is on screen, so nothing the script needs shares the line with the page's styles
// before the first paint; then, a few at a time, the page's whole module graph as `modulepreload`
// (the server lists it in `data-modules`) and what its script fetches first (`data-fetch`), and
// the page's own script (`data-entry`) runs.
const script = /** @type {HTMLScriptElement} */ (document.querySelector('script[data-entry]'));

/** Resolves once the page has painted (at once in a tab out of sight: it paints nothing). */
function painted() {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

/** @param {string} rel @param {string|undefined} hrefs */
function links(rel, hrefs) {
  return (hrefs ?? '').split(' ').filter(Boolean).map((href) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (rel === 'preload') {
      link.as = 'fetch';
      link.crossOrigin = 'anonymous';
    }
    return link;
  });
}

/** Preloads a few at a time, each few a task of its own: starting a fetch costs the main
 * thread about a millisecond (four on a phone), and seventy at once were one long task. */
async function start() {
  await painted();
  const all = [...links('preload', script.dataset.fetch), ...links('modulepreload', script.dataset.modules)];
  for (let i = 0; i < all.length; i += 10) {
    document.head.append(...all.slice(i, i + 10));
    await new Promise((resolve) => setTimeout(resolve));
  }
  await import(/** @type {string} */ (script.dataset.entry));
}

start();
