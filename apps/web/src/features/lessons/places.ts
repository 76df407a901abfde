export { LESSON_ADDRESSES } from './open';
