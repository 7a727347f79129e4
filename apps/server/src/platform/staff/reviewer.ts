import type { Environment } from '@gerbang/shared';
/**
 * Who decides a request in the provider console. Console staff are a separate user type
 * (`staff_users`), never an agent user: review functions of other areas (advance funds, NMID)
 * take this plain value so they write the decision and its audit row without knowing the
 * console's session.
 */
export interface ConsoleReviewer {
  staffId: number;
  name: string;
  /** The staff member's e-mail: what audit rows name them by (`console:<email>`). */
  email?: string;
  ip: string;
  userAgent: string;
}

/** The audit fields of a reviewer's decision on a merchant's request (who, from where, on what). */
export function reviewerAudit(
  reviewer: ConsoleReviewer,
  row: { id: number | string; agent_id: number | string; environment: Environment },
  now: Date,
) {
  return {
    at: now,
    agentId: Number(row.agent_id),
    userId: null,
    username: `console:${reviewer.email ?? reviewer.name}`,
    target: String(row.id),
    ip: reviewer.ip,
    userAgent: reviewer.userAgent,
    environment: row.environment,
  };
}
