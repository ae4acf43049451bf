import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatch } from '../../static/js/net/patch.js';

test('add, remove and replace, in order', () => {
  const doc = { game: { board: [{ x: 0 }], turn: 1 }, room: { code: 'a' } };
  const out = applyPatch(doc, [
    { op: 'add', path: '/game/board/-', value: { x: 1 } },
    { op: 'replace', path: '/game/turn', value: 2 },
    { op: 'add', path: '/game/board/0', value: { x: -1 } },
    { op: 'remove', path: '/game/board/1' },
    { op: 'add', path: '/game/new', value: true },
    { op: 'remove', path: '/room/code' },
  ]);
  assert.deepEqual(out, { game: { board: [{ x: -1 }, { x: 1 }], turn: 2, new: true }, room: {} });
});

test('the old document is left as it was, and untouched parts keep their identity', () => {
  const doc = { game: { board: [{ x: 0 }], players: [{ score: 0 }] }, room: { seats: [] } };
  const out = applyPatch(doc, [{ op: 'replace', path: '/game/players/0/score', value: 4 }]);
  assert.equal(doc.game.players[0].score, 0);
  assert.equal(out.game.players[0].score, 4);
  assert.equal(out.room, doc.room);
  assert.equal(out.game.board, doc.game.board, 'an unchanged board is the same object: no redraw');
  assert.notEqual(out.game, doc.game);
});

test('escaped keys and replacing the root', () => {
  const out = applyPatch({ 'a/b': 1, 'c~d': 2 }, [
    { op: 'replace', path: '/a~1b', value: 3 },
    { op: 'remove', path: '/c~0d' },
  ]);
  assert.deepEqual(out, { 'a/b': 3 });
  assert.deepEqual(applyPatch({ a: 1 }, [{ op: 'replace', path: '', value: { b: 2 } }]), { b: 2 });
});
