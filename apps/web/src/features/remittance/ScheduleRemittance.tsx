import { RC } from '@gerbang/shared';
import { SCHEDULES_ACCESS } from '@gerbang/shared/contract/access-rules';
import type { RemittanceInquiryResult } from '@gerbang/shared/contract/remittance';
import { schedulesCalls } from '@gerbang/shared/contract/schedules-calls';
import { Button, Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ScheduleDraft } from '../../components/schedule/ScheduleModal';
import { client } from '../../lib/api';
import { showInfoDialog } from '../../lib/dialogs';
import { withCatalogParts } from '../../lib/i18n';
import { useSession } from '../../lib/session';

// The schedule form loads when the user chooses "Schedule instead".
const ScheduleModal = lazy(() =>
  withCatalogParts(['schedules'], import('../../components/schedule/ScheduleModal')),
);

/**
 * "Schedule instead" on a checked remittance: the schedule sends the inquiry's foreign amount to
 * its beneficiary at each run, the rupiah quoted then; the inquiry's mailed code authorises it.
 * Shown only to who may schedule (the server decides again).
 */
export function ScheduleRemittance({ inquiry }: { inquiry: RemittanceInquiryResult }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const maySchedule = useSession().verdict(SCHEDULES_ACCESS.manage) === 'allowed';
  const [open, setOpen] = useState(false);
  if (!maySchedule) return null;
  const schedule = async (draft: ScheduleDraft) => {
    const res = await client.call(schedulesCalls.createRemittance, {
      reff_id: inquiry.idtransaksi,
      rule: draft.rule,
      otp: draft.pin,
    });
    if (res.rc !== RC.OK) return false;
    showInfoDialog(res.rd);
    void navigate('/transaction/scheduled');
    return true;
  };
  return (
    <>
      <Group justify="flex-end">
        <Button variant="light" onClick={() => setOpen(true)} data-testid="remittance-schedule">
          {t('remittance.result.schedule')}
        </Button>
      </Group>
      {open && (
        <Suspense fallback={null}>
          <ScheduleModal
            titleKey="schedules.formTitle"
            editsAmount={false}
            hintKey="schedules.remittanceHint"
            secret="otp"
            onSubmit={schedule}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
