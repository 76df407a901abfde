import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LIMITS } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/server/src/config';
import { BODY_LIMITS } from '../../apps/server/src/platform/http';
import { WORK_GRACE_MS } from '../../apps/server/src/platform/ops/drain';

/**
 * The reference deployment's figures follow the server's own: a body limit the server raises, or a longer
 * drain, must not leave nginx refusing uploads or systemd cutting drains short. (e2e/nginx.test.ts runs them.)
 */

const read = (file: string) => readFileSync(resolve(import.meta.dirname, file), 'utf8');
const nginx = read('nginx/orbit.conf');
const unit = read('systemd/orbit@.service');

/** A directive's one value in the file, e.g. `client_max_body_size 101m;` → `101m`. */
function setting(text: string, pattern: RegExp): string {
  const found = [...text.matchAll(pattern)];
  expect(found, String(pattern)).toHaveLength(1);
  return found[0][1];
}

const MIB = 1024 * 1024;

describe('the nginx configuration', () => {
  it('takes the largest body Orbit takes: 4 files of 25 MiB in one form, or an image as JSON', () => {
    const limit = Number(setting(nginx, /^\s*client_max_body_size (\d+)m;$/gm)) * MIB;
    expect(limit).toBeGreaterThan(LIMITS.uploadFilesPerPick * LIMITS.uploadBytes);
    expect(limit).toBeGreaterThan(BODY_LIMITS.dataImage);
  });

  it('waits for a draining instance’s answer longer than its grace', () => {
    const seconds = Number(setting(nginx, /^\s*proxy_read_timeout (\d+)s;$/gm));
    expect(seconds * 1000).toBeGreaterThan(loadConfig({}).shutdownGraceMs);
  });

  it('never sends a write to a second instance once the first has it', () => {
    expect(setting(nginx, /^\s*proxy_next_upstream ([^;]+);$/gm)).not.toContain('non_idempotent');
  });
});

describe('the systemd unit', () => {
  it('stops with SIGTERM and waits longer than a whole drain (the grace, then the workers’ batch)', () => {
    expect(setting(unit, /^KillSignal=(\S+)$/gm)).toBe('SIGTERM');
    const stopSeconds = Number(setting(unit, /^TimeoutStopSec=(\d+)s$/gm));
    expect(stopSeconds * 1000).toBeGreaterThan(loadConfig({}).shutdownGraceMs + WORK_GRACE_MS);
  });

  it('restarts an instance that failed, and reads the shared env file', () => {
    expect(setting(unit, /^Restart=(\S+)$/gm)).toBe('on-failure');
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/orbit\/orbit\.env$/m);
  });
});
