import { formatRupiah } from '@gerbang/shared';
import type { SettlementBreakdown } from '@gerbang/shared/contract/reconciliation';
import { reconciliationCalls } from '@gerbang/shared/contract/reconciliation-calls';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { callQuery, callUrl } from '../../lib/api';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** Gross → net, in the order the money went: what was paid, what the fees took, what is left. */
const TOTALS = ['gross', 'fees', 'settled', 'advance_recoveries', 'net', 'refunds'] as const;

function Totals({ b }: { b: SettlementBreakdown }) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid="breakdown-totals">
      <Stack gap={6}>
        {TOTALS.map((key) => (
          <Group key={key} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" fw={key === 'net' ? 700 : 400}>
              {t(`recon.breakdown.totals.${key}`)}
            </Text>
            <Text
              size="sm"
              fw={key === 'net' ? 700 : 400}
              style={NOWRAP}
              data-testid={`total-${key}`}
            >
              {(key === 'fees' || key === 'advance_recoveries') && b.totals[key] > 0 ? '− ' : ''}
              {formatRupiah(b.totals[key])}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

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
  const facts = [
    ['reference', b.settlement.reference],
    ['product', b.settlement.product],
    ['paymentDay', b.settlement.payment_day],
    ['settleDay', b.settlement.settle_day],
  ] as const;
  return (
    <Card withBorder>
      <Stack gap={6}>
        {facts.map(([key, value]) => (
          <Group key={key} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" c="dimmed">
              {t(`recon.breakdown.${key}`)}
            </Text>
            <Text size="sm" ta="right">
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** The same breakdown as files the browser downloads itself (the session cookie goes along). */
function Downloads({ id }: { id: number }) {
  const { t } = useTranslation();
  const calls = {
    csv: reconciliationCalls.settlementBreakdownCsv,
    xlsx: reconciliationCalls.settlementBreakdownXlsx,
  } as const;
  return (
    <Group gap="md">
      {(['csv', 'xlsx'] as const).map((kind) => (
        <Anchor
          key={kind}
          href={callUrl(calls[kind], { id })}
          download
          data-testid={`breakdown-${kind}`}
        >
          <Group gap={4} wrap="nowrap">
            <IconDownload size={16} />
            {t(`recon.breakdown.${kind}`)}
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}

/**
 * /settlement-breakdown/{id}: what one settlement is made of — its payments with
 * their fees, the advance funds it paid back, the refunds given since — and gross → net, as the
 * server computed and checked it; the same as CSV and XLSX files.
 */
export default function SettlementBreakdownPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useQuery({
    ...callQuery(reconciliationCalls.settlementBreakdown, { id }),
    retry: false,
  });
  const b = query.data;
  return (
    <Stack gap="md" data-testid="breakdown-page">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() =>
            window.history.length > 1 ? navigate(-1) : navigate('/data/settlement_merchant_sent')
          }
        >
          {t('recon.breakdown.back')}
        </Button>
        {b && <Downloads id={id} />}
      </Group>
      <Title order={2}>{t('recon.breakdown.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('recon.breakdown.intro')}
      </Text>
      {query.isPending && <Loader size="sm" />}
      {query.isError && <Alert color="red">{t('recon.breakdown.notFound')}</Alert>}
      {b && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SettlementCard b={b} />
            <Totals b={b} />
          </SimpleGrid>
          <Payments b={b} />
        </>
      )}
    </Stack>
  );
}
