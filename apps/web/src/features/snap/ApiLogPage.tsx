import { formatWibDateTime } from '@gerbang/shared';
import type { ApiLogRow } from '@gerbang/shared/contract/snap';
import { snapCalls } from '@gerbang/shared/contract/snap-calls';
import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callQuery } from '../../lib/api';

const PER_PAGE = 25;

function codeColor(status: number) {
  if (status < 300) return 'teal';
  if (status === 429 || status === 409) return 'orange';
  return 'red';
}

/** The request and response of one call, secrets already masked by the server. */
function Bodies({ row }: { row: ApiLogRow }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} p="xs">
      <Text size="xs" fw={600}>
        {t('snap.log.request')}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {row.request_body || '-'}
      </Code>
      <Text size="xs" fw={600}>
        {t('snap.log.response')}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {row.response_body || '-'}
      </Code>
    </Stack>
  );
}

/**
 * The API log: the agent's own SNAP calls in the session's environment, newest first —
 * time, endpoint, response code, latency, external id; a row opens its masked bodies.
 */
export default function ApiLogPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const query = useQuery(callQuery(snapCalls.apiLog, { page, per_page: PER_PAGE }));
  const data = query.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PER_PAGE));

  return (
    <Stack gap="md">
      <Title order={2}>{t('snap.log.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('snap.log.intro')}
      </Text>
      <Card withBorder radius="md" p={0}>
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={760} data-testid="api-log-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('snap.log.time')}</Table.Th>
                <Table.Th>{t('snap.log.endpoint')}</Table.Th>
                <Table.Th>{t('snap.log.responseCode')}</Table.Th>
                <Table.Th ta="right">{t('snap.log.latency')}</Table.Th>
                <Table.Th>{t('snap.log.externalId')}</Table.Th>
                <Table.Th>{t('snap.log.ip')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      {t('snap.log.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data?.rows.map((row) => (
                <Fragment key={row.id}>
                  <Table.Tr
                    style={{ cursor: 'pointer' }}
                    onClick={() => setOpen(open === row.id ? null : row.id)}
                    data-testid="api-log-row"
                  >
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatWibDateTime(new Date(row.at))}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {row.method} {row.path}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={codeColor(row.http_status)} variant="light">
                        {row.response_code}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{row.latency_ms}</Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {row.external_id ?? '-'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{row.client_ip}</Table.Td>
                  </Table.Tr>
                  {open === row.id && (
                    <Table.Tr>
                      <Table.Td colSpan={6}>
                        <Bodies row={row} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Card>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('snap.log.pageOf', { page, pages })}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            disabled={page <= 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            {t('snap.log.prev')}
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('snap.log.next')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
