/** The account module's entry (decision 0048): nothing other modules use; it sits above them all. */
export { accountRoutes } from './routes';
