// The page's language: chosen (the switcher's choice, remembered in this browser; else the
// browser's languages), its catalogue fetched before the page's words are written, the
// static words of the HTML put in (`data-i18n` and `data-i18n-<attribute>`), `<html lang>`.
import { LANGUAGES, DEFAULT_LANGUAGE, chooseLanguage, useCatalogue, t, language } from '../i18n.js';

export const LANGUAGE_KEY = 'carc:lang';
/** The cookie that tells the server the switcher's choice: it words the pages it sends in it. */
const COOKIE = 'carc_lang';
/** The attributes a page's HTML words by key (`data-i18n-` and the attribute's name). */
const ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt'];

function stored() {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** Tell the server the switcher's choice, kept a year (none: forget it). @param {string|null} lang */
function tellServer(lang) {
  document.cookie = `${COOKIE}=${encodeURIComponent(lang ?? '')}; path=/; max-age=${lang ? 31536000 : 0}; samesite=lax`;
}

/**
 * Choose the language, fetch its catalogue and use it; then word the page's HTML.
 * Resolves once `t()` speaks the language.
 */
export async function loadLanguage() {
  const choice = stored();
  // the server words the next page as this one: a choice made before it was told, or none
  tellServer(choice);
  let lang = chooseLanguage(choice, navigator.languages ?? [navigator.language]);
  let catalogue;
  try {
    catalogue = await fetchCatalogue(lang);
  } catch {
    // a catalogue that did not come: the page in English rather than in keys
    lang = DEFAULT_LANGUAGE;
    catalogue = await fetchCatalogue(lang);
  }
  useCatalogue(lang, catalogue);
  // a page the server sent comes worded in the language its <html lang> names (the server's
  // web/language.py): worded again, it cost a phone 80 ms of its start, and a style pass
  const worded = document.documentElement.lang === lang;
  document.documentElement.lang = lang;
  if (!worded) translate(document);
  return lang;
}

async function fetchCatalogue(lang) {
  // beside the modules, under their version: kept by the browser, and the URL the room page
  // preloads (js/boot.js)
  const res = await fetch(new URL(`../../i18n/${lang}.json`, import.meta.url));
  if (!res.ok) throw new Error(`no catalogue for ${lang}`);
  return res.json();
}

/**
 * Put the words of every `data-i18n` (the text) and `data-i18n-<attribute>` key under `root`.
 * @param {ParentNode} root
 */
export function translate(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(/** @type {HTMLElement} */ (el).dataset.i18n ?? '');
  for (const attr of ATTRIBUTES) {
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) {
      el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`) ?? ''));
    }
  }
}

/**
 * The language switcher: a select of the languages, each in its own name; a choice is
 * remembered in this browser and the page is opened again in it (the seat stays: its token
 * is kept in the browser).
 * @param {HTMLElement} slot where it goes
 * @param {boolean} [short] the languages' codes only, for a narrow bar
 */
export function languageSwitcher(slot, short = false) {
  const select = document.createElement('select');
  select.id = 'language';
  select.className = 'language';
  select.setAttribute('aria-label', t('language.label'));
  select.title = t('language.label');
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement('option');
    option.value = code;
    option.lang = code;
    // in a narrow top bar the codes ("DE"), else each language's own name
    option.textContent = short ? code.toUpperCase() : name;
    option.title = name;
    option.selected = code === language();
    select.append(option);
  }
  select.addEventListener('change', () => {
    tellServer(select.value);
    try {
      localStorage.setItem(LANGUAGE_KEY, select.value);
    } catch {
      // private mode: the choice holds for this page only
    }
    location.reload();
  });
  slot.append(select);
  return select;
}

/** What every page does first: its language loaded, its HTML worded, the switcher in `#language-slot`. */
export async function startLanguage() {
  const lang = await loadLanguage();
  const slot = document.getElementById('language-slot');
  if (slot) languageSwitcher(slot, 'short' in slot.dataset && matchMedia('(max-width: 760px)').matches);
  return lang;
}
