import { formatRupiah, formatWibDateTime } from '@gerbang/shared';
import type { PayoutBreakdown } from '@gerbang/shared/contract/payout-breakdown';
import { reconciliationCalls } from '@gerbang/shared/contract/reconciliation-calls';
import { Alert, Anchor, Badge, Card, SimpleGrid, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { callQuery } from '../../lib/api';
import {
  BreakdownFrame,
  Downloads,
  FactsCard,
  NOWRAP,
  P,
  refusalText,
  TotalsCard,
} from './BreakdownParts';

const STATUS_COLOR = { SUCCESS: 'green', FAILED: 'red', PROCESS: 'yellow' } as const;

function Facts({ b }: { b: PayoutBreakdown }) {
  const { t } = useTranslation();
  const p = b.payout;
  const facts: [string, React.ReactNode][] = [
    [t(`${P}.idTransaksi`), p.id_transaksi],
    [t(`${P}.product`), p.product],
    [t(`${P}.bank`), p.bank],
    [t(`${P}.accountNumber`), p.account_number],
    [t(`${P}.accountName`), p.account_name],
    [t(`${P}.requestedAt`), formatWibDateTime(new Date(p.requested_at))],
    [
      t(`${P}.status`),
      <Badge key="s" color={STATUS_COLOR[p.status]} variant="light" data-testid="payout-status">
        {t(`${P}.statuses.${p.status}`)}
      </Badge>,
    ],
  ];
  if (p.group_id !== null)
    facts.push([
      t(`${P}.group`),
      <Anchor key="g" component={Link} to={`/bulk-breakdown/${p.group_id}`} size="sm">
        {`BULK${p.group_id}`}
      </Anchor>,
    ]);
  return <FactsCard facts={facts} />;
}

function Transfers({ b }: { b: PayoutBreakdown }) {
  const { t } = useTranslation();
  return (
    <Card withBorder>
      <Text size="sm" fw={600} mb="xs">
        {t(`${P}.transfers`, { count: b.transfers.length })}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="breakdown-transfers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`${P}.cols.transfer`)}</Table.Th>
              <Table.Th>{t(`${P}.cols.role`)}</Table.Th>
              <Table.Th>{t(`${P}.cols.state`)}</Table.Th>
              <Table.Th ta="right">{t(`${P}.cols.amount`)}</Table.Th>
              <Table.Th>{t(`${P}.cols.at`)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {b.transfers.map((l) => (
              <Table.Tr key={l.id} data-role={l.role}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.id}</Table.Td>
                <Table.Td>{t(`${P}.roles.${l.role}`)}</Table.Td>
                <Table.Td>{t(`${P}.states.${l.state}`)}</Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {formatRupiah(l.amount)}
                </Table.Td>
                <Table.Td style={NOWRAP}>{formatWibDateTime(new Date(l.at))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/**
 * /payout-breakdown/{id_transaksi}: what one payout (a withdrawal, a transfer, a bulk row) took
 * from the balance, its ledger transfers — the hold's legs, the post or the reversal, a failed
 * bulk row's refund — and gross → net, as the server computed and checked it; CSV and XLSX too.
 */
export default function PayoutBreakdownPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const query = useQuery({
    ...callQuery(reconciliationCalls.payoutBreakdown, { id_transaksi: id }),
    retry: false,
  });
  const b = query.data;
  const calls = {
    csv: reconciliationCalls.payoutBreakdownCsv,
    xlsx: reconciliationCalls.payoutBreakdownXlsx,
  };
  return (
    <BreakdownFrame
      title={t(`${P}.title`)}
      intro={t(`${P}.intro`)}
      backTo="/data/transaction"
      downloads={b && <Downloads calls={calls} query={{ id_transaksi: id }} />}
      pending={query.isPending}
      failed={query.isError}
      failedText={refusalText(query.error, t(`${P}.notFound`))}
    >
      {b && (
        <>
          {b.payout.refund_pending && <Alert color="yellow">{t(`${P}.refundPending`)}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Facts b={b} />
            <TotalsCard totals={b.totals} labelPrefix={`${P}.totals`} minus={['returned']} />
          </SimpleGrid>
          <Transfers b={b} />
        </>
      )}
    </BreakdownFrame>
  );
}
