import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { EVENTUALLY } from '../../test/harness';
import { JanusMedia } from '.';
import { JanusConnection, JanusError, type JanusHandle, janusAdminRequest } from './janus-client';
import { janusConfigFiles } from './janus-config';
import { findJanusBinary, type JanusChild, startJanus } from './janus-process';
import { AUDIOBRIDGE_PLUGIN, VIDEOROOM_PLUGIN, VideoRooms } from './janus-rooms';

const janusBinary = findJanusBinary();

/** A member's own connection to Janus (what janus.js does in the browser), to join rooms with a pin. */
async function memberHandle(url: string, plugin: string): Promise<JanusHandle> {
  const connection = await JanusConnection.open(url);
  const session = await connection.createSession();
  return session.attach(plugin);
}

// The generated configuration is checked everywhere; the tests below it need a real Janus.
describe('generated Janus configuration', () => {
  const files = janusConfigFiles({
    serverName: 'orbit-2',
    runDir: '/data/janus/run-1',
    wsPort: 40001,
    adminWsPort: 40002,
    adminSecret: 'generated-admin-secret',
    adminKey: 'generated-admin-key',
  });

  it('binds the API and admin API to loopback and gathers loopback candidates only', () => {
    const transport = files['janus.transport.websockets.jcfg'];
    expect(transport).toContain('ws_ip = "127.0.0.1"');
    expect(transport).toContain('ws_port = 40001');
    expect(transport).toContain('admin_ws_ip = "127.0.0.1"');
    expect(transport).toContain('admin_ws_port = 40002');
    expect(transport).toContain('wss = false');
    expect(files['janus.jcfg']).toContain('ice_enforce_list = "lo"');
    expect(files['janus.jcfg']).toContain('admin_secret = "generated-admin-secret"');
  });

  it('gives Janus the gateway name as its own server name (janus_server_name)', () => {
    expect(files['janus.jcfg']).toContain('server_name = "orbit-2"');
  });

  it('loads modules from the run folder and locks room creation behind the admin key', () => {
    expect(files['janus.jcfg']).toContain('plugins_folder = "/data/janus/run-1/plugins"');
    expect(files['janus.jcfg']).toContain('transports_folder = "/data/janus/run-1/transports"');
    for (const plugin of ['janus.plugin.videoroom.jcfg', 'janus.plugin.audiobridge.jcfg']) {
      expect(files[plugin]).toContain('admin_key = "generated-admin-key"');
    }
    expect(Object.keys(files).sort()).toEqual([
      'janus.jcfg',
      'janus.plugin.audiobridge.jcfg',
      'janus.plugin.videoroom.jcfg',
      'janus.transport.websockets.jcfg',
    ]);
  });
});

if (!janusBinary) {
  console.warn('[orbit] no janus binary on the PATH (apt-get install janus): the Janus tests are left out.');
} else {
  describe('Janus child process and rooms', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-janus-'));
    // Built from an empty environment: no JANUS_URL, so the media service starts its own child.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const media = new JanusMedia(config, pino({ level: 'silent' }), janusBinary);
    // JANUS_CHILDREN defaults to one child.
    const gateway = () => media.gateways[0];
    const members: JanusHandle[] = [];
    const joinAs = async (plugin: string) => {
      const handle = await memberHandle(gateway().publicUrl, plugin);
      members.push(handle);
      return handle;
    };

    beforeAll(() => media.start());
    afterAll(async () => {
      for (const handle of members) handle.session.connection.close();
      await media.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('starts Janus on a loopback port under DATA_DIR and answers', async () => {
      expect(media.available).toBe(true);
      expect(media.gateways.map((g) => g.name)).toEqual(['orbit-1']);
      expect(gateway().publicUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
      expect(fs.readdirSync(path.join(dataDir, 'janus'))).toHaveLength(1);
      expect(fs.existsSync(path.join(dataDir, 'recordings'))).toBe(true);
    });

    it('loads only the video room and audio bridge plugins and the WebSocket transport', async () => {
      const connection = await JanusConnection.open(gateway().publicUrl);
      try {
        const info = await connection.request({ janus: 'info' });
        expect(info['server-name']).toBe('orbit-1');
        expect(Object.keys(info.plugins as object).sort()).toEqual([AUDIOBRIDGE_PLUGIN, VIDEOROOM_PLUGIN]);
        expect(Object.keys(info.transports as object)).toEqual(['janus.transport.websockets']);
      } finally {
        connection.close();
      }
    });

    it('creates a video room with its own secret and pin, lists it, and admits only with the pin', async () => {
      const room = await gateway().createRoom('video', { record: true });
      expect(room.secret).toMatch(/^[0-9a-f]{48}$/);
      expect(room.pin).toMatch(/^[0-9a-f]{24}$/);
      const rooms = await gateway().videoRooms();
      expect(await rooms.listRooms()).toContain(room.roomId);

      const member = await joinAs(VIDEOROOM_PLUGIN);
      const join = { request: 'join', ptype: 'publisher', room: room.roomId, display: 'm' };
      await expect(member.message({ ...join, pin: 'wrong' })).rejects.toBeInstanceOf(JanusError);
      const joined = await member.message<{ id: number }>({ ...join, pin: room.pin });
      expect((await rooms.listParticipants(room.roomId)).map((p) => p.id)).toEqual([joined.id]);

      await expect(rooms.kick(room.roomId, 'wrong', joined.id)).rejects.toBeInstanceOf(JanusError);
      await rooms.kick(room.roomId, room.secret, joined.id);
      // A kick is carried out by the plugin's own thread, just after it answers.
      await vi.waitFor(async () => expect(await rooms.listParticipants(room.roomId)).toEqual([]), EVENTUALLY);
    });

    it('refuses to destroy a video room without its secret, and destroys it with the secret', async () => {
      const room = await gateway().createRoom('video');
      const rooms = await gateway().videoRooms();
      await expect(gateway().destroyRoom('video', { roomId: room.roomId, secret: 'wrong' })).rejects.toThrow(
        /wrong secret/i,
      );
      expect(await rooms.exists(room.roomId)).toBe(true);
      await gateway().destroyRoom('video', room);
      expect(await rooms.exists(room.roomId)).toBe(false);
      expect(await rooms.listRooms()).not.toContain(room.roomId);
    });

    it('creates an audio bridge room, mutes, unmutes and kicks by id with its secret, and destroys it', async () => {
      const room = await gateway().createRoom('audio');
      const bridges = await gateway().audioBridges();
      expect(await bridges.listRooms()).toContain(room.roomId);

      const member = await joinAs(AUDIOBRIDGE_PLUGIN);
      await expect(
        member.message({ request: 'join', room: room.roomId, pin: 'wrong' }),
      ).rejects.toBeInstanceOf(JanusError);
      const { id } = await member.message<{ id: number }>({
        request: 'join',
        room: room.roomId,
        pin: room.pin,
      });
      const mutedOf = async () =>
        (await bridges.listParticipants(room.roomId)).find((p) => p.id === id)?.muted;
      await expect(bridges.mute(room.roomId, 'wrong', id)).rejects.toBeInstanceOf(JanusError);
      await bridges.mute(room.roomId, room.secret, id);
      expect(await mutedOf()).toBe(true);
      await bridges.unmute(room.roomId, room.secret, id);
      expect(await mutedOf()).toBe(false);
      await bridges.kick(room.roomId, room.secret, id);
      await vi.waitFor(
        async () => expect(await bridges.listParticipants(room.roomId)).toEqual([]),
        EVENTUALLY,
      );

      await expect(
        gateway().destroyRoom('audio', { roomId: room.roomId, secret: 'wrong' }),
      ).rejects.toBeInstanceOf(JanusError);
      await gateway().destroyRoom('audio', room);
      expect(await bridges.exists(room.roomId)).toBe(false);
    });

    it('lets only the server create rooms: a member without the admin key is refused', async () => {
      const member = await joinAs(VIDEOROOM_PLUGIN);
      await expect(new VideoRooms(member, null).create({ secret: 's', pin: 'p' })).rejects.toThrow(
        /admin_key/,
      );
    });
  });

  describe('placement over a pool of gateways', () => {
    const silent = pino({ level: 'silent' });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-janus-'));
    let child: JanusChild;
    beforeAll(async () => {
      child = await startJanus({ binary: janusBinary, dataDir, log: silent, name: 'placement' });
    });
    afterAll(async () => {
      await child.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    /** A pool from JANUS_URLS whose gateways hold `rooms` open, as the database would count them. */
    const poolOf = (urls: string, rooms: Record<string, number>) =>
      new JanusMedia(
        loadConfig({ JANUS_URLS: urls, JANUS_ADMIN_KEY: child.adminKey, LOG_LEVEL: 'silent' }),
        silent,
        null,
        async () => new Map(Object.entries(rooms)),
      );

    it('places on the gateway with the fewest rooms open, and rooms open there', async () => {
      // One Janus under two names: two gateways that both answer.
      const media = poolOf(`${child.url};name=busy,${child.url};name=quiet`, { busy: 3, quiet: 1 });
      await media.start();
      try {
        for (let i = 0; i < 3; i++) expect((await media.place()).name).toBe('quiet');
        const placed = await media.place();
        const room = await placed.createRoom('video');
        expect(await placed.hasRoom('video', room.roomId)).toBe(true);
        await placed.destroyRoom('video', room);
      } finally {
        await media.close();
      }
    });

    it('passes over a gateway that does not answer, however empty, and counts it down for a while', async () => {
      const media = poolOf(`ws://127.0.0.1:1;name=gone,${child.url};name=alive`, { alive: 5 });
      await media.start();
      try {
        expect((await media.place()).name).toBe('alive');
        expect(media.gateway('gone')?.down).toBe(true);
        expect(media.gateway('alive')?.down).toBe(false);
        expect(await media.gateway('gone')?.hasRoom('video', 1)).toBe(false);
        expect((await media.place()).name).toBe('alive');
      } finally {
        await media.close();
      }
    });
  });

  describe('Janus admin API and shutdown', () => {
    it('answers the admin API on loopback only with the generated secret, and stops on close', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-janus-'));
      const child = await startJanus({
        binary: janusBinary,
        dataDir,
        log: pino({ level: 'silent' }),
        name: 'orbit-admin',
      });
      try {
        expect(child.adminUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
        const listed = await janusAdminRequest(child.adminUrl, child.adminSecret, { janus: 'list_sessions' });
        expect(listed.janus).toBe('success');
        await expect(
          janusAdminRequest(child.adminUrl, 'not-the-secret', { janus: 'list_sessions' }),
        ).rejects.toMatchObject({ code: 403 });
      } finally {
        await child.stop();
      }
      await expect(JanusConnection.open(child.url, undefined, 1000)).rejects.toThrow();
      expect(fs.readdirSync(path.join(dataDir, 'janus'))).toEqual([]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
  });
}
