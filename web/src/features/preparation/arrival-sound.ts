import { useState } from "react";

const SOUND_KEY = "frio.preparation.arrival-sound";

let audio: AudioContext | null = null;

/** One context for the tab; browsers start it suspended until the page has had a tap or a key. */
function context() {
  audio ??= new AudioContext();
  if (audio.state === "suspended") void audio.resume();
  return audio;
}

/** A short two-note chime made on the spot: no sound file to download or cache. */
export function chime() {
  const ctx = context();
  [880, 1320].forEach((frequency, i) => {
    const start = ctx.currentTime + i * 0.16;
    const tone = ctx.createOscillator();
    const volume = ctx.createGain();
    tone.frequency.value = frequency;
    // Ramped in and out: a tone cut at full volume clicks.
    volume.gain.setValueAtTime(0.0001, start);
    volume.gain.exponentialRampToValueAtTime(0.25, start + 0.01);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + 0.14);
    tone.connect(volume).connect(ctx.destination);
    tone.start(start);
    tone.stop(start + 0.15);
  });
}

/** Whether a new order chimes on this tablet: off until the preparer turns it on, remembered here. */
export function useArrivalSound() {
  const [on, setOn] = useState(() => localStorage.getItem(SOUND_KEY) === "on");
  const turn = (value: boolean) => {
    localStorage.setItem(SOUND_KEY, value ? "on" : "off");
    setOn(value);
    // Played inside the tap: it lets the browser start the sound, and the preparer hears what is coming.
    if (value) chime();
  };
  return [on, turn] as const;
}
