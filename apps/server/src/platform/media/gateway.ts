import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@orbit/contract';
import type { Logger } from 'pino';
import { AppError } from '../errors';
import { JanusConnection, type JanusSession } from './janus-client';
import {
  AUDIOBRIDGE_PLUGIN,
  AudioBridges,
  type RoomCredentials,
  type RoomOptions,
  VIDEOROOM_PLUGIN,
  VideoRooms,
} from './janus-rooms';

export type RoomKind = 'video' | 'audio';

export function mediaUnavailable(): AppError {
  return new AppError(503, ErrorCode.media_unavailable, 'The media server is unavailable');
}

/** Where one gateway is and what only the server knows of it. */
export interface GatewayEndpoint {
  /** janus_server_name: what calls and sessions record to find this gateway again. */
  name: string;
  url: string;
  publicUrl: string;
  adminUrl: string | null;
  adminKey: string | null;
  /** The folder a Janus started here records into (read by the server afterwards), or null. */
  recordingsDir: string | null;
}

interface RoomPlugins {
  session: JanusSession;
  video: VideoRooms;
  audio: AudioBridges;
}

/** A gateway that did not answer is left out of placement this long before it is tried again. */
export const DOWN_FOR_MS = 5_000;
/** A gateway that does not complete the WebSocket handshake in this time counts as down. */
const CONNECT_TIMEOUT_MS = 3_000;

function randomCredential(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/**
 * One Janus of the pool: the server's own session on it with a handle per room plugin, opened on first use
 * and again after the connection dropped. A failed opening marks it down for DOWN_FOR_MS.
 */
export class JanusGateway {
  private opened: RoomPlugins | null = null;
  private opening: Promise<RoomPlugins> | null = null;
  private downUntil = 0;
  private closed = false;
  /** The process behind it died and is being started again: no placement, no request until it is back. */
  private restarting = false;

  constructor(
    private endpoint: GatewayEndpoint,
    private readonly log: Logger,
    /** The child process when this server started the gateway: stopped with it. */
    private readonly stopChild: (() => Promise<void>) | null = null,
  ) {}

  get name(): string {
    return this.endpoint.name;
  }

  /** The Janus WebSocket URL a browser connects to. */
  get publicUrl(): string {
    return this.endpoint.publicUrl;
  }

  get adminUrl(): string | null {
    return this.endpoint.adminUrl;
  }

  get recordingsDir(): string | null {
    return this.endpoint.recordingsDir;
  }

  /** Failed to answer lately (placement passes it over until DOWN_FOR_MS has gone by), or restarting. */
  get down(): boolean {
    return this.closed || this.restarting || Date.now() < this.downUntil;
  }

  /** Its Janus died (a child of this server): down until `restarted`; its session went with the process. */
  markRestarting(): void {
    this.restarting = true;
    this.opened = null;
  }

  /** Its Janus is back, at this address and with these secrets (a child gets fresh ones per start). */
  restarted(endpoint: Pick<GatewayEndpoint, 'url' | 'publicUrl' | 'adminUrl' | 'adminKey'>): void {
    this.endpoint = { ...this.endpoint, ...endpoint };
    this.restarting = false;
    this.downUntil = 0;
  }

  /** Whether the gateway answers now (its session opens, or is open). */
  async answers(): Promise<boolean> {
    try {
      await this.roomPlugins();
      return true;
    } catch {
      return false;
    }
  }

  /** A new private room with its own random secret (moderation, destroy) and pin (joining). */
  async createRoom(kind: RoomKind, options: RoomOptions = {}): Promise<RoomCredentials> {
    const credentials = { secret: randomCredential(24), pin: randomCredential(12) };
    if (kind === 'audio') return (await this.audioBridges()).create(credentials, options);
    const recDir = options.record ? (options.recDir ?? this.endpoint.recordingsDir ?? undefined) : undefined;
    return (await this.videoRooms()).create(credentials, { ...options, recDir });
  }

  async destroyRoom(kind: RoomKind, room: Pick<RoomCredentials, 'roomId' | 'secret'>): Promise<void> {
    const plugin = kind === 'audio' ? await this.audioBridges() : await this.videoRooms();
    await plugin.destroy(room.roomId, room.secret);
  }

  /** Whether the room is still there; a gateway that does not answer has none. */
  async hasRoom(kind: RoomKind, roomId: number): Promise<boolean> {
    try {
      const plugin = kind === 'audio' ? await this.audioBridges() : await this.videoRooms();
      return await plugin.exists(roomId);
    } catch {
      return false;
    }
  }

  /** The video room plugin's requests (participants, kick). */
  async videoRooms(): Promise<VideoRooms> {
    return (await this.roomPlugins()).video;
  }

  /** The audio bridge plugin's requests (participants, kick, mute, unmute). */
  async audioBridges(): Promise<AudioBridges> {
    return (await this.roomPlugins()).audio;
  }

  async close(): Promise<void> {
    this.closed = true;
    const opened = (await this.opening?.catch(() => null)) ?? this.opened;
    this.opened = null;
    if (opened) {
      await opened.session.destroy().catch(() => {});
      opened.session.connection.close();
    }
    await this.stopChild?.();
  }

  private async roomPlugins(): Promise<RoomPlugins> {
    if (this.closed || this.restarting) throw mediaUnavailable();
    if (this.opened?.session.connection.isOpen) return this.opened;
    this.opening ??= this.openPlugins()
      .then((plugins) => {
        this.opened = plugins;
        this.downUntil = 0;
        return plugins;
      })
      .catch((err: unknown) => {
        this.downUntil = Date.now() + DOWN_FOR_MS;
        throw err;
      })
      .finally(() => {
        this.opening = null;
      });
    return this.opening;
  }

  private async openPlugins(): Promise<RoomPlugins> {
    let connection: JanusConnection;
    try {
      connection = await JanusConnection.open(this.endpoint.url, undefined, CONNECT_TIMEOUT_MS);
    } catch (err) {
      this.log.warn({ err, gateway: this.name }, 'Janus did not answer');
      throw mediaUnavailable();
    }
    try {
      const session = await connection.createSession();
      return {
        session,
        video: new VideoRooms(await session.attach(VIDEOROOM_PLUGIN), this.endpoint.adminKey),
        audio: new AudioBridges(await session.attach(AUDIOBRIDGE_PLUGIN), this.endpoint.adminKey),
      };
    } catch (err) {
      connection.close();
      throw err;
    }
  }
}
