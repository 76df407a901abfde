import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { janusChildPids, joinAsMember, killJanusChild } from '../../test/janus-children';
import { JanusMedia } from '.';
import { findJanusBinary } from './janus-process';
import { RESTART_FIRST_DELAY_MS, RESTART_MAX_DELAY_MS, restartDelay } from './janus-supervisor';

const janusBinary = findJanusBinary();
const DIED = 'a Janus child died: restarting it';
const BACK = 'the Janus child is back';
const STOPPED = 'a Janus child was stopped: not restarted';
/** Janus starts in well under a second; a loaded machine gets room to spare. */
const BACK_WITHIN = { timeout: 20_000, interval: 20 } as const;

describe('restart backoff', () => {
  it('restarts at once, then doubles the wait from the first delay up to the cap', () => {
    expect([0, 1, 2, 3].map(restartDelay)).toEqual([
      0,
      RESTART_FIRST_DELAY_MS,
      RESTART_FIRST_DELAY_MS * 2,
      RESTART_FIRST_DELAY_MS * 4,
    ]);
    expect(restartDelay(30)).toBe(RESTART_MAX_DELAY_MS);
  });
});

if (!janusBinary) {
  console.warn(
    '[orbit] no janus binary on the PATH (apt-get install janus): the Janus restart tests are left out.',
  );
} else {
  describe('a Janus child that dies is started again', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-janus-restart-'));
    const logged: { level: number; msg: string }[] = [];
    /** Whether the gateway was out of placement at the moment its child's death was logged. */
    const downWhenLogged: boolean[] = [];
    const media = new JanusMedia(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
      pino(
        { level: 'info' },
        {
          write: (line: string) => {
            const entry = JSON.parse(line);
            logged.push(entry);
            if (entry.msg === DIED) downWhenLogged.push(media.gateways[0].down);
          },
        },
      ),
      janusBinary,
    );
    const gateway = () => media.gateways[0];
    const count = (msg: string) => logged.filter((entry) => entry.msg === msg).length;
    /** Waits until a process other than `killed` serves the gateway again. */
    const backAfter = (killed: number) =>
      vi.waitFor(() => {
        const pids = janusChildPids(dataDir);
        expect(pids).toHaveLength(1);
        expect(pids[0]).not.toBe(killed);
        expect(gateway().down).toBe(false);
      }, BACK_WITHIN);

    beforeAll(() => media.start());
    afterAll(async () => {
      await media.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('is out of placement while down, comes back at its address, and rooms open and admit there again', async () => {
      const url = gateway().publicUrl;
      const lost = await gateway().createRoom('video');
      await backAfter(killJanusChild(dataDir));

      expect(downWhenLogged).toEqual([true]);
      expect(count(DIED)).toBe(1);
      expect(count(BACK)).toBe(1);
      // Its ports were free again: browsers are sent to the same address.
      expect(gateway().publicUrl).toBe(url);
      // The rooms went with the old process; a new one is placed and admits a member with its pin.
      expect(await gateway().hasRoom('video', lost.roomId)).toBe(false);
      const placed = await media.place();
      expect(placed).toBe(gateway());
      const room = await placed.createRoom('video');
      expect(await joinAsMember(placed.publicUrl, room, 1)).toBe('joined');
      // The dead process's run folder is gone; the new one's is the only one.
      expect(fs.readdirSync(path.join(dataDir, 'janus'))).toHaveLength(1);
    });

    it('comes back again after a second death soon after, which is not logged as a new outage', async () => {
      await backAfter(killJanusChild(dataDir));
      expect(count(DIED)).toBe(1);
      expect(count(BACK)).toBe(2);
      expect(await gateway().answers()).toBe(true);
    });

    it('is not restarted when asked to stop (SIGTERM, as its process group gets on shutdown)', async () => {
      killJanusChild(dataDir, 'SIGTERM');
      await vi.waitFor(() => expect(count(STOPPED)).toBe(1), BACK_WITHIN);
      // Longer than the next backoff step: a restart would have begun by then.
      await new Promise((resolve) => setTimeout(resolve, RESTART_FIRST_DELAY_MS * 3));
      expect(janusChildPids(dataDir)).toEqual([]);
      expect(count(BACK)).toBe(2);
    });

    it('is not started again once the media service closes', async () => {
      await media.close();
      // Longer than the next backoff step: a restart would have begun by then.
      await new Promise((resolve) => setTimeout(resolve, RESTART_FIRST_DELAY_MS * 3));
      expect(janusChildPids(dataDir)).toEqual([]);
      expect(count(DIED)).toBe(1);
    });
  });
}
