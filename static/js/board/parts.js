// Which parts of the board a score event lights up.
import { rotateSlot } from './slots.js';

const CENTRE_KINDS = ['monastery', 'garden', 'abbot'];

/**
 * The parts of a scored feature: the matching feature from features() when the server sent
 * it, else every segment of the event's kind on each of its cells.
 * @param {{feature: string, cells?: [number, number][]}} e
 * @param {{x: number, y: number, tile: string, rot: number}[]} board
 * @param {Record<string, import('./shapes.js').TileDef>} catalog
 * @param {{kind: string, parts: {x: number, y: number, slots: string[]}[]}[]} [features]
 */
export function scoredParts(e, board, catalog, features = []) {
  const cells = (e.cells ?? []).map(([x, y]) => ({ x, y }));
  const match = features.find((f) => f.kind === e.feature && f.parts.length
    && cells.every((c) => f.parts.some((p) => p.x === c.x && p.y === c.y)));
  if (match) return match.parts;
  return cells.map(({ x, y }) => {
    const placed = board.find((b) => b.x === x && b.y === y);
    const def = placed && catalog[placed.tile];
    const slots = CENTRE_KINDS.includes(e.feature) || !def ? ['C'] : def.segments
      .filter((seg) => seg.kind === e.feature)
      .flatMap((seg) => seg.slots.map((slot) => rotateSlot(slot, placed.rot)));
    return { x, y, slots };
  });
}
