import {
  DELIVERY_FREQUENCIES,
  type Delivery,
  type DeliveryFrequency,
  STATEMENT_FORMATS,
  type StatementFormat,
} from '@gerbang/shared/contract/statements';
import { statementCalls } from '@gerbang/shared/contract/statements-calls';
import { Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';
import { showErrorDialog } from '../../lib/dialogs';

/** Scheduled delivery by e-mail to the user's own address: add one, see them, stop one. */
export function DeliveriesCard() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Delivery[]>([]);
  const [frequency, setFrequency] = useState<DeliveryFrequency>('monthly');
  const [format, setFormat] = useState<StatementFormat>('pdf');
  const [message, setMessage] = useState('');
  const load = useCallback(async () => {
    const res = await client.call(statementCalls.deliveries);
    if (res.rc === '00') setRows(res.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const answer = async (res: { rc: string; rd: string }, done: string) => {
    if (res.rc !== '00') {
      showErrorDialog(res.rd);
      return;
    }
    setMessage(t(done));
    await load();
  };
  const save = async () =>
    answer(
      await client.call(statementCalls.saveDelivery, { frequency, format }),
      'statements.deliverySaved',
    );
  const stop = async (id: number) =>
    answer(await client.call(statementCalls.stopDelivery, { id }), 'statements.stopped');
  return (
    <Card withBorder>
      <Title order={4} mb="xs">
        {t('statements.deliveries')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('statements.deliveriesIntro')}
      </Text>
      <Group align="flex-end" wrap="wrap" gap="sm" mb="sm">
        <Select
          label={t('statements.frequencyLabel')}
          data={DELIVERY_FREQUENCIES.map((f) => ({
            value: f,
            label: t(`statements.frequency.${f}`),
          }))}
          value={frequency}
          onChange={(v) => v && setFrequency(v as DeliveryFrequency)}
          allowDeselect={false}
          w={170}
        />
        <Select
          label={t('statements.format')}
          data={STATEMENT_FORMATS.map((f) => ({ value: f, label: t(`statements.formats.${f}`) }))}
          value={format}
          onChange={(v) => v && setFormat(v as StatementFormat)}
          allowDeselect={false}
          w={170}
        />
        <Button onClick={() => void save()} data-testid="delivery-save">
          {t('statements.addDelivery')}
        </Button>
      </Group>
      {message && (
        <Text size="sm" c="green" mb="xs">
          {message}
        </Text>
      )}
      {rows.length === 0 && <Text c="dimmed">{t('statements.noDeliveries')}</Text>}
      <Stack gap="xs">
        {rows.map((d) => (
          <Card key={d.id} withBorder padding="xs" data-testid="delivery-row">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {t(`statements.frequency.${d.frequency}`)} ·{' '}
                    {t(`statements.formats.${d.format}`)}
                  </Text>
                  <Badge color={d.active ? 'green' : 'gray'} variant="light">
                    {t(d.active ? 'statements.active' : 'statements.inactive')}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('statements.email')}: {d.email} · {t('statements.lastSent')}:{' '}
                  {d.last_sent ?? t('statements.never')}
                </Text>
              </Stack>
              {d.active && (
                <Button size="xs" variant="light" color="red" onClick={() => void stop(d.id)}>
                  {t('statements.stop')}
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}
