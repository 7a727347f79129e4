import type { Environment } from '@gerbang/shared';
import { consoleDemoCalls } from '@gerbang/shared/contract/console-calls';
import {
  consoleReconCalls as calls,
  consoleReconSimulatorCalls,
} from '@gerbang/shared/contract/console-recon-calls';
import { RECON_ACCOUNTS } from '@gerbang/shared/contract/reconciliation';
import {
  Anchor,
  Card,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, consoleQuery } from '../features/console/consoleApi';
import { may, type StaffView } from '../features/console/types';
import { ReconciliationWorkspace } from '../features/reconciliation/ReconciliationWorkspace';
import type { ReconApi } from '../features/reconciliation/recon-api';
import { callUrl } from '../lib/api';

/** The provider's scope through the console's client: the environment goes with every call. */
function providerReconApi(environment: Environment): ReconApi {
  const call = consoleApi.call;
  return {
    formats: ['mt940', 'camt053'],
    chooseFileKey: 'recon.provider.chooseFile',
    manyMerchants: true,
    importStatement: (form, q) =>
      call(calls.importStatement, form as never, {
        query: { account: q.account, format: q.format, environment },
      }),
    results: (q) => call(calls.results, { ...q, environment }),
    summary: (q) => call(calls.summary, { ...q, environment }),
    run: (account) => call(calls.run, { account, environment }),
    match: (body) => call(calls.match, { ...body, environment }),
    unmatch: (body) => call(calls.unmatch, { ...body, environment }),
    writeOff: (body) => call(calls.writeOff, { ...body, environment }),
  };
}

/** Demo mode: the simulator bank's statement of a provider account and day, to download. */
function SimulatorStatementCard({ environment }: { environment: Environment }) {
  const { t } = useTranslation();
  const [account, setAccount] = useState<(typeof RECON_ACCOUNTS)[number]>('payout');
  const [format, setFormat] = useState<'mt940' | 'camt053' | 'csv'>('mt940');
  const [day, setDay] = useState('');
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(day);
  const href = callUrl(consoleReconSimulatorCalls.simulatorStatement, {
    environment,
    account,
    format,
    day,
  });
  return (
    <Card withBorder>
      <Title order={4} mb="xs">
        {t('recon.provider.simulator')}
      </Title>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label={t('recon.account')}
          data={RECON_ACCOUNTS.map((a) => ({ value: a, label: t(`recon.accounts.${a}`) }))}
          value={account}
          onChange={(v) => v && setAccount(v as typeof account)}
          allowDeselect={false}
          w={180}
        />
        <Select
          label={t('recon.format')}
          data={[
            { value: 'mt940', label: 'MT940' },
            { value: 'camt053', label: 'CAMT.053' },
            { value: 'csv', label: 'CSV' },
          ]}
          value={format}
          onChange={(v) => v && setFormat(v as typeof format)}
          allowDeselect={false}
          w={130}
        />
        <TextInput
          label={t('recon.provider.day')}
          placeholder="YYYY-MM-DD"
          value={day}
          onChange={(e) => setDay(e.currentTarget.value.trim())}
          w={140}
        />
        {valid && (
          <Anchor href={href} download mb={6}>
            {t('recon.provider.download')}
          </Anchor>
        )}
      </Group>
    </Card>
  );
}

/**
 * The provider's reconciliation in the console (ADR 023), composed here from the reconciliation
 * feature's parts and the console's client: statements of the provider's own accounts matched
 * against the ledger items of every merchant of the chosen environment, each exception naming its
 * merchant. The merchant page's parts, on the console's client and permissions.
 */
export default function ConsoleReconciliation({ staff }: { staff: StaffView }) {
  const { t } = useTranslation();
  const [environment, setEnvironment] = useState<Environment>('production');
  const api = useMemo(() => providerReconApi(environment), [environment]);
  const demo = useQuery({
    ...consoleQuery(consoleDemoCalls.state),
    enabled: may(staff, 'console_demo', 'READ'),
  });
  const header = (
    <Stack gap="xs">
      <Title order={2}>{t('recon.provider.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('recon.provider.intro')}
      </Text>
      <Group gap="sm">
        <Text size="sm">{t('recon.provider.environment')}</Text>
        <SegmentedControl
          aria-label={t('recon.provider.environment')}
          value={environment}
          onChange={(v) => setEnvironment(v as Environment)}
          data={(['production', 'sandbox'] as const).map((e) => ({
            value: e,
            label: t(`recon.provider.environments.${e}`),
          }))}
        />
      </Group>
      {demo.isSuccess && <SimulatorStatementCard environment={environment} />}
    </Stack>
  );
  return (
    <ReconciliationWorkspace
      key={environment}
      api={api}
      header={header}
      mayUpdate={may(staff, 'console_reconciliation', 'UPDATE')}
      mayWriteOff={may(staff, 'console_recon_write_off', 'UPDATE')}
    />
  );
}
