import { isTransferOk } from '@gerbang/ledger';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { ApprovalSubject, RequestRow } from '../approvals/requests';
import { PAYOUT_ACCOUNT } from '../payouts/accounts';
import { holdGroup, startGroup } from './group';
import { BULK_FUNDS_ACCOUNT, groupReleasePosting } from './postings';

type Trx = Transaction<Database>;

async function lockGroup(trx: Trx, request: RequestRow) {
  const group = await trx
    .selectFrom('disbursement_groups')
    .selectAll()
    .where('id', '=', request.subject_id)
    .where('agent_id', '=', request.agent_id)
    .forUpdate()
    .executeTakeFirst();
  if (group?.status !== 'WAITING_APPROVAL') {
    throw new Error(`bulk group ${request.subject_id} is not waiting for approval`);
  }
  return group;
}

/**
 * A bulk group as an approval subject (registered in modules/payout-kinds.ts): one approval for
 * the whole group. Approved: it runs (a group saved before approval policies existed is held now,
 * refused when the balance is short). Rejected or expired: REJECTED and its held money back, in
 * the approval's transaction (the request moves from WAITING once, so the money comes back once).
 */
export const BULK_GROUP_APPROVAL: ApprovalSubject = {
  async approved(services, trx, request, now) {
    const group = await lockGroup(trx, request);
    if (!group.held_at) {
      const total = Number(group.total_amount) + Number(group.total_fee);
      await holdGroup(
        services,
        trx,
        { id: group.id, agent_id: group.agent_id, environment: group.environment, total },
        now,
      );
    }
    await startGroup(trx, group.id);
    await trx
      .updateTable('disbursement_groups')
      .set({ decided_at: now })
      .where('id', '=', group.id)
      .execute();
  },
  async ended(services, trx, request, now) {
    const group = await lockGroup(trx, request);
    await trx
      .updateTable('disbursement_groups')
      .set({ status: 'REJECTED', decided_at: now })
      .where('id', '=', group.id)
      .execute();
    if (!group.held_at) return;
    await releaseHold(services, trx, group);
  },
};

async function releaseHold(
  services: Services,
  trx: Trx,
  group: {
    id: number;
    agent_id: number;
    environment: 'production' | 'sandbox';
    total_amount: number;
    total_fee: number;
  },
) {
  const payer = { agentId: group.agent_id, environment: group.environment };
  const [available, funds] = await services.ledger.ensureAccounts(
    [
      { kind: PAYOUT_ACCOUNT.available, ...payer },
      { kind: BULK_FUNDS_ACCOUNT, ...payer },
    ],
    { trx },
  );
  if (!available || !funds) throw new Error('bulk accounts missing');
  const total = Number(group.total_amount) + Number(group.total_fee);
  const result = await services.ledger.createTransfer(
    groupReleasePosting({ id: group.id, total }, { available: available.id, funds: funds.id }),
    { trx },
  );
  if (!isTransferOk(result)) {
    throw new Error(`ledger refused to release bulk group ${group.id}: ${result.result}`);
  }
}
