import path from 'node:path';

/** What one generated Janus configuration needs: its folders, its loopback ports and its secrets. */
export interface JanusRunSettings {
  /** The gateway's name in the pool, which Janus reports as its own (`info`): janus_server_name. */
  serverName: string;
  runDir: string;
  wsPort: number;
  adminWsPort: number;
  adminSecret: string;
  adminKey: string;
}

type JcfgValue = string | number | boolean | string[];
type JcfgDocument = Record<string, Record<string, JcfgValue>>;

/** The only plugins and transport Orbit uses; the run folder links just these, so Janus loads nothing else. */
export const JANUS_MODULES = {
  plugins: ['libjanus_videoroom.so', 'libjanus_audiobridge.so'],
  transports: ['libjanus_websockets.so'],
} as const;

/** Janus's warning level: its own warnings and errors reach the server's log, nothing chattier. */
const JANUS_LOG_WARN = 3;

/** System folders Janus must never write recordings into; /var stays writable so DATA_DIR may live there. */
const PROTECTED_FOLDERS = [
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/lib',
  '/lib32',
  '/lib64',
  '/proc',
  '/sbin',
  '/sys',
  '/usr',
];

function jcfgValue(value: JcfgValue): string {
  if (Array.isArray(value)) return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** Janus reads libconfig-style files: `section: { key = value }`. */
export function toJcfg(document: JcfgDocument): string {
  return Object.entries(document)
    .map(([section, entries]) => {
      const lines = Object.entries(entries).map(([key, value]) => `\t${key} = ${jcfgValue(value)}`);
      return `${section}: {\n${lines.join('\n')}\n}\n`;
    })
    .join('\n');
}

function coreConfig(s: JanusRunSettings): JcfgDocument {
  return {
    general: {
      configs_folder: s.runDir,
      plugins_folder: path.join(s.runDir, 'plugins'),
      transports_folder: path.join(s.runDir, 'transports'),
      events_folder: path.join(s.runDir, 'events'),
      loggers_folder: path.join(s.runDir, 'loggers'),
      debug_level: JANUS_LOG_WARN,
      debug_colors: false,
      server_name: s.serverName,
      // The address Janus writes into its SDP: loopback, matching the only candidates it gathers.
      interface: '127.0.0.1',
      admin_secret: s.adminSecret,
      hide_dependencies: true,
      protected_folders: PROTECTED_FOLDERS,
    },
    // Host candidates on loopback only: a browser on this machine reaches it; nothing outside does.
    nat: { nice_debug: false, ice_enforce_list: 'lo' },
    media: {},
    events: { broadcast: false },
  };
}

function websocketConfig(s: JanusRunSettings): JcfgDocument {
  return {
    general: {
      json: 'compact',
      ws: true,
      ws_ip: '127.0.0.1',
      ws_port: s.wsPort,
      wss: false,
      ws_logging: 'err',
    },
    admin: { admin_ws: true, admin_ws_ip: '127.0.0.1', admin_ws_port: s.adminWsPort, admin_wss: false },
  };
}

/** Rooms are created through the API by the server alone (admin_key); none is predefined. */
function roomPluginConfig(s: JanusRunSettings): JcfgDocument {
  return { general: { admin_key: s.adminKey, lock_rtp_forward: true, events: false, string_ids: false } };
}

/** Every file of one generated configuration, by file name. */
export function janusConfigFiles(s: JanusRunSettings): Record<string, string> {
  return {
    'janus.jcfg': toJcfg(coreConfig(s)),
    'janus.transport.websockets.jcfg': toJcfg(websocketConfig(s)),
    'janus.plugin.videoroom.jcfg': toJcfg(roomPluginConfig(s)),
    'janus.plugin.audiobridge.jcfg': toJcfg(roomPluginConfig(s)),
  };
}
