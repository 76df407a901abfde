import type { BrowserContext, Page } from 'playwright-core';

/**
 * Page source run before the app's own scripts: every RTCPeerConnection the page makes is kept in a list,
 * so a test reads its stats (getStats) without any hook in the app. Written as a string: a Node-side
 * function would be compiled with helpers the page does not have.
 */
const KEEP_PEER_CONNECTIONS = `(() => {
  const Native = window.RTCPeerConnection;
  const made = [];
  window.__peerConnections = made;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      made.push(this);
    }
  };
})()`;

/** From now on (pages created or navigated after this), the context's peer connections can be read. */
export async function watchPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(KEEP_PEER_CONNECTIONS);
}

/** One RTP stream's counters, as getStats reports it. */
export interface RtpStats {
  type: string;
  kind: string;
  framesDecoded?: number;
  bytesSent?: number;
  bytesReceived?: number;
  packetsReceived?: number;
  roundTripTime?: number;
}

/** The page's RTP streams of `type` and `kind` across all its peer connections, read with getStats. */
export function rtpStats(page: Page, type: string, kind: 'audio' | 'video'): Promise<RtpStats[]> {
  return page.evaluate(
    async ([wanted, wantedKind]) => {
      const connections = (window as unknown as { __peerConnections?: RTCPeerConnection[] })
        .__peerConnections;
      const found: RtpStats[] = [];
      for (const connection of connections ?? []) {
        if (connection.connectionState === 'closed') continue;
        const report = await connection.getStats();
        report.forEach((entry) => {
          if (entry.type === wanted && entry.kind === wantedKind) found.push(entry as RtpStats);
        });
      }
      return found;
    },
    [type, kind] as const,
  );
}
