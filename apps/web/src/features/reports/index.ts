/** What other features may use of reports (docs/decisions/0059). */
export { ReportButton } from './ReportButton';
export { AdminReports } from './ReportsList';
