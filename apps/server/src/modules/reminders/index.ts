/** The reminders module's entry: what other modules and main.ts may use of it (docs/decisions/0033, 0054). */

export { fireDueReminders, type ReminderReport, ReminderWorker } from './worker';
