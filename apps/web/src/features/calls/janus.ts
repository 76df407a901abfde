import type Janus from 'janus-gateway';
import type { JanusJS } from 'janus-gateway';

export type { JanusJS };
export const VIDEOROOM = 'janus.plugin.videoroom';

type JanusClass = typeof Janus;
let ready: Promise<JanusClass> | null = null;

/**
 * janus.js is loaded with the first call or session, not with the app (and never where no room opens, as
 * in unit tests), and initialised once per page with webrtc-adapter handed in: its ES build does not
 * import it.
 */
export function initJanus(): Promise<JanusClass> {
  ready ??= Promise.all([import('janus-gateway'), import('webrtc-adapter')]).then(
    ([{ default: loaded }, { default: adapter }]) =>
      new Promise<JanusClass>((resolve) => {
        loaded.init({
          debug: false,
          dependencies: loaded.useDefaultDependencies({ adapter }),
          callback: () => resolve(loaded),
        });
      }),
  );
  return ready;
}

/** What janus.js's own check asks for: peer connections and camera/microphone access. */
export const webrtcSupported = () =>
  typeof RTCPeerConnection !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/** One Janus session (janus.js keeps it alive every 25 s itself). */
export async function openSession(
  server: string,
  iceServers: RTCIceServer[],
  onLost: (error: unknown) => void,
): Promise<Janus> {
  const JanusSession = await initJanus();
  return new Promise((resolve, reject) => {
    let opened = false;
    const janus: Janus = new JanusSession({
      server,
      iceServers,
      destroyOnUnload: true,
      success: () => {
        opened = true;
        resolve(janus);
      },
      error: (error) => (opened ? onLost(error) : reject(error)),
    });
  });
}

/** The peer connection janus.js keeps for a handle (for getStats and the transceivers' mids). */
export function peerOf(handle: JanusJS.PluginHandle | null): RTCPeerConnection | null {
  return (handle?.webrtcStuff as unknown as { pc?: RTCPeerConnection } | undefined)?.pc ?? null;
}

/** A request whose answer is the plugin's synchronous reply. */
export function offerFrom(
  handle: JanusJS.PluginHandle,
  tracks: JanusJS.TrackOption[],
): Promise<JanusJS.JSEP> {
  return new Promise((resolve, reject) =>
    handle.createOffer({ tracks, success: resolve, error: (err) => reject(err) }),
  );
}

/**
 * An answer to Janus's offer that makes the browser the DTLS server (`a=setup:passive`): Janus then opens the
 * handshake once its own ICE is up. As the client, the browser sent its hello as soon as its side of ICE
 * connected, before Janus took it, and sent it again after 50, 100 and 200 ms: about 370 ms of every
 * subscription's start (decision 0068).
 */
export const asDtlsServer = (sdp: string): string =>
  sdp.replace(/^a=setup:active(?=\r?$)/gm, 'a=setup:passive');

/** janus.js's createAnswer takes `customizeSdp` as createOffer does; its declarations name it for offers only. */
type AnswerParams = JanusJS.PluginCreateAnswerParam & Pick<JanusJS.OfferParams, 'customizeSdp'>;

export function answerFor(handle: JanusJS.PluginHandle, jsep: JanusJS.JSEP): Promise<JanusJS.JSEP> {
  return new Promise((resolve, reject) => {
    const params: AnswerParams = {
      jsep,
      tracks: [],
      customizeSdp: (answer) => {
        if (answer.sdp) answer.sdp = asDtlsServer(answer.sdp);
      },
      success: resolve,
      error: (err) => reject(err),
    };
    handle.createAnswer(params);
  });
}
