/** What other features may use of activities (docs/decisions/0059). */
export { default as activityStyles } from './Activities.module.css';
export { LoadError } from './LoadError';
export { ScoreList, type ScoreRow } from './ScoreList';
export { WeekSummary } from './WeekSummary';
