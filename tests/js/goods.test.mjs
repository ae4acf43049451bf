import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { GOODS, GOODS_INK, TOKEN, GRAPES, EARS } from '../../static/js/board/goods.js';
import { contrast } from '../../static/js/board/colors.js';
import { PALETTE } from '../../static/js/board/palette.js';
import { VISIONS, distance } from './sight.mjs';

test('the three goods of Traders & Builders, each with its ink', () => {
  assert.deepEqual(GOODS, ['wine', 'grain', 'cloth']);
  assert.deepEqual(Object.keys(GOODS_INK), GOODS);
});

test('a token reads on a town and on the snow; its glyph on the token, by its body or its outline', () => {
  for (const ground of [PALETTE.city, PALETTE.snow, PALETTE.wall]) assert.ok(contrast(TOKEN.rim, ground) >= 3 || contrast(TOKEN.face, ground) >= 3);
  for (const [kind, { fill, edge }] of Object.entries(GOODS_INK)) {
    assert.ok(Math.max(contrast(fill, TOKEN.face), contrast(edge, TOKEN.face)) >= 4.5, kind);
  }
});

test('the goods are told apart by colour in every vision, as well as by shape', () => {
  for (const vision of VISIONS) {
    for (let i = 0; i < GOODS.length; i++) {
      for (let j = i + 1; j < GOODS.length; j++) {
        const d = distance(GOODS_INK[GOODS[i]].fill, GOODS_INK[GOODS[j]].fill, vision);
        assert.ok(d >= 15, `${GOODS[i]} and ${GOODS[j]}: ${d.toFixed(1)} in ${vision}`);
      }
    }
  }
});

test('the grapes and the ears lie on the token', () => {
  for (const [x, y] of GRAPES) assert.ok(Math.hypot(x - 0.5, y - 0.5) + 0.075 < 0.44);
  for (const [x0, y0, x1, y1] of EARS) {
    for (const [x, y] of [[x0, y0], [x1, y1]]) assert.ok(Math.hypot(x - 0.5, y - 0.5) < 0.44);
  }
});
