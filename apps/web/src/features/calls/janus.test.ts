import { describe, expect, it } from 'vitest';
import { asDtlsServer } from './janus';

const answer = (setup: string) =>
  [
    'v=0',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111',
    `a=setup:${setup}`,
    'm=video 9 UDP/TLS/RTP/SAVPF 96',
    `a=setup:${setup}`,
    '',
  ].join('\r\n');

describe('asDtlsServer', () => {
  it('makes every m-line of the answer the DTLS server, and keeps the line ends', () => {
    expect(asDtlsServer(answer('active'))).toBe(answer('passive'));
  });

  it('leaves an answer that is already passive, and other attributes, alone', () => {
    const sdp = `${answer('passive')}a=x-setup:active\r\n`;
    expect(asDtlsServer(sdp)).toBe(sdp);
  });
});
