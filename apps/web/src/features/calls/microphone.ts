/** How long a microphone captured for a call waits for its room before it is released. */
const UNCLAIMED_MS = 15_000;

let early: { track: Promise<MediaStreamTrack | null>; timer: ReturnType<typeof setTimeout> } | null = null;

const stop = (track: Promise<MediaStreamTrack | null>) => void track.then((t) => t?.stop());

/**
 * The member's own click on the call icon, or on Accept, asks for the microphone at once: the capture runs
 * beside POST /call/start and the room's opening instead of after them (docs/decisions/0032). A capture the
 * room does not take (the start refused, the screen closed first) is stopped.
 */
export function captureMicrophone(): void {
  releaseMicrophone();
  const track = navigator.mediaDevices
    ?.getUserMedia({ audio: true })
    .then((stream) => stream.getAudioTracks()[0] ?? null)
    // A refusal is met again by the room's own capture, which alerts as it always did.
    .catch(() => null);
  if (!track) return;
  early = { track, timer: setTimeout(releaseMicrophone, UNCLAIMED_MS) };
}

/** The capture the member's click started, once, for the room that publishes it. */
export function takeMicrophone(): Promise<MediaStreamTrack | null> | null {
  if (!early) return null;
  clearTimeout(early.timer);
  const { track } = early;
  early = null;
  return track;
}

/** The call did not open: nothing is kept on. */
export function releaseMicrophone(): void {
  const track = takeMicrophone();
  if (track) stop(track);
}
