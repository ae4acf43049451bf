// Bench page: a full 84-tile board with figures, fitted to the window; measures the median
// time to draw one frame with performance.now() and publishes it on window.__bench: with the
// camera still (the placed tiles come from the renderer's layer) and moving (every tile drawn).
// The layout only matches edges so the picture looks like a game; it is not a rules engine.
import { loadCatalog } from '../net/api.js';
import { createBoardView } from '../board/view.js';
import { rotateSlot } from '../board/slots.js';
import { COLORS } from '../net/protocol.js';

const FRAMES = 120;

/** Edge letter of a placed tile on side `d` (0 N, 1 E, 2 S, 3 W). */
function edgeAt(def, rot, d) {
  return def.edges[(d - rot / 90 + 4) % 4];
}

/** A deterministic pseudo-random generator. */
function rng(seed) {
  return () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
}

/** Lay every tile of the winter set next to the others with matching edges. */
function layout(catalog) {
  const rnd = rng(7);
  const bag = Object.entries(catalog).flatMap(([id, def]) => Array(def.count.winter).fill(id));
  bag.splice(bag.indexOf('D'), 1);
  bag.sort(() => rnd() - 0.5);
  const board = [{ x: 0, y: 0, tile: 'D', rot: 0 }];
  const at = new Map([['0,0', board[0]]]);
  const steps = [[0, -1], [1, 0], [0, 1], [-1, 0]];
  for (let guard = 0; bag.length && guard < 2000; guard++) {
    const id = bag.shift();
    const def = catalog[id];
    let best = null;
    for (const p of board) {
      for (const [dx, dy] of steps) {
        const x = p.x + dx;
        const y = p.y + dy;
        if (at.has(`${x},${y}`)) continue;
        for (const rot of [0, 90, 180, 270]) {
          let ok = true;
          let touching = 0;
          steps.forEach(([sx, sy], d) => {
            const n = at.get(`${x + sx},${y + sy}`);
            if (!n) return;
            touching++;
            if (edgeAt(def, rot, d) !== edgeAt(catalog[n.tile], n.rot, (d + 2) % 4)) ok = false;
          });
          const score = touching * 10 - Math.hypot(x * 1.4, y * 2.2);
          if (ok && (!best || score > best.score)) best = { x, y, rot, score };
        }
      }
    }
    if (!best) {
      bag.push(id);
      continue;
    }
    const placed = { x: best.x, y: best.y, tile: id, rot: best.rot };
    board.push(placed);
    at.set(`${best.x},${best.y}`, placed);
  }
  return board;
}

function figuresFor(board, catalog) {
  return board.filter((_, i) => i % 3 === 1).map((p, i) => {
    const def = catalog[p.tile];
    const seg = def.segments[i % def.segments.length];
    return { player: i % COLORS.length, kind: 'follower', x: p.x, y: p.y,
      at: rotateSlot(seg.slots[0], p.rot), feature: seg.kind };
  });
}

async function main() {
  const catalog = await loadCatalog();
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('board'));
  const view = createBoardView(canvas);
  const board = layout(catalog);
  view.update({ catalog, board, figures: figuresFor(board, catalog),
    colors: [...COLORS], last: board[board.length - 1] });
  view.fit();
  view.renderer.drawNow();
  // Reading one pixel back makes the browser finish drawing the frame inside the timing
  // (canvas commands are otherwise only recorded and rasterized later).
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  const measure = (moving) => {
    const times = [];
    for (let i = 0; i < FRAMES; i++) {
      // a camera moved by a hair redraws every tile, as a pan or a glide does
      if (moving) view.camera.x += i % 2 ? 1e-6 : -1e-6;
      const t0 = performance.now();
      view.renderer.drawNow();
      ctx.getImageData(0, 0, 1, 1);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  };
  const median = measure(false);
  const moving = measure(true);
  window.__bench = { median, moving, tiles: board.length, figures: view.scene.figures.length,
    width: canvas.width, height: canvas.height };
  document.getElementById('result').textContent =
    `${board.length} tiles, median ${median.toFixed(2)} ms per frame (${moving.toFixed(2)} ms moving)`;
}

main();
