import { consoleDemoCalls } from '@gerbang/shared/contract/console-calls';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/Money';
import { showErrorDialog } from '../../lib/dialogs';
import { consoleApi, consoleQuery, type Envelope } from './consoleApi';
import { may, type StaffView } from './types';

const CURRENCIES = ['PHP', 'INR', 'MYR', 'SGD', 'CNY', 'HKD'];

/** Demo mode: the simulator's clock, bank downtime and remittance rates. */
export function DemoView({ staff }: { staff: StaffView }) {
  const { t, i18n } = useTranslation();
  const state = useQuery(consoleQuery(consoleDemoCalls.state));
  const [at, setAt] = useState('');
  const [currency, setCurrency] = useState<string>('SGD');
  const [rate, setRate] = useState<number | string>('');
  const canUpdate = may(staff, 'console_demo', 'UPDATE');
  /** A switch's answer: its message on a refusal, then the state as it is now. */
  async function after(sent: Promise<Envelope<unknown>>) {
    const res = await sent;
    if (res.rc !== '00') showErrorDialog(res.rd);
    await state.refetch();
  }
  const setClock = (at: string | null) => after(consoleApi.call(consoleDemoCalls.clock, { at }));
  const d = state.data;
  return (
    <Stack maw={640}>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <Title order={5}>{t('console.demo.clock')}</Title>
          <Text data-testid="demo-now">
            {t('console.demo.now', {
              now: d
                ? new Date(d.now).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'id-ID')
                : '…',
            })}
          </Text>
          {canUpdate && (
            <Group align="end">
              <TextInput
                type="datetime-local"
                value={at}
                onChange={(e) => setAt(e.currentTarget.value)}
              />
              <Button onClick={() => void setClock(new Date(at).toISOString())} disabled={!at}>
                {t('console.demo.set')}
              </Button>
              <Button variant="light" onClick={() => void setClock(null)}>
                {t('console.demo.reset')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <Title order={5}>{t('console.demo.downtime')}</Title>
          <Switch
            label={t('console.demo.downtimeOn')}
            checked={d?.bankDowntime != null}
            disabled={!canUpdate || !d}
            onChange={(e) =>
              void after(
                consoleApi.call(consoleDemoCalls.downtime, { enabled: e.currentTarget.checked }),
              )
            }
            data-testid="demo-downtime"
          />
          <Alert color="gray">{t('console.demo.downtimeNote')}</Alert>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <Title order={5}>{t('console.demo.rates')}</Title>
          <Table>
            <Table.Tbody>
              {(d?.rates ?? []).map((r) => (
                <Table.Tr key={r.currency}>
                  <Table.Td>{r.currency}</Table.Td>
                  <Table.Td>
                    <Money value={r.sellingRate} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {canUpdate && (
            <Group align="end">
              <Select
                label={t('console.demo.currency')}
                data={CURRENCIES}
                value={currency}
                onChange={(v) => setCurrency(v ?? 'SGD')}
                allowDeselect={false}
                w={120}
              />
              <NumberInput
                label={t('console.demo.rate')}
                value={rate}
                onChange={setRate}
                min={1}
                allowDecimal={false}
                w={160}
              />
              <Button
                onClick={() =>
                  void after(
                    consoleApi.call(consoleDemoCalls.rates, {
                      currency,
                      selling_rate: Number(rate),
                    }),
                  )
                }
                disabled={rate === ''}
              >
                {t('console.demo.setRate')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
