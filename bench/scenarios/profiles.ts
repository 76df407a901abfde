import { FLOOR, measure } from '../lib/measure';
import { hotRead } from '../lib/read-bars';
import type { Scenario } from './types';

/** The home view's call against the floor: how much of the session-checked budget the star set costs. */
export const profiles: Scenario = {
  name: 'profiles',
  summary: 'GET /api/user/profiles (the home star set) against the floor GET /api/me',
  async run(target, settings) {
    const floor = await measure(target, FLOOR, settings);
    const home = await measure(
      target,
      { label: 'profiles', method: 'GET', path: '/api/user/profiles' },
      settings,
    );
    return {
      measurements: [home, floor],
      ...hotRead('profiles', home, floor),
    };
  },
};
