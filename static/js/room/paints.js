// The time from a diff's arrival to its painted frame, measured in the page: kept for the
// tests and the client benchmark (`paints()`), and as `performance.measure` entries
// ('carc:diff-to-paint'; 'carc:frame-to-paint' for the frame's own part, from its start).

/** Measurements kept, newest last. */
const KEEP = 500;

/** @param {ReturnType<typeof import('../board/render.js').createRenderer>} renderer the board's */
export function createPaintMeter(renderer) {
  /** @type {number[]} ms from a diff's arrival to its painted frame, newest last */
  const paints = [];
  /** performance.now() when the diff being shown arrived (0: none waiting for its frame) */
  let waiting = 0;

  function record(arrived, frameStart = 0) {
    const end = performance.now();
    paints.push(end - arrived);
    if (paints.length > KEEP) paints.splice(0, paints.length - KEEP);
    if (frameStart) performance.measure('carc:frame-to-paint', { start: Math.max(frameStart, arrived), end });
    performance.measure('carc:diff-to-paint', { start: arrived, end });
    if (performance.getEntriesByType('measure').length > 1000) performance.clearMeasures();
  }

  // the frame drawn after a diff arrived: a message posted from the frame callback runs once
  // the frame has been painted
  renderer.afterFrame((frameStart) => {
    if (!waiting) return;
    const arrived = waiting;
    waiting = 0;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => record(arrived, frameStart);
    channel.port2.postMessage(null);
  });

  return {
    /**
     * A live diff that arrived at `arrived` (performance.now()) has been handled: it is painted
     * with the next frame, or now when it changed nothing on the board.
     */
    shown(arrived) {
      performance.measure('carc:diff-applied', { start: arrived, end: performance.now() });
      if (renderer.queued()) waiting = arrived;
      else record(arrived);
    },
    /** The last measurements (ms), oldest first. */
    paints: () => paints.slice(),
  };
}
