import { consoleCalls } from '@gerbang/shared/contract/console-calls';
import { Button, Popover, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import { consoleApi } from './consoleApi';

/**
 * Ends every open portal session of the merchant's users, with a reason the
 * audit log keeps: e.g. a lost laptop reported by phone. The server checks the permission.
 */
export function EndSessionsButton({
  merchantId,
  disabled,
}: {
  merchantId: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const res = await consoleApi.call(
      consoleCalls.endMerchantSessions,
      { reason },
      { params: { id: merchantId } },
    );
    setBusy(false);
    if (res.rc !== '00') return showErrorDialog(res.rd);
    setOpened(false);
    setReason('');
    showInfoDialog(res.rd);
  };
  return (
    <Popover opened={opened} onChange={setOpened} withinPortal position="bottom-end" width={320}>
      <Popover.Target>
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={disabled}
          onClick={() => setOpened((o) => !o)}
          data-testid="end-merchant-sessions"
        >
          {t('console.endSessions')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">{t('console.endSessionsHint')}</Text>
          <Textarea
            label={t('console.endSessionsReason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            data-testid="end-merchant-sessions-reason"
          />
          <Button
            color="red"
            loading={busy}
            onClick={() => void send()}
            data-testid="end-merchant-sessions-confirm"
          >
            {t('console.endSessions')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
