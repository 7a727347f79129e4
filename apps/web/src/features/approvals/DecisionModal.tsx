import { formatRupiah } from '@gerbang/shared';
import type { ApprovalItem, DecisionOutcome } from '@gerbang/shared/contract/approvals';
import { approvalsCalls } from '@gerbang/shared/contract/approvals-calls';
import { useTranslation } from 'react-i18next';
import { HeldDecisionModal } from '../../components/HeldDecisionModal';
import { client } from '../../lib/api';

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
  const total = items.reduce((s, i) => s + i.amount + i.fee, 0);
  const ids = items.map((i) => i.id);
  const approve = action === 'approve';

  const submit = async (pin: string, reason: string) => {
    const res = approve
      ? await client.call(approvalsCalls.approve, { ids, pin })
      : await client.call(approvalsCalls.reject, { ids, pin, reason });
    if (res.rc !== '00') return;
    onDone(res.data, res.rd);
  };

  return (
    <HeldDecisionModal
      title={approve ? t('approvals.approve') : t('approvals.reject')}
      summary={
        approve
          ? t('approvals.confirmApprove', { count: items.length, total: formatRupiah(total) })
          : t('approvals.confirmReject', { count: items.length })
      }
      submitLabel={approve ? t('approvals.approve') : t('approvals.reject')}
      danger={!approve}
      pin={{ label: t('approvals.pin'), maxLength: 64, missing: t('approvals.enterPin') }}
      reason={
        approve
          ? undefined
          : { label: t('approvals.reason'), maxLength: 255, required: t('approvals.errors.reason') }
      }
      testId="approval"
      submit={submit}
      onClose={() => onDone(null, '')}
    />
  );
}
