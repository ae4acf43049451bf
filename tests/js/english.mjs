// The client's words in English for the unit tests, as ui/language.js loads them on a page.
import { readFileSync } from 'node:fs';
import { useCatalogue } from '../../static/js/i18n.js';

/** A language's catalogue, read from static/i18n. @param {string} lang */
export function catalogue(lang) {
  return JSON.parse(readFileSync(new URL(`../../static/i18n/${lang}.json`, import.meta.url), 'utf8'));
}

useCatalogue('en', catalogue('en'));
