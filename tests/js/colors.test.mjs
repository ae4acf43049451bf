import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { colorHex, inkOn, luminance, colorStyle, contrast } from '../../static/js/board/colors.js';
import { emblemClip, EMBLEMS } from '../../static/js/board/emblems.js';
import { COLORS, COLOR_HEX } from '../../static/js/net/protocol.js';

test("a player's colour is painted in the server's hex values; an unknown one in the first colour's", () => {
  for (const c of COLORS) assert.equal(colorHex(c), COLOR_HEX[c]);
  assert.equal(colorHex('mauve'), COLOR_HEX[COLORS[0]]);
  assert.equal(colorHex(null), COLOR_HEX[COLORS[0]]);
});

test('text on a colour is white or dark, whichever stands out more', () => {
  assert.ok(luminance('#ffffff') > 0.99 && luminance('#000000') === 0);
  assert.equal(contrast('#ffffff', '#000000'), 21);
  assert.equal(contrast('#777777', '#777777'), 1);
  for (const c of Object.keys(COLOR_HEX)) {
    const other = inkOn(c) === '#ffffff' ? '#3b2a00' : '#ffffff';
    assert.ok(contrast(inkOn(c), COLOR_HEX[c].fill) >= contrast(other, COLOR_HEX[c].fill), c);
  }
  assert.deepEqual(Object.keys(COLOR_HEX).filter((c) => inkOn(c) !== '#ffffff'), ['green', 'yellow', 'pink']);
  assert.deepEqual(colorStyle('yellow'), { '--pc': COLOR_HEX.yellow.fill, '--pc-ink': inkOn('yellow'), '--pc-lift': 'none',
    '--pc-emblem': emblemClip('diamond') });
  assert.notEqual(colorStyle('red')['--pc-lift'], 'none', 'white text is lifted off the colour');
});

test("a chip's style carries its colour's emblem", () => {
  for (const c of Object.keys(COLOR_HEX)) assert.equal(colorStyle(c)['--pc-emblem'], emblemClip(EMBLEMS[c]));
  assert.equal(colorStyle('mauve')['--pc-emblem'], emblemClip(EMBLEMS[COLORS[0]]), 'an unknown colour: the first one\'s');
});
