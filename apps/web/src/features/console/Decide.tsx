import { Button, Group, Popover, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import { consoleApi } from './consoleApi';

/** Approve (optionally with a value, e.g. the NMID) and reject-with-reason buttons of one request. */
export function Decide({
  base,
  onDone,
  testId,
  approveField,
}: {
  /** e.g. `/registrations/12` */
  base: string;
  onDone: () => void;
  testId: string;
  approveField?: { name: string; label: string };
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  async function run(path: string, body: unknown) {
    setBusy(true);
    const res = await consoleApi.post(path, body);
    setBusy(false);
    if (res.rc === '00') {
      showInfoDialog(res.rd);
      onDone();
    } else showErrorDialog(res.rd);
  }
  const approve = approveField ? (
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
            onClick={() => run(`${base}/approve`, { [approveField.name]: value })}
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
      onClick={() => run(`${base}/approve`, {})}
      data-testid={`${testId}-approve`}
    >
      {t('console.reg.approve')}
    </Button>
  );
  return (
    <Group gap="xs" wrap="nowrap">
      {approve}
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
              onClick={() => run(`${base}/reject`, { reason })}
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
