export { FEED_ADDRESSES } from './open';
