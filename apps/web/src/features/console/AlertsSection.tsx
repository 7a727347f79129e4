import { formatWibDateTime } from '@gerbang/shared';
import { alertCalls } from '@gerbang/shared/contract/alerts-calls';
import { Anchor, Badge, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { consoleQuery } from './consoleApi';
import { may, type StaffView } from './types';

const KIND_COLOR = {
  low_balance: 'orange',
  bulk_short: 'red',
  endpoint_disabled: 'grape',
  schedule_short: 'yellow',
};

/** The alerts raised across merchants, newest first, on the console's home. */
export function AlertsSection({ staff }: { staff: StaffView }) {
  const { t } = useTranslation();
  const alerts = useQuery({
    ...consoleQuery(alertCalls.consoleAlerts),
    enabled: may(staff, 'console_merchants', 'READ'),
  });
  if (!may(staff, 'console_merchants', 'READ')) return null;
  const rows = alerts.data ?? [];
  return (
    <Paper withBorder p="md" radius="md" data-testid="console-alerts">
      <Group mb="sm">
        <Title order={5}>{t('alerts.console.title')}</Title>
        <Badge>{rows.length}</Badge>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('alerts.console.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('alerts.console.time')}</Table.Th>
                <Table.Th>{t('alerts.console.merchant')}</Table.Th>
                <Table.Th>{t('alerts.console.kind')}</Table.Th>
                <Table.Th>{t('alerts.console.detail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id} data-testid={`console-alert-${a.kind}`}>
                  <Table.Td>{formatWibDateTime(new Date(a.created_at))}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/console/merchants/${a.agent_id}`}>
                      {a.username}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {t(`alerts.environment.${a.environment}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={KIND_COLOR[a.kind]} variant="light">
                      {t(`alerts.kind.${a.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {Object.entries(a.detail)
                        .map(([k, v]) => `${t(`alerts.detail.${k}`, { defaultValue: k })}: ${v}`)
                        .join(' · ')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
