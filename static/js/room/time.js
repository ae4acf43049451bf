// The server's time as this page knows it: deadlines and clocks count down by the server's
// clock, not this computer's, so the skew between the two is learnt from what the server says
// (a snapshot's `now`; a live diff that restarts a bank arrives when the server started it).
// And the 1 s ticker that redraws what counts down while it runs.

/**
 * @param {() => number} [local] this computer's time (Unix seconds)
 */
export function createServerClock(local = () => Date.now() / 1000) {
  /** seconds this computer's clock is ahead of the server's */
  let skew = 0;
  return {
    /** A snapshot sent at the server's time `now` (none: nothing learnt). @param {number|undefined} now */
    snapshot(now) {
      if (typeof now === 'number') skew = local() - now;
    },
    /** A live diff from `before` to `game`: a bank that started now tells the server's time. */
    diff(before, game) {
      const since = game?.clock?.since;
      if (since !== undefined && since !== before?.clock?.since) skew = local() - since;
    },
    /** The server's wall time now (Unix seconds). */
    now: () => local() - skew,
  };
}

/**
 * A timer that calls `tick` every second while it is told to run.
 * @param {() => void} tick
 * @param {{setInterval: (fn: () => void, ms: number) => any, clearInterval: (t: any) => void}} [timers]
 * @returns {(running: boolean) => void} start (true) or stop (false) it
 */
export function createTicker(tick, timers = globalThis) {
  let timer = null;
  return (running) => {
    if (running && timer === null) timer = timers.setInterval(tick, 1000);
    else if (!running && timer !== null) {
      timers.clearInterval(timer);
      timer = null;
    }
  };
}
