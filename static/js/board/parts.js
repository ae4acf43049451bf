// Which parts of the board a score event lights up.
import { rotateSlot } from './slots.js';

const CENTRE_KINDS = ['monastery', 'garden', 'abbot'];

/**
 * The parts of a scored feature: every segment of the event's kind on each of its cells.
 * @param {{feature: string, cells?: [number, number][]}} e
 * @param {{x: number, y: number, tile: string, rot: number}[]} board
 * @param {Record<string, import('./shapes.js').TileDef>} catalog
 */
export function scoredParts(e, board, catalog) {
  const cells = (e.cells ?? []).map(([x, y]) => ({ x, y }));
  return cells.map(({ x, y }) => {
    const placed = board.find((b) => b.x === x && b.y === y);
    const def = placed && catalog[placed.tile];
    const slots = CENTRE_KINDS.includes(e.feature) || !def ? ['C'] : def.segments
      .filter((seg) => seg.kind === e.feature)
      .flatMap((seg) => seg.slots.map((slot) => rotateSlot(slot, placed.rot)));
    return { x, y, slots };
  });
}
