// "Your turn": the tab title and a soft two-note chime (WebAudio), which can be muted.

const KEY = 'carc:muted';
let audio = /** @type {AudioContext|null} */ (null);

export function isMuted() {
  return localStorage.getItem(KEY) === '1';
}

export function setMuted(muted) {
  localStorage.setItem(KEY, muted ? '1' : '0');
}

/** A quiet chime; browsers allow sound only after the page had a user gesture. */
export function chime() {
  if (isMuted()) return;
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    [659.25, 987.77].forEach((freq, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0, now + i * 0.14);
      gain.gain.linearRampToValueAtTime(0.07, now + i * 0.14 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.14 + 0.6);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.14);
      osc.stop(now + i * 0.14 + 0.65);
    });
  } catch {
    // no audio device: the title still says it
  }
}

/**
 * Show whose turn it is in the tab title; chime when it becomes yours.
 * @param {boolean} mine
 * @param {string} base page title
 * @param {boolean} wasMine
 */
export function signalTurn(mine, base, wasMine) {
  document.title = mine ? `● Your turn · ${base}` : base;
  if (mine && !wasMine) chime();
}
