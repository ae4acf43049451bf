// Sounds of the table, generated (WebAudio, no files): the soft knock of a tile laid down and
// the two-note chime when it becomes your turn; one switch mutes both. And the tab title.

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

/** A tile laid on the table: a short, low, soft knock (filtered noise over a falling tone). */
export function placeSound() {
  if (isMuted()) return;
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    const len = Math.floor(audio.sampleRate * 0.09);
    const buffer = audio.createBuffer(1, len, audio.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 3;
    const noise = audio.createBufferSource();
    noise.buffer = buffer;
    const filter = audio.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.value = 900;
    const gain = audio.createGain();
    gain.gain.value = 0.22;
    noise.connect(filter).connect(gain).connect(audio.destination);
    const tone = audio.createOscillator();
    const toneGain = audio.createGain();
    tone.frequency.setValueAtTime(180, now);
    tone.frequency.exponentialRampToValueAtTime(90, now + 0.08);
    toneGain.gain.setValueAtTime(0.08, now);
    toneGain.gain.exponentialRampToValueAtTime(0.0001, now + 0.12);
    tone.connect(toneGain).connect(audio.destination);
    noise.start(now);
    tone.start(now);
    tone.stop(now + 0.13);
  } catch {
    // no audio device: the board shows it
  }
}

/**
 * Show whose turn it is in the tab title; chime when it becomes yours.
 * @param {boolean} mine
 * @param {string} title the page's title now (`roomTitle` in ui/notify.js)
 * @param {boolean} wasMine
 */
export function signalTurn(mine, title, wasMine) {
  if (document.title !== title) document.title = title;
  if (mine && !wasMine) chime();
}
