import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from './english.mjs';
import { LANGUAGES, chooseLanguage, useCatalogue, t, formatList, formatNumber, locale } from '../../static/js/i18n.js';

/** The `{name}` placeholders of a catalogue text, sorted. @param {string|Record<string, string>} text */
function placeholders(text) {
  const all = typeof text === 'string' ? [text] : Object.values(text);
  return [...new Set(all.flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();
}

const STATIC = new URL('../../static/', import.meta.url).pathname;
const CATALOGUES = Object.fromEntries(Object.keys(LANGUAGES).map((l) => [l, catalogue(l)]));
const EN = CATALOGUES.en;

/** Every file of static/ that can name a key (the catalogues themselves excepted). */
function sources(dir = STATIC) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : sources(path);
    return /\.(js|html)$/.test(name) ? [readFileSync(path, 'utf8')] : [];
  });
}

test('the language: the stored choice, else the browser\'s first we speak, else English', () => {
  assert.equal(chooseLanguage('pl', ['de-DE']), 'pl');
  assert.equal(chooseLanguage('xx', ['ja', 'de-AT', 'fr']), 'de');
  assert.equal(chooseLanguage(null, ['ja']), 'en');
  assert.equal(chooseLanguage(undefined, []), 'en');
});

test('every catalogue has every key of every other, and no empty text', () => {
  const all = new Set(Object.values(CATALOGUES).flatMap((c) => Object.keys(c)));
  for (const [lang, words] of Object.entries(CATALOGUES)) {
    const missing = [...all].filter((key) => !(key in words));
    assert.deepEqual(missing, [], `${lang} lacks keys`);
    for (const [key, text] of Object.entries(words)) {
      const forms = typeof text === 'string' ? [text] : Object.values(text);
      assert.ok(forms.every((s) => typeof s === 'string' && s.trim()), `${lang} ${key} is empty`);
    }
  }
});

test('every key is used somewhere in static/', () => {
  const text = sources().join('\n');
  const unused = Object.keys(EN).filter((key) => !text.includes(`'${key}'`) && !text.includes(`"${key}"`));
  assert.deepEqual(unused, []);
});

test('every key a page names is in the catalogue', () => {
  const named = new Set();
  for (const src of sources()) {
    for (const m of src.matchAll(/data-i18n(?:-[a-z-]+)?="([^"]+)"/g)) named.add(m[1]);
    for (const m of src.matchAll(/\bt\('([\w.]+)'/g)) named.add(m[1]);
  }
  assert.deepEqual([...named].filter((key) => !(key in EN)), []);
});

test('the same placeholders in every language', () => {
  for (const [lang, words] of Object.entries(CATALOGUES)) {
    for (const [key, text] of Object.entries(words)) {
      assert.deepEqual(placeholders(text), placeholders(EN[key]), `${lang} ${key}`);
    }
  }
});

test('a plural text has every plural category of its language, and only those', () => {
  for (const [lang, words] of Object.entries(CATALOGUES)) {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
    for (const [key, text] of Object.entries(words)) {
      if (typeof EN[key] === 'object') assert.equal(typeof text, 'object', `${lang} ${key} is no plural`);
      if (typeof text === 'object') assert.deepEqual(Object.keys(text).sort(), categories, `${lang} ${key}`);
    }
  }
  assert.ok(Object.values(EN).some((text) => typeof text === 'object'));
});

test('t() puts in arguments, writes numbers and picks plural forms', () => {
  useCatalogue('pl', { n: { one: '{count} kafelek', few: '{count} kafelki', many: '{count} kafelków', other: '{count} kafelka' }, s: 'a {x} b' });
  assert.equal(t('n', { count: 1 }), '1 kafelek');
  assert.equal(t('n', { count: 3 }), '3 kafelki');
  assert.equal(t('n', { count: 5 }), '5 kafelków');
  assert.equal(t('n', { count: 22 }), '22 kafelki');
  assert.equal(t('s', { x: 'Ann' }), 'a Ann b');
  assert.equal(t('missing'), 'missing');
  useCatalogue('de', {});
  assert.equal(formatList(['Ann', 'Bo', 'Cy']), 'Ann, Bo und Cy');
  useCatalogue('en', EN);
  assert.equal(formatList(['Ann', 'Bo', 'Cy']), 'Ann, Bo and Cy');
});

test('no English words in the pages\' HTML without a key', () => {
  for (const name of readdirSync(STATIC).filter((n) => n.endsWith('.html') && n !== 'bench.html')) {
    const html = readFileSync(join(STATIC, name), 'utf8').replace(/<script[\s\S]*?<\/script>/g, '').replace(/<svg[\s\S]*?<\/svg>/g, '');
    // each text between tags: the tag it is in must carry a key
    for (const m of html.matchAll(/<([a-z0-9]+)([^>]*)>([^<]*[A-Za-z]{2,}[^<]*)</g)) {
      assert.match(m[2], /data-i18n="/, `${name}: "${m[3].trim()}" has no key`);
    }
    for (const m of html.matchAll(/<[a-z0-9]+([^>]*)>/g)) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
        if (new RegExp(`\\s${attr}="`).test(m[1])) assert.match(m[1], new RegExp(`data-i18n-${attr}="`), `${name}: ${attr} without a key in ${m[0]}`);
      }
    }
  }
});

test('no English words in the client\'s JS: every word the page shows is a key', () => {
  // key names and tile ids read like words; a thrown Error is for developers, not a page
  const NOT_WORDS = new Set(['Arrow', 'Escape', 'Enter', 'Home', 'End', 'Tab', 'Eg']);
  const js = (dir) => readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return js(path);
    return name.endsWith('.js') ? [path] : [];
  });
  const found = [];
  for (const path of js(join(STATIC, 'js'))) {
    // the languages' own names, the generated wire facts and the benchmark page are no words to translate
    if (/(i18n|protocol|bench)\.js$/.test(path)) continue;
    const src = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
      .replace(/([^:'"`\\])\/\/[^'"`\n]*$/gm, '$1').replace(/Error\((['"`])(?:(?!\1)[^\\]|\\.)*\1/g, 'Error(');
    for (const m of src.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
      const text = (m[1] ?? m[2] ?? m[3]).replace(/\$\{[^}]*\}/g, ' ').trim();
      if (/\.js$|system-ui|^[./]/.test(text) || NOT_WORDS.has(text)) continue;
      const words = /[A-Za-z]{2,} [A-Za-z]/.test(text) && !/[#=[\]{}<>()]/.test(text);
      if (words || /^[A-Z][a-z]+[.…!?]?$/.test(text)) found.push(`${path.slice(STATIC.length)}: ${text}`);
    }
    // words drawn on a canvas
    for (const m of src.matchAll(/fillText\((['"`])([^'"`]*)\1/g)) {
      if (/[A-Za-z]{2,}/.test(m[2].replace(/\$\{[^}]*\}/g, ''))) found.push(`${path.slice(STATIC.length)}: ${m[2]}`);
    }
  }
  assert.deepEqual(found, []);
});

test('a number is written as Intl writes it in every language, small whole ones too', () => {
  for (const lang of Object.keys(LANGUAGES)) {
    useCatalogue(lang, {});
    const intl = new Intl.NumberFormat(locale());
    for (const n of [...Array(1000).keys(), 1000, 1234, 12345, -1, -1000, 2.5, 999.5]) {
      assert.equal(formatNumber(n), intl.format(n), `${lang} ${n}`);
    }
  }
  useCatalogue('en', EN);
});
