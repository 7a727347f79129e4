import type { ApprovalItem } from '@gerbang/shared/contract/approvals';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Approve / reject of one payout; the maker's own payout can only be cancelled. */
export function RowActions({
  item,
  onDecide,
}: {
  item: ApprovalItem;
  onDecide: (action: 'approve' | 'reject', item: ApprovalItem) => void;
}) {
  const { t } = useTranslation();
  if (item.blocked === 'own') {
    return (
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t('approvals.blocked.own')}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          onClick={() => onDecide('reject', item)}
        >
          {t('approvals.cancel')}
        </Button>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      {item.blocked === 'decided' ? (
        <Text size="xs" c="dimmed">
          {t('approvals.blocked.decided')}
        </Text>
      ) : (
        <Button
          size="compact-xs"
          onClick={() => onDecide('approve', item)}
          data-testid="approval-approve"
        >
          {t('approvals.approve')}
        </Button>
      )}
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        onClick={() => onDecide('reject', item)}
        data-testid="approval-reject"
      >
        {t('approvals.reject')}
      </Button>
    </Group>
  );
}
