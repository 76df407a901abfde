/**
 * The account module's entry (decision 0048): nothing other modules use, since it sits above them all; the
 * operator's command (`orbit user:erase`) erases through it.
 */
export { accountRoutes } from './routes';
export { eraseMember } from './service';
