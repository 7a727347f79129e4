import { consoleCalls } from '@gerbang/shared/contract/console-calls';
import {
  Anchor,
  Badge,
  Card,
  Group,
  Paper,
  SimpleGrid,
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
import { Link, useParams } from 'react-router';
import { Money } from '../../components/Money';
import { showErrorDialog } from '../../lib/dialogs';
import { ResetFactorsCard } from './ConsoleSecurity';
import { consoleApi, consoleQuery } from './consoleApi';
import { EndSessionsButton } from './EndSessions';
import { may, type StaffView } from './types';

/** Merchant search. */
export function MerchantsView() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const list = useQuery(consoleQuery(consoleCalls.merchants, { q }));
  return (
    <Stack>
      <TextInput
        placeholder={t('console.merchants.search')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        data-testid="merchant-search"
        maw={420}
      />
      <Table.ScrollContainer minWidth={600}>
        <Table striped>
          <Table.Tbody>
            {(list.data ?? []).map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/console/merchants/${m.id}`}
                    data-testid={`merchant-${m.username}`}
                  >
                    {m.username}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {m.nama_agen}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {t('console.merchants.group')} {m.id_grup}
                </Table.Td>
                <Table.Td>{m.user_type}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {!m.enable_api && (
                      <Badge color="gray">{t('console.merchants.apiAccess')} ✕</Badge>
                    )}
                    {m.portal_disabled && (
                      <Badge color="red">{t('console.merchants.portalLogin')} ✕</Badge>
                    )}
                    {!m.business_activated && (
                      <Badge color="yellow">{t('common.activationTitle')}</Badge>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** One merchant: profile, users, balances and holds (from the ledger), transactions, callbacks, switches. */
export function MerchantPage({ staff }: { staff: StaffView }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const page = useQuery(
    consoleQuery(consoleCalls.merchant, undefined, { params: { id: id ?? '' } }),
  );
  const d = page.data;
  if (!d) return <Text c="dimmed">{page.error ? String(page.error.message) : '…'}</Text>;
  const canUpdate = may(staff, 'console_merchants', 'UPDATE');
  async function toggle(body: { api?: boolean; portal?: boolean }) {
    const res = await consoleApi.call(consoleCalls.merchantAccess, body, {
      params: { id: id ?? '' },
    });
    if (res.rc !== '00') showErrorDialog(res.rd);
    await page.refetch();
  }
  return (
    <Stack data-testid="merchant-page">
      <Anchor component={Link} to="/console/merchants" size="sm">
        {t('console.merchants.back')}
      </Anchor>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={4}>{d.agent.nama_agen || d.agent.username}</Title>
            <Text size="sm" c="dimmed">
              {d.agent.username} · {t('console.merchants.group')} {d.agent.id_grup} ·{' '}
              {d.agent.user_type}
            </Text>
          </div>
          <Group>
            <Switch
              label={t('console.merchants.apiAccess')}
              checked={d.agent.enable_api}
              disabled={!canUpdate}
              onChange={(e) => void toggle({ api: e.currentTarget.checked })}
              data-testid="switch-api"
            />
            <Switch
              label={t('console.merchants.portalLogin')}
              checked={!d.agent.portal_disabled}
              disabled={!canUpdate}
              onChange={(e) => void toggle({ portal: e.currentTarget.checked })}
              data-testid="switch-portal"
            />
            <EndSessionsButton merchantId={id ?? ''} disabled={!canUpdate} />
          </Group>
        </Group>
      </Paper>
      {canUpdate && <ResetFactorsCard agentId={d.agent.id} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['production', 'sandbox'] as const).map((env) => (
          <Card key={env} withBorder>
            <Text size="xs" c="dimmed">
              {t(`console.merchants.${env}`)}
            </Text>
            <Group>
              <Text>
                {t('console.merchants.balance')}: <Money value={d.balances[env].balance} />
              </Text>
              <Text>
                {t('console.merchants.hold')}: <Money value={d.balances[env].hold_balance} />
              </Text>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Title order={5} mb="xs">
          {t('console.merchants.users')}
        </Title>
        {d.users.map((u) => (
          <Text key={u.id} size="sm">
            {u.username} — {u.nama} {u.main ? '(main)' : ''} {u.deleted_at ? '(deleted)' : ''}
          </Text>
        ))}
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={5} mb="xs">
          {t('console.merchants.callbackHealth')}
        </Title>
        <Group>
          {d.callbacks.map((c) => (
            <Badge key={c.status} color={c.status === 2 ? 'red' : 'gray'}>
              {t(`data.enums.callbackStatus.${c.status}`, {
                defaultValue: t('data.enums.callbackStatus.other'),
              })}
              : {c.count}
            </Badge>
          ))}
        </Group>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={5} mb="xs">
          {t('console.merchants.transactions')}
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Tbody>
              {d.transactions.map((x) => (
                <Table.Tr key={x.id_transaksi}>
                  <Table.Td>{x.id_transaksi}</Table.Td>
                  <Table.Td>{x.environment}</Table.Td>
                  <Table.Td>{x.kind}</Table.Td>
                  <Table.Td>{x.jenis_trx}</Table.Td>
                  <Table.Td>{x.status_trx}</Table.Td>
                  <Table.Td>
                    <Money value={x.nominal_origin} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
