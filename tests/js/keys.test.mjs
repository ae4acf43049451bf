import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { keyAction } from '../../static/js/room/keys.js';

const press = (key, extra = {}) => ({ key, modified: false, typing: false, onControl: false, ...extra });
const PAGE = { helpOpen: false, inspecting: false, myTurn: true };

test('the keys the help lists', () => {
  assert.deepEqual(keyAction(press('r'), PAGE), { name: 'rotate' });
  assert.deepEqual(keyAction(press('R'), PAGE), { name: 'rotate' }, 'with Shift too');
  assert.deepEqual(keyAction(press('Enter'), PAGE), { name: 'confirm' });
  assert.deepEqual(keyAction(press('ArrowLeft'), PAGE), { name: 'step', arg: 'left' });
  assert.deepEqual(keyAction(press('3'), PAGE), { name: 'spot', arg: 2 });
  assert.deepEqual(keyAction(press('0'), PAGE), { name: 'spot', arg: -1 }, '0: no figure');
  assert.deepEqual(keyAction(press('='), PAGE), { name: 'zoomIn' });
  assert.deepEqual(keyAction(press('?'), PAGE), { name: 'help' });
  assert.deepEqual(keyAction(press('a'), PAGE), { name: 'table' }, 'what the table knows');
  assert.equal(keyAction(press('x'), PAGE), null);
});

test('Escape closes what is open first, then takes the tile back', () => {
  assert.deepEqual(keyAction(press('Escape'), { ...PAGE, helpOpen: true, inspecting: true }), { name: 'closeHelp' });
  assert.deepEqual(keyAction(press('Escape'), { ...PAGE, inspecting: true }), { name: 'closeInspector' });
  assert.deepEqual(keyAction(press('Escape'), PAGE), { name: 'takeBack' });
});

test('keys are left alone while typing, with a modifier, on a control, or under the help', () => {
  assert.equal(keyAction(press('r', { typing: true }), PAGE), null);
  assert.equal(keyAction(press('r', { modified: true }), PAGE), null, "Ctrl+R is the browser's");
  assert.equal(keyAction(press('Enter', { onControl: true }), PAGE), null, 'Enter presses the focused button');
  assert.equal(keyAction(press('r', { onControl: true }), PAGE)?.name, 'rotate');
  assert.equal(keyAction(press('r'), { ...PAGE, helpOpen: true }), null);
  assert.equal(keyAction(press('ArrowUp'), { ...PAGE, myTurn: false }), null, 'arrows choose squares on your move only');
});
