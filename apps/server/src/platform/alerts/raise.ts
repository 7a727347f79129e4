import { type Environment, formatWibDateTime, languageFromCode, translate } from '@gerbang/shared';
import type { AlertKind } from '@gerbang/shared/contract/alerts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';

export interface AlertInput {
  agentId: number;
  environment: Environment;
  kind: AlertKind;
  /** The figures the mail and the console show (catalog variables of `alerts.mail.<kind>`). */
  detail: Record<string, string | number>;
}

/**
 * Raises one alert inside the caller's transaction: the row the console lists, and the mail to
 * the agent's main user in its language (`alerts.mail.<kind>Subject` / `<kind>Body`), queued in
 * the outbox so it exists exactly when the alert does. The caller decides "once" (a claim in the
 * same transaction); this only writes.
 */
export async function raiseAlert(
  trx: Kysely<Database>,
  mailer: Mailer,
  now: Date,
  input: AlertInput,
): Promise<void> {
  await trx
    .insertInto('alerts')
    .values({
      agent_id: input.agentId,
      environment: input.environment,
      kind: input.kind,
      detail: JSON.stringify(input.detail),
      created_at: now,
    })
    .execute();
  await mailMainUser(trx, mailer, now, input.agentId, {
    kind: `alert_${input.kind}`,
    subjectKey: `alerts.mail.${input.kind}Subject`,
    bodyKey: `alerts.mail.${input.kind}Body`,
    vars: { ...input.detail, environment: input.environment },
  });
}

/**
 * Queues one mail to the agent's main user in the user's language, in the caller's transaction.
 * `vars.environment` (production, sandbox) is shown translated; `name` and `time` are added.
 */
export async function mailMainUser(
  trx: Kysely<Database>,
  mailer: Mailer,
  now: Date,
  agentId: number,
  mail: {
    kind: string;
    subjectKey: string;
    bodyKey: string;
    vars: Record<string, string | number>;
  },
): Promise<boolean> {
  const main = await trx
    .selectFrom('users')
    .select(['username', 'nama', 'language'])
    .where('agent_id', '=', agentId)
    .where('parent_user_id', 'is', null)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  if (!main) return false;
  const lang = languageFromCode(main.language) ?? 'id';
  const environment = mail.vars.environment;
  const vars = {
    ...mail.vars,
    ...(environment ? { environment: translate(lang, `alerts.environment.${environment}`) } : {}),
    name: main.nama,
    time: formatWibDateTime(now),
  };
  await mailer.queue(trx, [
    {
      to: main.username,
      kind: mail.kind,
      subject: translate(lang, mail.subjectKey, vars),
      text: translate(lang, mail.bodyKey, vars),
    },
  ]);
  return true;
}
