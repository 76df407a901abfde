/**
 * Summarises a V8 .cpuprofile (from `SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" npm run bench -- ...`):
 * self and inclusive time per function and per package, so that where the server's time goes is read from
 * the profile rather than guessed.
 *
 *   node --import tsx bench/profile-summary.ts DIR/CPU.....cpuprofile [top] [from-to]
 *
 * `from-to` (seconds since the profile started, e.g. 40-52) keeps one phase of a run; without it the
 * timeline (busy share per second) is printed first to find the phases.
 */
import fs from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a dependency by package name, the project by path, or V8's own buckets. */
function placeOf(url: string): string {
  if (url === '') return '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1] as string;
  if (url.startsWith('node:')) return 'node';
  const own = url.match(/\/(apps\/[^/]+\/src\/[^/]+(?:\/[^/]+)?|packages\/[^/]+|bench)\//);
  return own ? (own[1] as string) : url;
}

function frameName(frame: CallFrame): string {
  const file = frame.url.split('/').slice(-2).join('/');
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

function summarise(profile: Profile, top: number, window: [number, number] | null) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const placeSelf = new Map<string, number>();
  const placeInclusive = new Map<string, number>();
  let total = 0;
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  const busyPerSecond: number[] = [];
  let at = 0;
  profile.samples.forEach((nodeId, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    const second = Math.floor(at / 1e6);
    if (window && (second < window[0] || second >= window[1])) return;
    total += us;
    if (byId.get(nodeId)?.callFrame.functionName !== '(idle)') {
      busyPerSecond[second] = (busyPerSecond[second] ?? 0) + us;
    }
    const leaf = byId.get(nodeId);
    if (!leaf) return;
    add(self, frameName(leaf.callFrame), us);
    add(placeSelf, placeOf(leaf.callFrame.url), us);
    // Each function and place once per sample, however often it recurs on the stack.
    const names = new Set<string>();
    const places = new Set<string>();
    for (let id: number | undefined = nodeId; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)?.callFrame;
      if (!frame) continue;
      names.add(frameName(frame));
      if (frame.url !== '') places.add(placeOf(frame.url));
    }
    for (const name of names) add(inclusive, name, us);
    for (const place of places) add(placeInclusive, place, us);
  });
  const table = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}`);
    const rows = [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
    for (const [key, us] of rows) {
      console.log(
        `${((100 * us) / total).toFixed(1).padStart(6)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`,
      );
    }
  };
  if (!window) {
    const line = Array.from(busyPerSecond, (us, s) => `${s}:${Math.round((us ?? 0) / 1e4)}`).join(' ');
    console.log(`busy % per second: ${line}`);
  }
  console.log(`total sampled: ${(total / 1e6).toFixed(1)} s`);
  table('self time by place', placeSelf);
  table('inclusive time by place', placeInclusive);
  table('self time by function', self);
  table('inclusive time by function', inclusive);
}

const [file, top, range] = process.argv.slice(2);
if (!file) {
  console.error('usage: node --import tsx bench/profile-summary.ts FILE.cpuprofile [top]');
  process.exit(2);
}
const window = range ? (range.split('-').map(Number) as [number, number]) : null;
summarise(JSON.parse(fs.readFileSync(file, 'utf8')) as Profile, Number(top ?? 40), window);
