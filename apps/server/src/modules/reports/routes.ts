import { REPORTS, type ReportDefinition, type ReportKey, type reportQuery } from '@gerbang/shared';
import { reportCalls } from '@gerbang/shared/contract/reports-calls';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../../http/auth-context';
import { defineRoute, ok } from '../../http/route';
import type { Services } from '../../http/services';
import { readDatabase } from '../../platform/read-replica';
import { periodRange } from '../dashboard/dates';
import { dailyReport } from './daily-report';
import { reportWorkbook, XLSX_CONTENT_TYPE } from './xlsx';

type ReportQuery = z.infer<typeof reportQuery>;

function readReport(
  services: Services,
  req: FastifyRequest,
  auth: AuthContext,
  key: ReportKey,
  query: ReportQuery,
) {
  const { from, to } = periodRange(query.period, services.now());
  return dailyReport(
    readDatabase(services, req),
    key,
    { agentId: auth.agent.id, environment: auth.environment },
    { from, to, type: query.type },
  );
}

/**
 * `GET report/{key}` (spec 01 §7) and its Excel export `GET report/{key}/xlsx`, one route pair
 * per report so each carries the report's own access rule (permission per key, API flag for
 * daily_callback, group 11 for the payment-success reports).
 */
export const reportRoutes = (REPORTS as readonly ReportDefinition[]).flatMap((report) => {
  const key = report.key as ReportKey;
  return [
    defineRoute(reportCalls[key].rows, async ({ services, auth, query, req }) =>
      ok(await readReport(services, req, auth, key, query)),
    ),
    // The file itself, not the envelope; a refusal before the handler still answers the envelope.
    defineRoute(
      reportCalls[key].xlsx,
      async ({ services, auth, query, reply, t, req }) => {
        const input = query;
        const rows = await readReport(services, req, auth, key, input);
        const file = await reportWorkbook({
          report,
          period: input.period,
          rows,
          t,
          generatedAt: services.now(),
        });
        reply
          .header('content-type', XLSX_CONTENT_TYPE)
          .header('content-disposition', `attachment; filename="${key}_${input.period}.xlsx"`)
          .header('cache-control', 'no-store')
          .send(file);
        return undefined;
      },
      { raw: true },
    ),
  ];
});
