import { formatRupiah, formatWibDateTime } from '@gerbang/shared';
import type { BulkBreakdown } from '@gerbang/shared/contract/payout-breakdown';
import { reconciliationCalls } from '@gerbang/shared/contract/reconciliation-calls';
import { Anchor, Badge, Card, SimpleGrid, Table, Text } from '@mantine/core';
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

const ROW_COLOR = {
  NEW: 'gray',
  QUEUED: 'gray',
  PROCESS: 'yellow',
  SUCCESS: 'green',
  FAILED: 'red',
} as const;

function Facts({ b }: { b: BulkBreakdown }) {
  const { t } = useTranslation();
  const g = b.group;
  return (
    <FactsCard
      facts={[
        [t(`${P}.group`), `BULK${g.id}`],
        [t(`${P}.groupName`), g.name],
        [t(`${P}.description`), g.description || '—'],
        [t(`${P}.createdAt`), formatWibDateTime(new Date(g.created_at))],
        [t(`${P}.status`), t(`${P}.groupStatuses.${g.status}`)],
      ]}
    />
  );
}

function Rows({ b }: { b: BulkBreakdown }) {
  const { t } = useTranslation();
  return (
    <Card withBorder>
      <Text size="sm" fw={600} mb="xs">
        {t(`${P}.rows`, { count: b.rows.length })}
      </Text>
      <Table.ScrollContainer minWidth={760}>
        <Table striped data-testid="breakdown-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`${P}.cols.row`)}</Table.Th>
              <Table.Th>{t(`${P}.idTransaksi`)}</Table.Th>
              <Table.Th>{t(`${P}.cols.name`)}</Table.Th>
              <Table.Th>{t(`${P}.bank`)}</Table.Th>
              <Table.Th ta="right">{t(`${P}.cols.amount`)}</Table.Th>
              <Table.Th ta="right">{t(`${P}.cols.fee`)}</Table.Th>
              <Table.Th>{t(`${P}.status`)}</Table.Th>
              <Table.Th ta="right">{t(`${P}.cols.refunded`)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {b.rows.map((r) => (
              <Table.Tr key={r.row_no}>
                <Table.Td>{r.row_no}</Table.Td>
                <Table.Td>
                  {r.id_transaksi ? (
                    <Anchor component={Link} to={`/payout-breakdown/${r.id_transaksi}`} size="sm">
                      {r.id_transaksi}
                    </Anchor>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td style={NOWRAP}>{`${r.bank} ${r.account_number}`}</Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {formatRupiah(r.amount)}
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {formatRupiah(r.fee)}
                </Table.Td>
                <Table.Td style={{ minWidth: 120 }}>
                  <Badge color={ROW_COLOR[r.status]} variant="light">
                    {t(`${P}.rowStatuses.${r.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {formatRupiah(r.refunded)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/**
 * /bulk-breakdown/{id}: a bulk transfer group's rows (amount, fee, status, refund) and the
 * group's gross, fees, hold, refunds of failed rows and net debited — the sums the server checked
 * against the group's ledger transfers; CSV and XLSX too.
 */
export default function BulkBreakdownPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useQuery({
    ...callQuery(reconciliationCalls.bulkBreakdown, { id }),
    retry: false,
  });
  const b = query.data;
  const calls = {
    csv: reconciliationCalls.bulkBreakdownCsv,
    xlsx: reconciliationCalls.bulkBreakdownXlsx,
  };
  return (
    <BreakdownFrame
      title={t(`${P}.bulkTitle`)}
      intro={t(`${P}.bulkIntro`)}
      backTo="/data/disbursement"
      downloads={b && <Downloads calls={calls} query={{ id }} />}
      pending={query.isPending}
      failed={query.isError}
      failedText={refusalText(query.error, t(`${P}.bulkNotFound`))}
    >
      {b && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Facts b={b} />
            <TotalsCard
              totals={b.totals}
              labelPrefix={`${P}.bulkTotals`}
              minus={['refunded', 'released']}
            />
          </SimpleGrid>
          <Rows b={b} />
        </>
      )}
    </BreakdownFrame>
  );
}
