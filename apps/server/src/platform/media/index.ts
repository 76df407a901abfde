import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config, IceServer } from '../../config';
import { AppError } from '../errors';
import { JanusConnection, type JanusSession } from './janus-client';
import { findJanusBinary, type JanusChild, startJanus } from './janus-process';
import {
  AUDIOBRIDGE_PLUGIN,
  AudioBridges,
  type RoomCredentials,
  type RoomOptions,
  VIDEOROOM_PLUGIN,
  VideoRooms,
} from './janus-rooms';

export type { RoomCredentials, RoomOptions, RoomParticipant } from './janus-rooms';
export { AudioBridges, VideoRooms } from './janus-rooms';

/** The stable error code of a call or live session asked for while no Janus is reachable. */
export const MEDIA_UNAVAILABLE = 'media_unavailable';

export type RoomKind = 'video' | 'audio';

/** Calls and live sessions' media server, as the rest of the server sees it. */
export interface Media {
  /** False when there is no JANUS_URL and no `janus` binary (or it failed to start): calls say so. */
  readonly available: boolean;
  /** The Janus WebSocket URL a browser connects to, or null while unavailable. */
  readonly publicJanusUrl: string | null;
  /** STUN/TURN servers for the browser's peer connections (ICE_SERVERS). */
  readonly iceServers: IceServer[];
  /** The folder a Janus started here records into (read by the server afterwards), or null. */
  readonly recordingsDir: string | null;
  start(): Promise<void>;
  close(): Promise<void>;
  /** A new private room with its own random secret (moderation, destroy) and pin (joining). */
  createRoom(kind: RoomKind, options?: RoomOptions): Promise<RoomCredentials>;
  destroyRoom(kind: RoomKind, room: Pick<RoomCredentials, 'roomId' | 'secret'>): Promise<void>;
  /** The video room plugin's requests (participants, kick). */
  videoRooms(): Promise<VideoRooms>;
  /** The audio bridge plugin's requests (participants, kick, mute, unmute). */
  audioBridges(): Promise<AudioBridges>;
}

interface JanusEndpoint {
  url: string;
  publicUrl: string;
  adminKey: string | null;
  recordingsDir: string | null;
}

interface RoomPlugins {
  session: JanusSession;
  video: VideoRooms;
  audio: AudioBridges;
}

export function mediaUnavailable(): AppError {
  return new AppError(503, MEDIA_UNAVAILABLE, 'The media server is unavailable');
}

function randomCredential(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** Janus reached at JANUS_URL, or started here as a loopback child when the binary is on the PATH. */
export class JanusMedia implements Media {
  private endpoint: JanusEndpoint | null = null;
  private child: JanusChild | null = null;
  private opened: RoomPlugins | null = null;
  private opening: Promise<RoomPlugins> | null = null;

  constructor(
    private readonly config: Config,
    private readonly log: Logger,
    /** The binary to start when there is no JANUS_URL; null means none (tests of the unavailable state). */
    private readonly janusBinary: string | null = findJanusBinary(),
  ) {}

  get available(): boolean {
    return this.endpoint !== null;
  }

  get publicJanusUrl(): string | null {
    return this.endpoint?.publicUrl ?? null;
  }

  get iceServers(): IceServer[] {
    return this.config.iceServers;
  }

  get recordingsDir(): string | null {
    return this.endpoint?.recordingsDir ?? null;
  }

  async start(): Promise<void> {
    const { janusUrl, janusPublicUrl, janusAdminKey } = this.config;
    if (janusUrl) {
      this.endpoint = {
        url: janusUrl,
        publicUrl: janusPublicUrl ?? janusUrl,
        adminKey: janusAdminKey,
        recordingsDir: null,
      };
      return;
    }
    if (!this.janusBinary) {
      this.log.info('media server unavailable: no JANUS_URL and no janus binary on the PATH');
      return;
    }
    try {
      this.child = await startJanus({
        binary: this.janusBinary,
        dataDir: this.config.dataDir,
        log: this.log,
      });
    } catch (err) {
      this.log.error({ err }, 'media server unavailable: Janus did not start');
      return;
    }
    this.endpoint = {
      url: this.child.url,
      publicUrl: janusPublicUrl ?? this.child.url,
      adminKey: this.child.adminKey,
      recordingsDir: this.child.recordingsDir,
    };
  }

  async close(): Promise<void> {
    this.endpoint = null;
    const opened = (await this.opening?.catch(() => null)) ?? this.opened;
    this.opened = null;
    if (opened) {
      await opened.session.destroy().catch(() => {});
      opened.session.connection.close();
    }
    await this.child?.stop();
    this.child = null;
  }

  async createRoom(kind: RoomKind, options: RoomOptions = {}): Promise<RoomCredentials> {
    const credentials = { secret: randomCredential(24), pin: randomCredential(12) };
    if (kind === 'audio') return (await this.audioBridges()).create(credentials, options);
    const recDir = options.record ? (options.recDir ?? this.endpoint?.recordingsDir ?? undefined) : undefined;
    return (await this.videoRooms()).create(credentials, { ...options, recDir });
  }

  async destroyRoom(kind: RoomKind, room: Pick<RoomCredentials, 'roomId' | 'secret'>): Promise<void> {
    const plugin = kind === 'audio' ? await this.audioBridges() : await this.videoRooms();
    await plugin.destroy(room.roomId, room.secret);
  }

  async videoRooms(): Promise<VideoRooms> {
    return (await this.roomPlugins()).video;
  }

  async audioBridges(): Promise<AudioBridges> {
    return (await this.roomPlugins()).audio;
  }

  /** One server session with a handle per plugin, opened again when the connection to Janus dropped. */
  private async roomPlugins(): Promise<RoomPlugins> {
    const endpoint = this.endpoint;
    if (!endpoint) throw mediaUnavailable();
    if (this.opened?.session.connection.isOpen) return this.opened;
    this.opening ??= this.openPlugins(endpoint)
      .then((plugins) => {
        this.opened = plugins;
        return plugins;
      })
      .finally(() => {
        this.opening = null;
      });
    return this.opening;
  }

  private async openPlugins(endpoint: JanusEndpoint): Promise<RoomPlugins> {
    let connection: JanusConnection;
    try {
      connection = await JanusConnection.open(endpoint.url);
    } catch (err) {
      this.log.warn({ err }, 'Janus did not answer');
      throw mediaUnavailable();
    }
    try {
      const session = await connection.createSession();
      return {
        session,
        video: new VideoRooms(await session.attach(VIDEOROOM_PLUGIN), endpoint.adminKey),
        audio: new AudioBridges(await session.attach(AUDIOBRIDGE_PLUGIN), endpoint.adminKey),
      };
    } catch (err) {
      connection.close();
      throw err;
    }
  }
}
