import { activities } from './activities';
import { bundle } from './bundle';
import { calls } from './calls';
import { fanout } from './fanout';
import { feed } from './feed';
import { frames } from './frames';
import { home } from './home';
import { messages } from './messages';
import { metricsOff, metricsOn } from './metrics-cost';
import { profiles } from './profiles';
import { push } from './push';
import { soak } from './soak';
import { startup } from './startup';
import type { Scenario } from './types';

/** Every benchmark, in the order `npm run bench` runs them. A new scenario is one file plus one line here. */
export const scenarios: Scenario[] = [
  profiles,
  home,
  messages,
  feed,
  fanout,
  activities,
  frames,
  calls,
  bundle,
  startup,
  soak,
  metricsOff,
  metricsOn,
  push,
];
