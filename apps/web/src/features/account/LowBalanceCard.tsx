import { ALERT_ACCESS } from '@gerbang/shared/contract/alerts';
import { alertCalls } from '@gerbang/shared/contract/alerts-calls';
import { Alert, Button, Card, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callKey, callQuery, client } from '../../lib/api';
import { showInfoDialog } from '../../lib/dialogs';
import { useSession } from '../../lib/session';

/**
 * The low-balance alert of the session's environment: a threshold in rupiah
 * and whether a `low_balance` callback goes too. The server mails once per fall below it.
 */
export function LowBalanceCard() {
  const { t } = useTranslation();
  const { session, verdict } = useSession();
  const queryClient = useQueryClient();
  const setting = useQuery({
    ...callQuery(alertCalls.lowBalance),
    queryKey: [...callKey(alertCalls.lowBalance), session?.environment],
  });
  const [threshold, setThreshold] = useState<number | string>('');
  const [sendCallback, setSendCallback] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!setting.data) return;
    setThreshold(setting.data.threshold ?? '');
    setSendCallback(setting.data.send_callback);
  }, [setting.data]);
  if (verdict(ALERT_ACCESS.read) !== 'allowed' || !setting.data) return null;
  const canChange = verdict(ALERT_ACCESS.change) === 'allowed';

  const save = async () => {
    setSaving(true);
    try {
      const res = await client.call(alertCalls.setLowBalance, {
        threshold: threshold === '' ? null : Number(threshold),
        send_callback: sendCallback,
      });
      if (res.rc === '00') {
        queryClient.setQueryData(
          [...callKey(alertCalls.lowBalance), session?.environment],
          res.data,
        );
        showInfoDialog(res.rd);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="md" p="md" data-testid="low-balance-card">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBellRinging size={18} />
          <Text fw={700}>{t('alerts.title')}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('alerts.intro')}
        </Text>
        {setting.data.threshold !== null && !setting.data.armed && (
          <Alert color="orange" data-testid="low-balance-firing">
            {t('alerts.firing')}
          </Alert>
        )}
        <NumberInput
          label={t('alerts.threshold')}
          description={t('alerts.thresholdHint')}
          value={threshold}
          onChange={setThreshold}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator="."
          decimalSeparator=","
          disabled={!canChange}
          maw={360}
          data-testid="low-balance-threshold"
        />
        <Checkbox
          label={t('alerts.sendCallback')}
          checked={sendCallback}
          onChange={(e) => setSendCallback(e.currentTarget.checked)}
          disabled={!canChange}
        />
        {canChange && (
          <Group>
            <Button onClick={() => void save()} loading={saving} data-testid="low-balance-save">
              {t('alerts.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
