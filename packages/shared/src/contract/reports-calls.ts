import { z } from 'zod';
import { defineCall, RAW_ANSWER } from './call';
import { REPORTS, type ReportKey, reportQuery, reportRow } from './reports';

const reportCall = (key: ReportKey) => {
  const report = REPORTS.find((r) => r.key === key);
  if (!report) throw new Error(`no report ${key}`);
  return {
    /** The report's rows (spec 01 §7 `GET report/{key}`). */
    rows: defineCall({
      method: 'GET',
      path: `/report/${key}`,
      access: report.rule,
      query: reportQuery,
      response: z.array(reportRow),
    }),
    /** Its Excel export: the file, not the envelope (a refusal still answers the envelope). */
    xlsx: defineCall({
      method: 'GET',
      path: `/report/${key}/xlsx`,
      access: report.rule,
      query: reportQuery,
      response: RAW_ANSWER,
    }),
  };
};

/**
 * The monthly reports, one pair of calls per report so each carries the report's own access rule
 * (permission per key, API flag for daily_callback, group 11 for the payment-success reports).
 */
export const reportCalls = Object.fromEntries(
  REPORTS.map((r) => [r.key, reportCall(r.key)]),
) as Record<ReportKey, ReturnType<typeof reportCall>>;
