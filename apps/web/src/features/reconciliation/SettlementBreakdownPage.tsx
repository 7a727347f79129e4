import { formatRupiah } from '@gerbang/shared';
import type { SettlementBreakdown } from '@gerbang/shared/contract/reconciliation';
import { reconciliationCalls } from '@gerbang/shared/contract/reconciliation-calls';
import { Card, SimpleGrid, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { callQuery } from '../../lib/api';
import { BreakdownFrame, Downloads, FactsCard, NOWRAP, TotalsCard } from './BreakdownParts';

/** Gross → net, in the order the money went: what was paid, what the fees took, what is left. */
const TOTALS = ['gross', 'fees', 'settled', 'advance_recoveries', 'net', 'refunds'] as const;
const MINUS = ['fees', 'advance_recoveries'] as const;

const calls = {
  csv: reconciliationCalls.settlementBreakdownCsv,
  xlsx: reconciliationCalls.settlementBreakdownXlsx,
} as const;
function Payments({ b }: { b: SettlementBreakdown }) {
  const { t } = useTranslation();
  const cols = ['gross', 'fee', 'net', 'refunded'] as const;
  return (
    <Card withBorder>
      <Text size="sm" fw={600} mb="xs">
        {t('recon.breakdown.payments', { count: b.transactions.length })}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="breakdown-payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('recon.breakdown.cols.payment')}</Table.Th>
              {cols.map((c) => (
                <Table.Th key={c} ta="right">
                  {t(`recon.breakdown.cols.${c}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {b.transactions.map((p) => (
              <Table.Tr key={p.id_transaksi}>
                <Table.Td>{p.id_transaksi}</Table.Td>
                {cols.map((c) => (
                  <Table.Td key={c} ta="right" style={NOWRAP}>
                    {formatRupiah(p[c])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function SettlementCard({ b }: { b: SettlementBreakdown }) {
  const { t } = useTranslation();
  return (
    <FactsCard
      facts={[
        [t('recon.breakdown.reference'), b.settlement.reference],
        [t('recon.breakdown.product'), b.settlement.product],
        [t('recon.breakdown.paymentDay'), b.settlement.payment_day],
        [t('recon.breakdown.settleDay'), b.settlement.settle_day],
      ]}
    />
  );
}

/**
 * /settlement-breakdown/{id}: what one settlement is made of — its payments with
 * their fees, the advance funds it paid back, the refunds given since — and gross → net, as the
 * server computed and checked it; the same as CSV and XLSX files.
 */
export default function SettlementBreakdownPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useQuery({
    ...callQuery(reconciliationCalls.settlementBreakdown, { id }),
    retry: false,
  });
  const b = query.data;
  return (
    <BreakdownFrame
      title={t('recon.breakdown.title')}
      intro={t('recon.breakdown.intro')}
      backTo="/data/settlement_merchant_sent"
      backLabel={t('recon.breakdown.back')}
      downloads={b && <Downloads calls={calls} query={{ id }} />}
      pending={query.isPending}
      failed={query.isError}
      failedText={t('recon.breakdown.notFound')}
    >
      {b && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SettlementCard b={b} />
            <TotalsCard
              totals={Object.fromEntries(TOTALS.map((key) => [key, b.totals[key]]))}
              labelPrefix="recon.breakdown.totals"
              minus={MINUS}
            />
          </SimpleGrid>
          <Payments b={b} />
        </>
      )}
    </BreakdownFrame>
  );
}
