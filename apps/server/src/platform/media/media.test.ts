import { ErrorCode } from '@orbit/contract';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { AppError } from '../errors';
import { JanusMedia } from '.';
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
    expect(media.gateways).toEqual([]);
    const refusal = await media.place().catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 503, code: ErrorCode.media_unavailable });
    await media.close();
  });

  it('finds no janus on a PATH without it', () => {
    expect(findJanusBinary('/nonexistent-dir')).toBeNull();
  });
});

describe('media with JANUS_URL', () => {
  it('is one gateway named orbit, handing browsers JANUS_PUBLIC_URL behind a proxy, JANUS_URL otherwise', async () => {
    const direct = new JanusMedia(configWith({ JANUS_URL: 'ws://janus.internal:8188' }), silent, null);
    await direct.start();
    expect(direct.available).toBe(true);
    expect(direct.gateways.map((g) => [g.name, g.publicUrl])).toEqual([
      ['orbit', 'ws://janus.internal:8188'],
    ]);

    const proxied = new JanusMedia(
      configWith({ JANUS_URL: 'ws://janus.internal:8188', JANUS_PUBLIC_URL: 'wss://orbit.example/janus' }),
      silent,
      null,
    );
    await proxied.start();
    expect(proxied.gateway('orbit')?.publicUrl).toBe('wss://orbit.example/janus');
  });

  it('answers media_unavailable when the configured Janus does not answer', async () => {
    const media = new JanusMedia(configWith({ JANUS_URL: 'ws://127.0.0.1:1' }), silent, null);
    await media.start();
    await expect(media.place()).rejects.toMatchObject({ code: ErrorCode.media_unavailable });
    expect(media.gateway('orbit')?.down).toBe(true);
  });
});

describe('media with JANUS_URLS', () => {
  const urls =
    'ws://10.0.0.5:8188;name=media-a;admin=http://10.0.0.5:7088/admin;public=wss://a.orbit.example/janus, ' +
    'ws://10.0.0.6:8188';

  it('is one gateway per entry, named by name= or by its host, with its own admin and public URLs', async () => {
    expect(loadConfig({ JANUS_URLS: urls }).janusGateways).toEqual([
      {
        name: 'media-a',
        url: 'ws://10.0.0.5:8188',
        adminUrl: 'http://10.0.0.5:7088/admin',
        publicUrl: 'wss://a.orbit.example/janus',
      },
      { name: '10.0.0.6:8188', url: 'ws://10.0.0.6:8188', adminUrl: null, publicUrl: 'ws://10.0.0.6:8188' },
    ]);
    const media = new JanusMedia(configWith({ JANUS_URLS: urls }), silent, null);
    await media.start();
    expect(media.gateways.map((g) => g.name)).toEqual(['media-a', '10.0.0.6:8188']);
    expect(media.gateway('media-a')?.publicUrl).toBe('wss://a.orbit.example/janus');
    expect(media.gateway('orbit')).toBeNull();
  });

  it('answers media_unavailable when no gateway of the pool answers', async () => {
    const media = new JanusMedia(
      configWith({ JANUS_URLS: 'ws://127.0.0.1:1;name=a,ws://127.0.0.1:2;name=b' }),
      silent,
      null,
    );
    await media.start();
    await expect(media.place()).rejects.toMatchObject({ code: ErrorCode.media_unavailable });
    expect(media.gateways.map((g) => g.down)).toEqual([true, true]);
  });

  it('refuses settings that would be ambiguous together, or malformed', () => {
    const refused: [NodeJS.ProcessEnv, RegExp][] = [
      [{ JANUS_URLS: urls, JANUS_URL: 'ws://janus:8188' }, /not both/],
      [{ JANUS_URLS: urls, JANUS_PUBLIC_URL: 'wss://x/janus' }, /each gateway/],
      [{ JANUS_URLS: urls, JANUS_ADMIN_URL: 'http://x/admin' }, /each gateway/],
      [{ JANUS_URLS: urls, JANUS_CHILDREN: '2' }, /JANUS_CHILDREN/],
      [{ JANUS_URLS: 'ws://a:1;name=x,ws://b:1;name=x' }, /twice/],
      [{ JANUS_URLS: 'http://a:8188' }, /ws or wss/],
      [{ JANUS_URLS: 'ws://a:8188;port=1' }, /name=, admin= or public=/],
      [{ JANUS_URLS: 'ws://a:8188;name=no spaces' }, /gateway name/],
      [{ JANUS_CHILDREN: '0' }, /JANUS_CHILDREN/],
      [{ JANUS_CHILDREN: '1.5' }, /JANUS_CHILDREN/],
      [{ JANUS_CHILDREN: '2', JANUS_PUBLIC_URL: 'wss://x/janus' }, /several JANUS_CHILDREN/],
    ];
    for (const [env, message] of refused) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
  });

  it('starts one loopback child by default, JANUS_CHILDREN of them when asked', () => {
    expect(loadConfig({})).toMatchObject({ janusGateways: [], janusChildren: 1 });
    expect(loadConfig({ JANUS_CHILDREN: '3' }).janusChildren).toBe(3);
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
