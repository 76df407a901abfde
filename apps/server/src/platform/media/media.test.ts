import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { AppError } from '../errors';
import { JanusMedia, MEDIA_UNAVAILABLE } from '.';
import { findJanusBinary } from './janus-process';

const silent = pino({ level: 'silent' });

/** A configuration from these variables only, whatever the test machine's environment holds. */
function configWith(env: NodeJS.ProcessEnv = {}) {
  return loadConfig({ DATA_DIR: '/tmp/orbit-test-unused', LOG_LEVEL: 'silent', ...env });
}

describe('media without Janus', () => {
  it('is unavailable, not failing, when there is no JANUS_URL and no janus binary', async () => {
    const media = new JanusMedia(configWith(), silent, null);
    await media.start();
    expect(media.available).toBe(false);
    expect(media.publicJanusUrl).toBeNull();
    const refusal = await media.createRoom('video').catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 503, code: MEDIA_UNAVAILABLE });
    await media.close();
  });

  it('finds no janus on a PATH without it', () => {
    expect(findJanusBinary('/nonexistent-dir')).toBeNull();
  });
});

describe('media with JANUS_URL', () => {
  it('hands browsers JANUS_PUBLIC_URL when set behind a proxy, JANUS_URL otherwise', async () => {
    const direct = new JanusMedia(configWith({ JANUS_URL: 'ws://janus.internal:8188' }), silent, null);
    await direct.start();
    expect(direct.available).toBe(true);
    expect(direct.publicJanusUrl).toBe('ws://janus.internal:8188');

    const proxied = new JanusMedia(
      configWith({ JANUS_URL: 'ws://janus.internal:8188', JANUS_PUBLIC_URL: 'wss://orbit.example/janus' }),
      silent,
      null,
    );
    await proxied.start();
    expect(proxied.publicJanusUrl).toBe('wss://orbit.example/janus');
  });

  it('answers media_unavailable when the configured Janus does not answer', async () => {
    const media = new JanusMedia(configWith({ JANUS_URL: 'ws://127.0.0.1:1' }), silent, null);
    await media.start();
    await expect(media.createRoom('audio')).rejects.toMatchObject({ code: MEDIA_UNAVAILABLE });
  });
});

describe('ICE_SERVERS and the Janus variables', () => {
  it('defaults to no ICE servers', () => {
    expect(loadConfig({}).iceServers).toEqual([]);
  });

  it('reads a JSON list of STUN and TURN servers and the Janus variables', () => {
    const servers = [
      { urls: 'stun:stun.example:3478' },
      { urls: ['turn:turn.example:3478'], username: 'u', credential: 'c' },
    ];
    const config = loadConfig({
      ICE_SERVERS: JSON.stringify(servers),
      JANUS_PUBLIC_URL: 'wss://orbit.example/janus',
      JANUS_ADMIN_SECRET: 'admin-secret',
      JANUS_ADMIN_KEY: 'admin-key',
    });
    expect(config).toMatchObject({
      iceServers: servers,
      janusPublicUrl: 'wss://orbit.example/janus',
      janusAdminSecret: 'admin-secret',
      janusAdminKey: 'admin-key',
    });
  });

  it('refuses ICE_SERVERS that is not a JSON list of {urls, username?, credential?}', () => {
    expect(() => loadConfig({ ICE_SERVERS: 'stun:x' })).toThrow(/ICE_SERVERS/);
    expect(() => loadConfig({ ICE_SERVERS: '{"urls":"stun:x"}' })).toThrow(/ICE_SERVERS/);
    expect(() => loadConfig({ ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/ICE_SERVERS/);
    expect(() => loadConfig({ ICE_SERVERS: '[{"urls":"stun:x","username":1}]' })).toThrow(/ICE_SERVERS/);
  });
});
