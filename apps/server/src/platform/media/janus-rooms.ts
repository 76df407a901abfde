import type { JanusHandle } from './janus-client';

export const VIDEOROOM_PLUGIN = 'janus.plugin.videoroom';
export const AUDIOBRIDGE_PLUGIN = 'janus.plugin.audiobridge';

/** A room's credentials: the pin lets a member join, the secret lets its owner moderate or destroy it. */
export interface RoomCredentials {
  roomId: number;
  secret: string;
  pin: string;
}

export interface RoomOptions {
  description?: string;
  /** Video room: publishers at once (the call screen shows me plus up to 5 remote feeds). */
  publishers?: number;
  /** Video room: record every publisher into recDir. */
  record?: boolean;
  recDir?: string;
  /** Audio bridge: with `record`, the mixed audio is written to this .wav file (absolute path). */
  recordFile?: string;
}

export interface RoomParticipant {
  id: number;
  display?: string;
  publisher?: boolean;
  talking?: boolean;
  setup?: boolean;
  muted?: boolean;
}

/**
 * The requests both room plugins share (create, destroy, list, participants, kick). Rooms are private (not
 * listed to members) and not permanent (Orbit's database is the record; Janus rooms live as long as Janus).
 */
class RoomPlugin {
  constructor(
    protected readonly handle: JanusHandle,
    /** The plugin's admin_key: without it, anybody reaching Janus could create rooms. */
    protected readonly adminKey: string | null,
  ) {}

  protected async createWith(
    credentials: Omit<RoomCredentials, 'roomId'>,
    fields: Record<string, unknown>,
  ): Promise<RoomCredentials> {
    const reply = await this.handle.message<{ room: number }>({
      request: 'create',
      permanent: false,
      is_private: true,
      secret: credentials.secret,
      pin: credentials.pin,
      ...this.adminKeyField(),
      ...fields,
    });
    return { roomId: reply.room, ...credentials };
  }

  async destroy(roomId: number, secret: string): Promise<void> {
    await this.handle.message({ request: 'destroy', room: roomId, secret, permanent: false });
  }

  /** Every room, private ones included (the admin key shows those). */
  async listRooms(): Promise<number[]> {
    const reply = await this.handle.message<{ list: { room: number }[] }>({
      request: 'list',
      ...this.adminKeyField(),
    });
    return reply.list.map((room) => room.room);
  }

  async exists(roomId: number): Promise<boolean> {
    const reply = await this.handle.message<{ exists: boolean }>({ request: 'exists', room: roomId });
    return reply.exists;
  }

  async listParticipants(roomId: number): Promise<RoomParticipant[]> {
    const reply = await this.handle.message<{ participants: RoomParticipant[] }>({
      request: 'listparticipants',
      room: roomId,
    });
    return reply.participants;
  }

  async kick(roomId: number, secret: string, participantId: number): Promise<void> {
    await this.handle.message({ request: 'kick', room: roomId, secret, id: participantId });
  }

  private adminKeyField(): Record<string, string> {
    return this.adminKey ? { admin_key: this.adminKey } : {};
  }
}

/** The video room plugin: calls and the video half of live sessions. */
export class VideoRooms extends RoomPlugin {
  create(credentials: Omit<RoomCredentials, 'roomId'>, options: RoomOptions = {}) {
    return this.createWith(credentials, {
      description: options.description ?? 'orbit',
      publishers: options.publishers ?? 6,
      record: options.record ?? false,
      ...(options.recDir ? { rec_dir: options.recDir } : {}),
    });
  }
}

/** The audio bridge plugin: the live sessions' mixed audio, with the host's moderation. */
export class AudioBridges extends RoomPlugin {
  create(credentials: Omit<RoomCredentials, 'roomId'>, options: RoomOptions = {}) {
    return this.createWith(credentials, {
      description: options.description ?? 'orbit',
      ...(options.record && options.recordFile ? { record: true, record_file: options.recordFile } : {}),
    });
  }

  async mute(roomId: number, secret: string, participantId: number): Promise<void> {
    await this.handle.message({ request: 'mute', room: roomId, secret, id: participantId });
  }

  async unmute(roomId: number, secret: string, participantId: number): Promise<void> {
    await this.handle.message({ request: 'unmute', room: roomId, secret, id: participantId });
  }
}
