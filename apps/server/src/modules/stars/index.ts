/** The stars module's entry: what other modules may use of it (docs/decisions/0033). */

export { starsAccount } from './account';
export { decayedScore, HALF_LIFE_DAYS, sizeOf, sizeOfCount, ZONE_DAYS, zoneOf } from './formula';
export { forgetStar, type Interaction, recordInteraction, recordInteractions } from './service';
export { StarTarget } from './targets';
