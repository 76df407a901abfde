/** The lessons module's entry: what other modules may use of it (docs/decisions/0033). */

export { lessonsAccount } from './account';
export { findLesson, type LessonRow } from './queries';
export { afterLessonEnded, endLessonIn } from './service';
