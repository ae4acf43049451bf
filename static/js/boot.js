// A page whose first view the server drew (the room page): its modules are asked for only once
// that view is on screen, so nothing the script needs shares the line with the page's styles
// before the first paint; then, a few at a time, the page's whole module graph as `modulepreload`
// (the server lists it in `data-modules`) and what its script fetches first (`data-fetch`), and
// the page's own script (`data-entry`) runs. A tap on one of the page's buttons meanwhile (a
// phone's first second) is held and made again once that script has wired the page.
const script = /** @type {HTMLScriptElement} */ (document.querySelector('script[data-entry]'));

/** @type {HTMLElement[]} the buttons tapped before the page's script was there, in order */
const held = [];

/** A tap on a button that does nothing yet: held (its form not sent). A popover's button and a
 * link work without a script. @param {MouseEvent} event */
function hold(event) {
  const target = event.target instanceof Element ? event.target.closest('button') : null;
  if (!target || target.hasAttribute('popovertarget')) return;
  event.preventDefault();
  held.push(/** @type {HTMLElement} */ (target));
}
document.addEventListener('click', hold, true);

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

/** The next task: what comes after this lets the browser do its own work (a tap, a frame). */
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve));
}

/** Preloads a few at a time, each few a task of its own: starting a fetch costs the main
 * thread about a millisecond (four on a phone): seventy at once were one long task, and ten at
 * a time still made tasks Lighthouse counted as long (60-170 ms) on a busy machine. Then the
 * modules are run a few at a time too, the deepest first (each runs what it imports first
 * anyway): the whole graph run by the entry's import was one task of about 100 ms. */
async function start() {
  await painted();
  const entry = /** @type {string} */ (script.dataset.entry);
  const modules = (script.dataset.modules ?? '').split(' ').filter((href) => href && href !== entry);
  const all = [...links('preload', script.dataset.fetch), ...links('modulepreload', modules.join(' '))];
  for (let i = 0; i < all.length; i += 5) {
    document.head.append(...all.slice(i, i + 5));
    await nextTask();
  }
  document.head.append(...links('modulepreload', entry));
  try {
    for (let i = modules.length; i > 0; i -= 5) {
      await Promise.all(modules.slice(Math.max(0, i - 5), i).map((href) => import(href)));
      await nextTask();
    }
    // resolves once the page's script has run to its end: the page is wired
    await import(entry);
  } finally {
    // a page whose script failed keeps its links and popovers working, at least
    document.removeEventListener('click', hold, true);
  }
  for (const button of held.splice(0)) button.click();
}

start();
