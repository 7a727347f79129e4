import { sql } from 'kysely';
import { at, type DataSource, n, s } from './kit';

export const activityLogSource: DataSource = {
  from: () => sql`audit_log al`,
  // Account events (login, settings) carry no environment; business events carry the session's.
  where: (scope) => [
    sql`al.agent_id = ${scope.agentId}`,
    sql`(al.environment = ${scope.environment} or al.environment is null)`,
  ],
  columns: () => ({
    id: n(sql`al.id`),
    created_at: at(sql`al.created_at`),
    username: s(sql`al.username`),
    action: s(sql`al.action`),
    target: s(sql`al.target`),
    ip: s(sql`al.ip`),
    user_agent: s(sql`al.user_agent`),
    detail: s(sql`al.detail::text`),
  }),
  tiebreak: sql`al.id`,
};
