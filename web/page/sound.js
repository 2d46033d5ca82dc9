// The table's sounds, made here by Web Audio (no recordings): a card played, a trick taken,
// the deal and the draw, chips, a deal won or lost, and «ваш ход» when the player is to act
// after someone else.
//
// Why synthesis: a few oscillators and a burst of noise are a few hundred bytes, ours, and
// cost nothing to load. What to sound is what changed between two drawings (motion.js's
// changes()); the switch is the device's setting, #table[data-sound] (storage.SIGNALS).
// The audio context is made at the player's first tap or key, never before (browsers refuse
// to start one earlier, and a page that speaks unasked is rude); a hidden tab is silent but
// for «ваш ход» at a table with people (cues.js's peopleAtTable). No Web Audio, a context
// the browser will not start, or a sound that fails: the table plays on in silence.

let context = null;
let noise = null;
let touched = false; // the player has tapped or pressed a key on this page

const soundOn = () => document.getElementById("table")?.dataset.sound !== "off";

/** The context, made or resumed inside a gesture (the only moment a browser allows it). */
function wake() {
  touched = true;
  if (!soundOn()) return;
  try {
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!context && Context) context = new Context();
    if (context?.state === "suspended") context.resume().catch(() => {});
  } catch {
    context = null; // refused: silence
  }
}

/** Listen for the first gestures; each later one resumes a context the system suspended. */
export function listenForGestures() {
  for (const type of ["pointerdown", "keydown", "touchend"]) document.addEventListener(type, wake, { capture: true, passive: true });
}

function whiteNoise(ctx) {
  if (!noise) {
    noise = ctx.createBuffer(1, Math.floor(ctx.sampleRate * 0.25), ctx.sampleRate);
    const data = noise.getChannelData(0);
    let seed = 7; // the same hiss every time, from a tiny generator of our own
    for (let i = 0; i < data.length; i++) {
      seed = (seed * 16807) % 2147483647;
      data[i] = (seed / 2147483647) * 2 - 1;
    }
  }
  return noise;
}

/** A card on the felt: a short band of noise that falls away fast. */
function snap(ctx, at, { freq = 2400, gain = 0.35, ms = 70 } = {}) {
  const src = ctx.createBufferSource();
  src.buffer = whiteNoise(ctx);
  const band = ctx.createBiquadFilter();
  band.type = "bandpass";
  band.frequency.value = freq;
  band.Q.value = 0.9;
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(gain, at);
  amp.gain.exponentialRampToValueAtTime(0.001, at + ms / 1000);
  src.connect(band).connect(amp).connect(ctx.destination);
  src.start(at);
  src.stop(at + ms / 1000 + 0.02);
}

/** A soft note: ``type`` wave at ``freq`` Hz, struck and let ring for ``ms``. */
function note(ctx, at, freq, { type = "sine", gain = 0.18, ms = 220 } = {}) {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.value = freq;
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.012);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
  osc.connect(amp).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + ms / 1000 + 0.02);
}

const SOUNDS = {
  card: (ctx, t) => snap(ctx, t),
  take: (ctx, t) => {
    snap(ctx, t, { freq: 900, gain: 0.3, ms: 120 });
    snap(ctx, t + 0.06, { freq: 700, gain: 0.22, ms: 140 });
  },
  deal: (ctx, t, count = 6) => {
    for (let i = 0; i < Math.min(count, 8); i++) snap(ctx, t + i * 0.045, { freq: 2000 + (i % 3) * 350, gain: 0.22, ms: 50 });
  },
  chips: (ctx, t) => {
    for (let i = 0; i < 3; i++) note(ctx, t + i * 0.05, 2600 + i * 420, { type: "triangle", gain: 0.08, ms: 90 });
  },
  won: (ctx, t) => [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => note(ctx, t + i * 0.09, f, { type: "triangle", gain: 0.16, ms: 320 })),
  lost: (ctx, t) => [392, 311.13].forEach((f, i) => note(ctx, t + i * 0.16, f, { type: "triangle", gain: 0.14, ms: 380 })),
  turn: (ctx, t) => {
    note(ctx, t, 880, { gain: 0.16, ms: 200 });
    note(ctx, t + 0.11, 1318.5, { gain: 0.14, ms: 260 });
  },
};

/** Play the sounds of ``what`` (motion.js's changes); ``people``: a table with people, where
 *  «ваш ход» sounds from a hidden tab too. */
export function sound(what, people) {
  if (!context && touched) wake(); // «Звук» switched on after the first tap
  if (!context || context.state !== "running" || !soundOn()) return;
  const names = [];
  if (what.taken) names.push("take");
  if (what.played.length) names.push("card");
  if (what.dealt || what.drawn) names.push("deal");
  if (what.chips) names.push("chips");
  if (what.ended) names.push(what.ended);
  if (what.yourTurn) names.push("turn");
  const heard = document.hidden ? names.filter((name) => name === "turn" && people) : names;
  try {
    let at = context.currentTime + 0.01;
    for (const name of heard) {
      SOUNDS[name](context, at, what.dealt ? 12 : 3);
      at += 0.08;
    }
  } catch {
    // a node the browser will not make: silence, the table goes on
  }
}
