import { formatWibDateTime } from '@gerbang/shared';
import type { ApprovalItem } from '@gerbang/shared/contract/approvals';
import { Badge, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/Money';
import { RowActions } from './RowActions';

/** The queue on a phone: one card per payout, the same facts and actions as the table's row. */
export function QueueCards({
  items,
  chosen,
  toggle,
  onDecide,
}: {
  items: ApprovalItem[];
  chosen: Set<number>;
  toggle: (id: number) => void;
  onDecide: (action: 'approve' | 'reject', item: ApprovalItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" hiddenFrom="sm" data-testid="approvals-cards">
      {items.map((item) => (
        <Card
          key={item.id}
          withBorder
          radius="md"
          p="sm"
          data-testid={`approval-${item.reference}`}
        >
          <Group gap="xs" wrap="nowrap" align="start">
            <Checkbox
              checked={chosen.has(item.id)}
              disabled={item.blocked !== null}
              onChange={() => toggle(item.id)}
              aria-label={item.reference}
            />
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {item.reference}
              </Text>
              <Text size="xs" c="dimmed">
                {item.destination}
              </Text>
              <Badge variant="light">{t(`approvals.kinds.${item.kind}`)}</Badge>
            </Stack>
          </Group>
          <Group justify="space-between" mt="xs">
            <Text size="sm" fw={600}>
              <Money value={item.amount + item.fee} />
            </Text>
            <Text size="sm">
              {t('approvals.layers', { done: item.layers_done, needed: item.layers_needed })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {item.maker} · {t('approvals.columns.expires')}{' '}
            {formatWibDateTime(new Date(item.expires_at))}
          </Text>
          <Group justify="flex-end" mt="xs">
            <RowActions item={item} onDecide={onDecide} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
