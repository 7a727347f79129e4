import {
  type ApprovalPolicyRules,
  EMPTY_POLICY,
  type Environment,
  POLICY_KINDS,
  tierProblem,
} from '@gerbang/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';

type Db = Kysely<Database> | Transaction<Database>;

/** The agent's policy in an environment (the empty policy until one is saved). */
export async function loadPolicy(
  db: Db,
  agentId: number,
  environment: Environment,
): Promise<ApprovalPolicyRules> {
  const row = await db
    .selectFrom('approval_policies')
    .select('rules')
    .where('agent_id', '=', agentId)
    .where('environment', '=', environment)
    .executeTakeFirst();
  if (!row) return EMPTY_POLICY;
  const rules = typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules;
  return rules as ApprovalPolicyRules;
}

export interface PolicyAnswer {
  policy: ApprovalPolicyRules;
  updated_at: string | null;
  updated_by: string | null;
}

export async function policyAnswer(services: Services, actor: UserActor): Promise<PolicyAnswer> {
  const { agent, environment } = { agent: actor.auth.agent, environment: actor.auth.environment };
  const row = await services.db
    .selectFrom('approval_policies as p')
    .leftJoin('users as u', 'u.id', 'p.updated_by')
    .select(['p.updated_at', 'u.username'])
    .where('p.agent_id', '=', agent.id)
    .where('p.environment', '=', environment)
    .executeTakeFirst();
  return {
    policy: await loadPolicy(services.db, agent.id, environment),
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
    updated_by: row?.username ?? null,
  };
}

/**
 * Saves the policy (the schema checked its shape; the tiers are checked again here, the server
 * decides). Payouts already waiting keep the policy stored with them. Audited with both versions.
 */
export async function savePolicy(
  services: Services,
  actor: UserActor,
  rules: ApprovalPolicyRules,
): Promise<PolicyAnswer> {
  for (const kind of POLICY_KINDS) {
    const problem = tierProblem(rules.tiers[kind]);
    if (problem) throw validationError(problem);
  }
  const { auth } = actor;
  const now = services.now();
  const stored = JSON.stringify(rules);
  await services.db.transaction().execute(async (trx) => {
    const before = await loadPolicy(trx, auth.agent.id, auth.environment);
    await trx
      .insertInto('approval_policies')
      .values({
        agent_id: auth.agent.id,
        environment: auth.environment,
        rules: stored,
        updated_by: auth.user.id,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['agent_id', 'environment'])
          .doUpdateSet({ rules: stored, updated_by: auth.user.id, updated_at: now }),
      )
      .execute();
    await writeAudit(trx, {
      at: now,
      agentId: auth.agent.id,
      userId: auth.user.id,
      username: auth.user.username,
      action: 'approval_policy_save',
      target: null,
      detail: { before, after: rules },
      ip: actor.ip,
      userAgent: actor.userAgent,
      environment: auth.environment,
    });
  });
  return policyAnswer(services, actor);
}
