import type { consoleCalls } from '@gerbang/shared/contract/console-calls';
import { Button, Group, Popover, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import { consoleApi, type Envelope } from './consoleApi';

type Calls = typeof consoleCalls;
/** A queue's two decisions on one request: approve (with a value, e.g. the NMID) and reject. */
export type DecisionCalls =
  | { approve: Calls['approveRegistration']; reject: Calls['rejectRegistration'] }
  | { approve: Calls['approveAdvance']; reject: Calls['rejectAdvance'] }
  | { approve: Calls['approveNmid']; reject: Calls['rejectNmid'] };

/** Approve (optionally with a value, e.g. the NMID) and reject-with-reason buttons of one request. */
export function Decide({
  calls,
  id,
  onDone,
  testId,
  approveField,
}: {
  calls: DecisionCalls;
  /** The request's id. */
  id: number;
  onDone: () => void;
  testId: string;
  approveField?: { name: string; label: string };
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  async function run(sent: () => Promise<Envelope<unknown>>) {
    setBusy(true);
    const res = await sent();
    setBusy(false);
    if (res.rc === '00') {
      showInfoDialog(res.rd);
      onDone();
    } else showErrorDialog(res.rd);
  }
  // The approve bodies differ by queue (the NMID's carries the NMID); the server checks each.
  const approve = (body: Record<string, string>) =>
    consoleApi.call(calls.approve as Calls['approveNmid'], body, { params: { id } });
  const approveButton = approveField ? (
    <Popover withinPortal position="bottom-end">
      <Popover.Target>
        <Button size="xs" color="teal" data-testid={`${testId}-approve`}>
          {t('console.reg.approve')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            label={approveField.label}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            data-testid={`${testId}-approve-value`}
          />
          <Button
            size="xs"
            color="teal"
            loading={busy}
            onClick={() => run(() => approve({ [approveField.name]: value }))}
            data-testid={`${testId}-approve-confirm`}
          >
            {t('console.reg.approve')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  ) : (
    <Button
      size="xs"
      color="teal"
      loading={busy}
      onClick={() => run(() => approve({}))}
      data-testid={`${testId}-approve`}
    >
      {t('console.reg.approve')}
    </Button>
  );
  return (
    <Group gap="xs" wrap="nowrap">
      {approveButton}
      <Popover withinPortal position="bottom-end">
        <Popover.Target>
          <Button size="xs" color="red" variant="light" data-testid={`${testId}-reject`}>
            {t('console.reg.reject')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" w={260}>
            <Textarea
              label={t('console.reg.reason')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-testid={`${testId}-reason`}
            />
            <Button
              size="xs"
              color="red"
              loading={busy}
              onClick={() =>
                run(() => consoleApi.call(calls.reject, { reason }, { params: { id } }))
              }
              data-testid={`${testId}-reject-confirm`}
            >
              {t('console.reg.confirmReject')}
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
