/**
 * The home view (GET /user/profiles): the member's profile, star set and badges, gathered from every module.
 * The top module: it uses the others, none uses it (docs/decisions/0033).
 */

export { homeAccount } from './account';
export { HomeCache } from './cache';
export { homeRoutes } from './routes';
