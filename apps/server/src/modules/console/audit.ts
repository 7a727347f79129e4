import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { writeAudit } from '../../platform/audit/audit';
import type { ConsoleReviewer } from '../../platform/staff/reviewer';

/**
 * Every console action lands in the one audit log, attributed to the staff member (`console:`
 * plus the e-mail, with the staff id in the detail) and to the merchant it concerns, so the
 * merchant's own activity log shows what the provider did to its account.
 */
export async function auditConsole(
  db: Kysely<Database>,
  reviewer: ConsoleReviewer,
  entry: {
    action: string;
    agentId: number | null;
    target?: string;
    detail?: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  await writeAudit(db, {
    at: entry.at,
    agentId: entry.agentId,
    userId: null,
    username: `console:${reviewer.email ?? reviewer.name}`,
    action: `console_${entry.action}`,
    target: entry.target ?? null,
    detail: { staffId: reviewer.staffId, ...(entry.detail ?? {}) },
    ip: reviewer.ip,
    userAgent: reviewer.userAgent,
  });
}
