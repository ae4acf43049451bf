// Which tile edges meet on the board: what a cell's neighbours show it. Pure functions on the
// board and the tile catalog (no rules: the server says where a tile may go; this only reads
// the pictures, e.g. to mark the edges a tile touches or where the river flows in).
import { EDGES } from './slots.js';

/** @type {Record<string, [number, number]>} the neighbour's offset in each direction */
export const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const FACING = { N: 'S', E: 'W', S: 'N', W: 'E' };

/**
 * The kind of edge (TILES.md letters: C, R, F, V) a tile turned by `rot` shows on side `dir`.
 * @param {{edges: string}} def @param {number} rot @param {string} dir N, E, S or W
 */
export function edgeAt(def, rot, dir) {
  return def.edges[(EDGES.indexOf(dir) - rot / 90 + 4) % 4];
}

/**
 * The sides of cell (x, y) that touch a placed tile, each with the edge that tile shows it.
 * @param {{x: number, y: number, tile: string, rot: number}[]} board
 * @param {Record<string, {edges: string}>} catalog
 * @returns {{dir: string, edge: string}[]}
 */
export function touching(board, catalog, x, y) {
  const found = [];
  for (const dir of EDGES) {
    const [dx, dy] = STEP[dir];
    const p = board.find((b) => b.x === x + dx && b.y === y + dy);
    const def = p && catalog[p.tile];
    if (def) found.push({ dir, edge: edgeAt(def, p.rot, FACING[dir]) });
  }
  return found;
}

/** The side through which the river flows into cell (x, y), or null. */
export function riverInflow(board, catalog, x, y) {
  return touching(board, catalog, x, y).find((t) => t.edge === 'V')?.dir ?? null;
}
