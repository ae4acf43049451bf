// Words in the viewer's language: which language to show, a catalogue per language (a plain
// JSON file, static/i18n/<lang>.json, loaded by ui/language.js) and `t(key, args)`, which words
// a key with its arguments. Pure: no DOM, no network; numbers, lists, dates and durations
// through Intl in the chosen language.
//
// A catalogue is one flat object: key -> text, where a text is a string with `{name}`
// placeholders, or a plural object keyed by the language's Intl.PluralRules categories
// (`one`, `few`, `many`, `other`), chosen by the `count` argument.

/** The languages the client speaks, each named in itself (never translated). */
export const LANGUAGES = {
  en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', it: 'Italiano', nl: 'Nederlands', pl: 'Polski',
};
export const DEFAULT_LANGUAGE = 'en';
/** The locale Intl formats with, per language (English as the project writes it: British). */
const LOCALES = { en: 'en-GB' };

let current = DEFAULT_LANGUAGE;
/** @type {Record<string, string | Record<string, string>>} */
let words = {};

/**
 * The language to show: the stored choice when it is one we speak, else the first of the
 * browser's languages we speak ("de-AT" is "de"), else English.
 * @param {string|null|undefined} stored @param {readonly string[]} [preferred] navigator.languages
 */
export function chooseLanguage(stored, preferred = []) {
  if (stored && stored in LANGUAGES) return stored;
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (base in LANGUAGES) return base;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * Speak `lang` from now on, with its catalogue.
 * @param {string} lang @param {Record<string, string | Record<string, string>>} catalogue
 */
export function useCatalogue(lang, catalogue) {
  current = lang in LANGUAGES ? lang : DEFAULT_LANGUAGE;
  words = catalogue;
}

/** The language in use. */
export function language() {
  return current;
}

/** The locale for Intl. */
export function locale() {
  return LOCALES[current] ?? current;
}

/** Intl's formatters by locale and kind, each made once: making one costs far more than using
 * it (the first number of a page took 18 ms on a laptop, four times that on a phone). */
const formatters = new Map();

/**
 * The formatter `kind` for the locale in use, made by `make` the first time.
 * @template T @param {string} kind @param {(locale: string) => T} make @returns {T}
 */
function formatter(kind, make) {
  const key = `${locale()} ${kind}`;
  if (!formatters.has(key)) formatters.set(key, make(locale()));
  return formatters.get(key);
}

/** A number as the language writes it ("1,234", "1.234", "1 234"). @param {number} n */
export function formatNumber(n) {
  // every language here writes a whole number under 1000 in plain digits; the page's first
  // Intl formatter costs more than all its other words (18 ms of a room's first load)
  if (Number.isInteger(n) && n >= 0 && n < 1000) return String(n);
  return formatter('number', (l) => new Intl.NumberFormat(l)).format(n);
}

/** "Ann, Bo and Cy" in the language's words. @param {string[]} items */
export function formatList(items) {
  return formatter('list', (l) => new Intl.ListFormat(l, { style: 'long', type: 'conjunction' })).format(items);
}

/** A date and time, short, as the language writes it. @param {Date|number} when */
export function formatDate(when, options = { dateStyle: 'medium', timeStyle: 'short' }) {
  return formatter(`date ${JSON.stringify(options)}`,
    (l) => new Intl.DateTimeFormat(l, /** @type {Intl.DateTimeFormatOptions} */ (options))).format(when);
}

/**
 * A time from now in words: "in 3 hours", "2 days ago".
 * @param {number} value @param {Intl.RelativeTimeFormatUnit} unit
 */
export function formatRelative(value, unit) {
  return formatter('relative', (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto', style: 'short' })).format(value, unit);
}

/**
 * A length of time in a unit: "3 hours", "1 Tag", "5 minut".
 * @param {number} value @param {'second'|'minute'|'hour'|'day'} unit
 */
export function formatDuration(value, unit) {
  return formatter(`duration ${unit}`, (l) => new Intl.NumberFormat(l, { style: 'unit', unit, unitDisplay: 'long' })).format(value);
}

/** The plural category of `n` in the language. @param {number} n */
export function pluralCategory(n) {
  return formatter('plural', (l) => new Intl.PluralRules(l)).select(n);
}

/**
 * The words of `key` with its arguments put in (`{name}` placeholders).
 * A plural text takes the form for `args.count`; numbers are written as the language writes
 * them. A key the catalogue lacks reads as itself, so a gap shows (and the tests catch it).
 * @param {string} key @param {Record<string, string|number>} [args]
 */
export function t(key, args = {}) {
  let text = words[key];
  if (text === undefined) return key;
  if (typeof text === 'object') {
    const n = Number(args.count ?? 0);
    text = text[pluralCategory(n)] ?? text.other ?? '';
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    const value = args[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(value) : String(value);
  });
}
