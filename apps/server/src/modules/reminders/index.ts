/** The reminders module's entry: what other modules and main.ts may use of it (docs/decisions/0033, 0054). */

export { remindersAccount } from './account';
export { fireDueReminders, type ReminderReport, ReminderWorker } from './worker';
