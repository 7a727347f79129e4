import { sql } from 'kysely';
import { preparedMark } from '../../db/prepared-statements';
import type { Services } from '../../http/services';
import { GroupCommit, type Settled } from '../../platform/group-commit';
import { perOwner } from '../../platform/per-owner';
import { type PricingRow, pricingOf, WITHDRAW_PRODUCT_CODE } from '../withdraw/pricing';
import type { SnapPartner } from './guard';

/**
 * The partner's BANK pricing (withdraw/pricing.ts: its row, or the product's default) and whether
 * each reference is taken already, in ONE statement for the transfers of one partner that
 * arrive together (ADR 009's group commit): every read starts after its calls arrived, so none
 * is older than a call of its own. Under load a partner's 32 concurrent transfers share a few
 * reads instead of one each; alone, a transfer reads after one turn of the event loop.
 */
export async function priceAndCheck(
  services: Services,
  partner: SnapPartner,
  amount: number,
  reference: string,
) {
  const row = await readsOf(services).submit(`${partner.agentId}:${partner.environment}`, {
    partner,
    reference,
  });
  return {
    pricing: pricingOf('BANK', amount, row.priced ? row : undefined),
    taken: row.taken,
  };
}

interface Check {
  partner: SnapPartner;
  reference: string;
}

type CheckedRow = PricingRow & { priced: boolean; taken: boolean };

const readsOf = perOwner(
  (services: Services) =>
    new GroupCommit<Check, CheckedRow>((_key, items) => readGroup(services, items)),
);

/** One partner's items (the group's key): the pricing once, each reference's check. */
async function readGroup(
  services: Services,
  items: readonly Check[],
): Promise<Settled<CheckedRow>[]> {
  const { partner } = items[0] as Check;
  const references = items.map((item) => item.reference);
  const { rows } = await sql<CheckedRow & { ord: number }>`${preparedMark}
    select r.ord::int as ord, p.nama_produk, p.fee_admin, p.fee_admin_prosen, p.is_gangguan,
      p.agent_id is not null as priced,
      exists (select 1 from snap_transfers t
        where t.agent_id = ${partner.agentId} and t.environment = ${partner.environment}
          and t.partner_reference_no = r.reference) as taken
    from unnest(${references}::text[]) with ordinality as r(reference, ord)
    left join product_pricing p
      on p.agent_id = ${partner.agentId} and p.kode_produk = ${WITHDRAW_PRODUCT_CODE.BANK}`.execute(
    services.db,
  );
  const byOrder = new Map(rows.map((row) => [Number(row.ord), row]));
  return items.map((_item, i): Settled<CheckedRow> => {
    const row = byOrder.get(i + 1);
    return row ? { ok: true, value: row } : { ok: false, error: new Error('no check row') };
  });
}
