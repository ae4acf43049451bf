// Which parts of the board a score event lights up.
import { rotateSlot } from './slots.js';

const CENTRE_KINDS = ['monastery', 'garden', 'abbot'];

/**
 * The parts of the feature a score event scored: the feature itself, found by the event's
 * `feature_id` among `features` (the board's features as the server sent them, no older than
 * the event). Where no feature there has that id, the event's cells say it instead, every
 * segment of the event's kind on each: the features were not asked for since the scoring (a
 * replay has none), or the feature has since been joined to an older one, whose id it took.
 * @param {{feature: string, feature_id?: string, cells?: [number, number][]}} e
 * @param {{x: number, y: number, tile: string, rot: number}[]} board
 * @param {Record<string, import('./shapes.js').TileDef>} catalog
 * @param {{id: string, parts: {x: number, y: number, slots: string[]}[]}[]} [features]
 */
export function scoredParts(e, board, catalog, features = []) {
  const scored = features.find((f) => f.id === e.feature_id);
  if (scored) return scored.parts;
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
