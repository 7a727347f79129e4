import type { Delivery, DeliveryFrequency } from '@gerbang/shared/contract/statements';
import { notFound } from '../../http/errors';
import type { Services } from '../../http/services';
import { type AuditEntry, writeAudit } from '../../platform/audit/audit';
import { businessDay } from './business-day';
import type { StatementOwner } from './files';

type DeliveryServices = Pick<Services, 'db' | 'now'>;
type Audit = Omit<AuditEntry, 'action' | 'target' | 'detail'>;

/** The user's deliveries with the last period each sent; they go to the user's own address. */
export async function listDeliveries(
  services: DeliveryServices,
  owner: StatementOwner & { userId: number },
): Promise<Delivery[]> {
  const rows = await services.db
    .selectFrom('statement_deliveries as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.id', 'd.frequency', 'd.format', 'd.active', 'u.username'])
    .select((eb) =>
      eb
        .selectFrom('statement_delivery_runs as r')
        .select((r) => r.fn.max('r.period_to').as('last'))
        .whereRef('r.delivery_id', '=', 'd.id')
        .where('r.status', '=', 'sent')
        .as('last_sent'),
    )
    .where('d.user_id', '=', owner.userId)
    .where('d.environment', '=', owner.environment)
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    frequency: r.frequency,
    format: r.format,
    active: r.active,
    email: r.username,
    last_sent: r.last_sent ? businessDay(r.last_sent) : null,
  }));
}

/**
 * Starts (or restarts) a delivery of one frequency and format. A restarted delivery keeps its
 * runs, so a period already sent is never sent again. Audited.
 */
export async function saveDelivery(
  services: DeliveryServices,
  owner: StatementOwner & { userId: number },
  input: { frequency: DeliveryFrequency; format: Delivery['format']; lang: 'id' | 'en' },
  audit: Audit,
): Promise<Delivery> {
  const now = services.now();
  const id = await services.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('statement_deliveries')
      .values({
        agent_id: owner.agentId,
        environment: owner.environment,
        user_id: owner.userId,
        frequency: input.frequency,
        format: input.format,
        lang: input.lang,
        created_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'environment', 'frequency', 'format'])
          .doUpdateSet({ active: true, lang: input.lang }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      ...audit,
      action: 'statement_delivery_save',
      target: `statement_delivery:${row.id}`,
      detail: { frequency: input.frequency, format: input.format },
    });
    return Number(row.id);
  });
  return deliveryOf(services, owner, id);
}

async function deliveryOf(
  services: DeliveryServices,
  owner: StatementOwner & { userId: number },
  id: number,
): Promise<Delivery> {
  const found = (await listDeliveries(services, owner)).find((d) => d.id === id);
  if (!found) throw notFound('statements.errors.noDelivery');
  return found;
}

/** Stops a delivery of the user's own (another user's id is not found). Audited. */
export async function stopDelivery(
  services: DeliveryServices,
  owner: StatementOwner & { userId: number },
  id: number,
  audit: Audit,
): Promise<Delivery> {
  await services.db.transaction().execute(async (trx) => {
    const stopped = await trx
      .updateTable('statement_deliveries')
      .set({ active: false })
      .where('id', '=', id)
      .where('user_id', '=', owner.userId)
      .where('environment', '=', owner.environment)
      .returning('id')
      .executeTakeFirst();
    if (!stopped) throw notFound('statements.errors.noDelivery');
    await writeAudit(trx, {
      ...audit,
      action: 'statement_delivery_stop',
      target: `statement_delivery:${id}`,
      detail: {},
    });
  });
  return deliveryOf(services, owner, id);
}
