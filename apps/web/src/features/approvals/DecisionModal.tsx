import { formatRupiah } from '@gerbang/shared';
import type { ApprovalItem, DecisionOutcome } from '@gerbang/shared/contract/approvals';
import { approvalsCalls } from '@gerbang/shared/contract/approvals-calls';
import { Button, Group, Modal, PasswordInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';
import { showErrorDialog } from '../../lib/dialogs';

type Answer = { results: { id: number; outcome: DecisionOutcome }[] } | null;

/** The one PIN entry (and, to reject, the reason) for every chosen payout. */
export function DecisionModal({
  action,
  items,
  onDone,
}: {
  action: 'approve' | 'reject';
  items: ApprovalItem[];
  onDone: (answer: Answer, rd: string) => void;
}) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const total = items.reduce((s, i) => s + i.amount + i.fee, 0);
  const ids = items.map((i) => i.id);

  const send = async () => {
    if (!pin) {
      showErrorDialog(t('approvals.enterPin'));
      return;
    }
    if (action === 'reject' && !reason.trim()) {
      showErrorDialog(t('approvals.errors.reason'));
      return;
    }
    setBusy(true);
    const res =
      action === 'approve'
        ? await client.call(approvalsCalls.approve, { ids, pin })
        : await client.call(approvalsCalls.reject, { ids, pin, reason });
    setBusy(false);
    if (res.rc !== '00') return;
    onDone(res.data, res.rd);
  };

  return (
    <Modal
      opened
      onClose={() => onDone(null, '')}
      title={action === 'approve' ? t('approvals.approve') : t('approvals.reject')}
      centered
    >
      <Stack gap="sm" data-testid="approval-decision">
        <Text size="sm">
          {action === 'approve'
            ? t('approvals.confirmApprove', { count: items.length, total: formatRupiah(total) })
            : t('approvals.confirmReject', { count: items.length })}
        </Text>
        {action === 'reject' && (
          <Textarea
            label={t('approvals.reason')}
            value={reason}
            maxLength={255}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="approval-reason"
          />
        )}
        <PasswordInput
          label={t('approvals.pin')}
          value={pin}
          maxLength={64}
          autoComplete="off"
          onChange={(e) => setPin(e.currentTarget.value)}
          data-testid="approval-pin"
        />
        <Group justify="flex-end">
          <Button
            color={action === 'approve' ? undefined : 'red'}
            loading={busy}
            onClick={() => void send()}
            data-testid="approval-send"
          >
            {action === 'approve' ? t('approvals.approve') : t('approvals.reject')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
