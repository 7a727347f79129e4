import { formatRupiah, RC } from '@gerbang/shared';
import type { AnyCall } from '@gerbang/shared/contract/call';
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiFailure, callUrl } from '../../lib/api';

export const NOWRAP = { whiteSpace: 'nowrap' } as const;
export const P = 'recon.payoutBreakdown';

/** Labelled facts of a settlement, a payout or a group, one per line (wraps at 390 px). */
export function FactsCard({ facts }: { facts: [label: string, value: ReactNode][] }) {
  return (
    <Card withBorder>
      <Stack gap={6}>
        {facts.map(([label, value]) => (
          <Group key={label} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            <Text size="sm" c="dimmed" style={NOWRAP}>
              {label}
            </Text>
            <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** Gross → net as the server computed and checked it; `minus` keys are shown as deductions. */
export function TotalsCard({
  totals,
  labelPrefix,
  minus,
}: {
  totals: Record<string, number>;
  labelPrefix: string;
  minus: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid="breakdown-totals">
      <Stack gap={6}>
        {Object.entries(totals).map(([key, value]) => (
          <Group key={key} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" fw={key === 'net' ? 700 : 400}>
              {t(`${labelPrefix}.${key}`)}
            </Text>
            <Text
              size="sm"
              fw={key === 'net' ? 700 : 400}
              style={NOWRAP}
              data-testid={`total-${key}`}
            >
              {minus.includes(key) && value > 0 ? '− ' : ''}
              {formatRupiah(value)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** The breakdown as files the browser downloads itself (the session cookie goes along). */
export function Downloads<Q>({
  calls,
  query,
}: {
  calls: { csv: AnyCall; xlsx: AnyCall };
  query: Q;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="md">
      {(['csv', 'xlsx'] as const).map((kind) => (
        <Anchor
          key={kind}
          href={callUrl(calls[kind], query as never)}
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

/** Why a breakdown is not shown: the server's own words for a payout it does not break down. */
export function refusalText(error: unknown, fallback: string): string {
  return error instanceof ApiFailure && error.rc === RC.NOT_FOUND ? error.rd : fallback;
}

/** The page frame: back, downloads once the answer is in, title, intro, loading and refusal. */
export function BreakdownFrame({
  title,
  intro,
  backTo,
  backLabel,
  downloads,
  pending,
  failed,
  failedText,
  children,
}: {
  title: string;
  intro: string;
  backTo: string;
  /** The back button's words (default: "Back"). */
  backLabel?: string;
  downloads: ReactNode;
  pending: boolean;
  failed: boolean;
  failedText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="md" data-testid="breakdown-page">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(backTo))}
        >
          {backLabel ?? t(`${P}.back`)}
        </Button>
        {downloads}
      </Group>
      <Title order={2}>{title}</Title>
      <Text c="dimmed" size="sm">
        {intro}
      </Text>
      {pending && <Loader size="sm" />}
      {failed && <Alert color="red">{failedText}</Alert>}
      {children}
    </Stack>
  );
}
