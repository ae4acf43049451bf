import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { errorText } from '../../static/js/ui/errors.js';
import { adviceWords } from '../../static/js/ui/advicewords.js';
import { ERROR, HTTP_ERROR, ILLEGAL_REASONS, ADVICE_CODES } from '../../static/js/net/protocol.js';
import { catalogue } from './english.mjs';

const EN = catalogue('en');
const has = (key) => key in EN;

test('every error code of the protocol and the HTTP API is worded, never the server\'s English', () => {
  for (const code of [...Object.values(ERROR), ...Object.values(HTTP_ERROR)]) {
    const text = errorText({ code, message: 'ENGLISH', args: {} });
    assert.ok(text && text !== 'ENGLISH' && !text.includes('error.'), code);
  }
  assert.equal(errorText({ code: 'not_your_turn', args: { bot: true } }), 'A bot plays your seat; take it back first.');
  assert.equal(errorText({ code: 'bad_name', args: { max: 24 } }), 'A name has 1 to 24 visible characters.');
  assert.equal(errorText({ code: 'what_is_this', message: 'As the server says.' }), 'As the server says.');
});

test('every reason the engine refuses a move for is worded, with its arguments', () => {
  for (const reason of ILLEGAL_REASONS) {
    const text = errorText({ code: 'illegal_move', reason, args: {}, message: 'ENGLISH' });
    assert.ok(!text.includes('illegal.') && text !== 'ENGLISH', reason);
  }
  assert.equal(errorText({ code: 'illegal_move', reason: 'occupied', args: { feature: 'city' } }),
    'That move is not allowed: someone already holds that city.');
});

test('advice reads as the server\'s English sentence, from its code and arguments', () => {
  const players = [{ name: 'Ann' }, { name: 'Bo' }, { name: 'Cy' }];
  const cases = JSON.parse(readFileSync(new URL('./advice_cases.json', import.meta.url), 'utf8'));
  for (const [why, english] of cases) assert.equal(adviceWords(why, 'FALLBACK', players), english);
  for (const code of [...ADVICE_CODES.hint, ...ADVICE_CODES.check]) assert.ok(has(`advice.${code}`) || has(`advice.${code}.city`) || code === 'scores', code);
  assert.equal(adviceWords(null, 'As sent.', players), 'As sent.');
  assert.equal(adviceWords({ code: 'new_code', args: {} }, 'As sent.', players), 'As sent.');
});
