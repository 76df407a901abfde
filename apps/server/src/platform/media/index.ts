import type { Logger } from 'pino';
import type { Config, IceServer } from '../../config';
import { JanusGateway, mediaUnavailable } from './gateway';
import { findJanusBinary, startJanus } from './janus-process';
import { JanusSupervisor } from './janus-supervisor';

export type { GatewayEndpoint, RoomKind } from './gateway';
export { DOWN_FOR_MS, JanusGateway, mediaUnavailable } from './gateway';
export type { RoomCredentials, RoomOptions, RoomParticipant } from './janus-rooms';
export { AudioBridges, VideoRooms } from './janus-rooms';

/** Rooms open on each gateway, by gateway name: what placement balances (0027). */
export type OpenRooms = () => Promise<Map<string, number>>;

/** Calls and live sessions' media servers, as the rest of the server sees them. */
export interface Media {
  /** False when no gateway is configured or started (no JANUS_URL(S) and no `janus` binary): calls say so. */
  readonly available: boolean;
  /** Every gateway of the pool, in configuration order. */
  readonly gateways: readonly JanusGateway[];
  /** STUN/TURN servers for the browser's peer connections (ICE_SERVERS). */
  readonly iceServers: IceServer[];
  start(): Promise<void>;
  close(): Promise<void>;
  /** The gateway a new call or session opens its rooms on: of those that answer, the one with fewest rooms. */
  place(): Promise<JanusGateway>;
  /** The gateway a call or session recorded, or null when the pool no longer has one of that name. */
  gateway(name: string): JanusGateway | null;
}

/** Ties go to a random one of the least loaded, so that instances placing at the same moment spread. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * The Janus gateways of JANUS_URLS (or JANUS_URL), or JANUS_CHILDREN loopback children started here when
 * the binary is on the PATH (docs/decisions/0008, 0027).
 */
export class JanusMedia implements Media {
  private pool: JanusGateway[] = [];

  constructor(
    private readonly config: Config,
    private readonly log: Logger,
    /** The binary to start when there is no external gateway; null means none (tests of the unavailable state). */
    private readonly janusBinary: string | null = findJanusBinary(),
    /** How many rooms each gateway holds; without it (a bare media service) every gateway counts as empty. */
    private readonly openRooms: OpenRooms = async () => new Map(),
  ) {}

  get available(): boolean {
    return this.pool.length > 0;
  }

  get gateways(): readonly JanusGateway[] {
    return this.pool;
  }

  get iceServers(): IceServer[] {
    return this.config.iceServers;
  }

  async start(): Promise<void> {
    const { janusGateways, janusAdminKey } = this.config;
    if (janusGateways.length > 0) {
      this.pool = janusGateways.map(
        (g) => new JanusGateway({ ...g, adminKey: janusAdminKey, recordingsDir: null }, this.log),
      );
      return;
    }
    if (!this.janusBinary) {
      this.log.info('media server unavailable: no JANUS_URL(S) and no janus binary on the PATH');
      return;
    }
    this.pool = await this.startChildren(this.janusBinary);
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = [];
    await Promise.all(pool.map((gateway) => gateway.close()));
  }

  async place(): Promise<JanusGateway> {
    const up = this.pool.filter((gateway) => !gateway.down);
    const rooms = up.length > 1 ? await this.openRooms() : new Map<string, number>();
    const load = (gateway: JanusGateway) => rooms.get(gateway.name) ?? 0;
    // A stable sort keeps the shuffled order among equals.
    for (const gateway of shuffled(up).sort((a, b) => load(a) - load(b))) {
      if (await gateway.answers()) return gateway;
    }
    throw mediaUnavailable();
  }

  gateway(name: string): JanusGateway | null {
    return this.pool.find((gateway) => gateway.name === name) ?? null;
  }

  /**
   * Children start side by side; one that fails is logged and left out, the others serve. One that dies
   * later is started again by its supervisor (docs/decisions/0032).
   */
  private async startChildren(binary: string): Promise<JanusGateway[]> {
    const count = this.config.janusChildren;
    const optionsOf = (i: number) => ({
      binary,
      dataDir: this.config.dataDir,
      log: this.log,
      name: `orbit-${i + 1}`,
    });
    const started = await Promise.allSettled(
      Array.from({ length: count }, (_, i) => startJanus(optionsOf(i))),
    );
    const gateways: JanusGateway[] = [];
    started.forEach((result, i) => {
      if (result.status === 'rejected') {
        this.log.error({ err: result.reason, gateway: `orbit-${i + 1}` }, 'a Janus child did not start');
        return;
      }
      const child = result.value;
      const supervisor = new JanusSupervisor(child, optionsOf(i), this.log);
      // A proxy in front makes sense for one child only (config.ts refuses JANUS_PUBLIC_URL with several).
      const publicUrl = (count === 1 ? this.config.janusPublicUrl : null) ?? child.url;
      const gateway = new JanusGateway(
        {
          name: child.name,
          url: child.url,
          publicUrl,
          adminUrl: child.adminUrl,
          adminKey: child.adminKey,
          recordingsDir: child.recordingsDir,
        },
        this.log,
        () => supervisor.stop(),
      );
      supervisor.serve(gateway);
      gateways.push(gateway);
    });
    if (gateways.length === 0) this.log.error('media server unavailable: no Janus child started');
    return gateways;
  }
}
