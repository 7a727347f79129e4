import { type FileRetentionReport, runOnce } from '../modules/file-retention/sweep';
import type { Job } from './job';

/** Deletes export and statement files past their retention (modules/file-retention), hourly. */
export const fileRetentionJob: Job<FileRetentionReport> = {
  name: 'file retention',
  intervalMs: 60 * 60_000,
  runOnce,
  report: (report) => (report.exports + report.statements > 0 ? report : null),
};
