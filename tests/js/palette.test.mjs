import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { COLORS, COLOR_HEX } from '../../static/js/net/protocol.js';
import { contrast, inkOn } from '../../static/js/board/colors.js';
import { PALETTE } from '../../static/js/board/palette.js';
import { VISIONS, simulate, lab, deltaE2000, distance } from './sight.mjs';

/** Far enough apart to be told apart at a glance, in every vision (CIEDE2000). */
const APART = 15;
/** WCAG: non-text contrast (a figure on the board), and text contrast (an emblem on a figure). */
const NON_TEXT = 3;
const TEXT = 4.5;

test('CIEDE2000 gives the published values for Sharma, Wu and Dalal\'s test pairs', () => {
  const pairs = [
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
    [[50, -1.3802, -84.2814], [50, 0, -82.7485], 1.0],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
    [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
    [[90.8027, -2.0831, 1.441], [91.1528, -1.6435, 0.0447], 1.4441],
  ];
  for (const [a, b, want] of pairs) assert.ok(Math.abs(deltaE2000(a, b) - want) < 1e-4, `${a} ${b}: ${deltaE2000(a, b)}`);
});

test('the simulations keep white, black and greys, and merge what each vision merges', () => {
  for (const vision of VISIONS) {
    for (const grey of ['#ffffff', '#000000', '#808080']) {
      assert.ok(deltaE2000(lab(simulate(grey, vision)), lab(grey)) < 1, `${grey} in ${vision}`);
    }
  }
  const [L, a, b] = lab('#ffffff');
  assert.ok(Math.abs(L - 100) < 0.01 && Math.hypot(a, b) < 0.02, 'white is L* 100 and no hue');
  // pure red and green differ less to a deuteranope and a protanope; blue and green to a tritanope
  assert.ok(distance('#d62728', '#2ca02c', 'deuteranopia') < distance('#d62728', '#2ca02c', 'normal') / 2);
  assert.ok(distance('#d62728', '#2ca02c', 'protanopia') < distance('#d62728', '#2ca02c', 'normal') / 2);
  assert.ok(distance('#1f77b4', '#2ca02c', 'tritanopia') < distance('#1f77b4', '#2ca02c', 'normal') / 2);
});

test('the old palette failed a deuteranope: red and green looked alike', () => {
  assert.ok(distance('#d8433b', '#2c9a56', 'deuteranopia') < 10, 'the yardstick catches what issue 20 saw');
});

test('every pair of player colours stays apart in normal vision and in each colour blindness', () => {
  const colors = Object.keys(COLOR_HEX);
  assert.deepEqual(colors, [...COLORS, 'pink'], 'the six colours: the engine\'s five, then pink');
  for (const vision of VISIONS) {
    for (let i = 0; i < colors.length; i++) {
      for (let j = i + 1; j < colors.length; j++) {
        const d = distance(COLOR_HEX[colors[i]].fill, COLOR_HEX[colors[j]].fill, vision);
        assert.ok(d >= APART, `${colors[i]} and ${colors[j]} are ${d.toFixed(1)} apart in ${vision}`);
      }
    }
  }
});

test('every figure stands out from the snow, a town and a road, by its body or its outline', () => {
  for (const [color, { fill, edge }] of Object.entries(COLOR_HEX)) {
    for (const [ground, hex] of Object.entries({ snow: PALETTE.snow, city: PALETTE.city, road: PALETTE.road })) {
      const best = Math.max(contrast(fill, hex), contrast(edge, hex));
      assert.ok(best >= NON_TEXT, `${color} on ${ground}: ${best.toFixed(2)}:1`);
    }
  }
});

test('an emblem reads on its colour as text does', () => {
  for (const [color, { fill }] of Object.entries(COLOR_HEX)) {
    const ratio = contrast(inkOn(color), fill);
    assert.ok(ratio >= TEXT, `${color}'s emblem: ${ratio.toFixed(2)}:1`);
  }
});

test('a road stands out from the snow at any size, a town\'s wall from both', () => {
  assert.ok(contrast(PALETTE.road, PALETTE.snow) >= NON_TEXT);
  assert.ok(contrast(PALETTE.roadEdge, PALETTE.snow) >= 2 * NON_TEXT);
  assert.ok(contrast(PALETTE.wall, PALETTE.snow) >= NON_TEXT && contrast(PALETTE.wall, PALETTE.city) >= NON_TEXT);
  assert.ok(contrast(PALETTE.court, PALETTE.snow) >= NON_TEXT, 'a monastery\'s court');
  assert.ok(contrast(PALETTE.hedge, PALETTE.snow) >= NON_TEXT && contrast(PALETTE.bush, PALETTE.snow) >= NON_TEXT, 'a garden');
});
