/** The activities module's entry: what other modules may use of it (docs/decisions/0033). */
export {
  addDays,
  localDay,
  localDayOf,
  monthOf,
  type Period,
  safeZone,
  startedWithin,
  weekOf,
} from './period';
