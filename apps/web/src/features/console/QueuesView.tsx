import {
  Anchor,
  Badge,
  Card,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../components/Money';
import { consoleApi } from './consoleApi';
import { Decide } from './Decide';
import { may, type StaffView } from './types';

const MISSING_PHOTO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 48 48'%3E%3Crect width='48' height='48' fill='%23f1f3f5'/%3E%3Cpath d='M14 32l7-9 5 6 4-5 6 8z' fill='%23ced4da'/%3E%3C/svg%3E";

interface Registration {
  id: number;
  agentId: number;
  username: string;
  kind: string;
  submittedAt: string | null;
  fields: Record<string, string>;
  documents: { kind: string }[];
}
interface Advance {
  id: number;
  agentId: number;
  username: string;
  dateFrom: string;
  dateTo: string;
  namaProduk: string;
  nominal: number;
  /** Days the server refused, saved with "Tetap Simpan": not advanced, shown to the reviewer. */
  missingDates: { date: string; reason: string }[];
}
interface Nmid {
  id: number;
  agentId: number;
  agentName: string;
  type: string;
  namaUsaha: string;
  images: string[];
}
interface Failing {
  agentId: number;
  username: string;
  failed: number;
}

function useList<T>(key: string, path: string, query: Record<string, string>, enabled: boolean) {
  return useQuery({
    queryKey: ['console', key],
    enabled,
    queryFn: async () => {
      const res = await consoleApi.get<T[]>(path, query);
      return res.rc === '00' ? res.data : [];
    },
  });
}

function Section({
  title,
  count,
  children,
  testId,
}: {
  title: string;
  count: number;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Group mb="sm">
        <Title order={5}>{title}</Title>
        <Badge>{count}</Badge>
      </Group>
      {count === 0 ? (
        <Text c="dimmed">{t('console.queues.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>{children}</Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** The queues with their counts (issue 17 §4): registrations/KYC, NMID, advance funds, failing callbacks. */
export function QueuesView({ staff }: { staff: StaffView }) {
  const { t } = useTranslation();
  const regs = useList<Registration>(
    'regs',
    '/registrations',
    { status: 'waiting' },
    may(staff, 'console_registrations', 'READ'),
  );
  const nmid = useList<Nmid>('nmid', '/nmid', { status: '0' }, may(staff, 'console_nmid', 'READ'));
  const advance = useList<Advance>(
    'advance',
    '/advance',
    { status: '0' },
    may(staff, 'console_advance', 'READ'),
  );
  const failing = useList<Failing>(
    'failing',
    '/callbacks/failing',
    {},
    may(staff, 'console_callbacks', 'READ'),
  );
  const counts = [
    { label: t('console.queues.registrations'), n: regs.data?.length ?? 0 },
    { label: t('console.queues.nmid'), n: nmid.data?.length ?? 0 },
    { label: t('console.queues.advance'), n: advance.data?.length ?? 0 },
    { label: t('console.queues.callbacks'), n: failing.data?.length ?? 0 },
  ];
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {counts.map((c) => (
          <Card key={c.label} withBorder radius="md">
            <Text size="xs" c="dimmed">
              {c.label}
            </Text>
            <Text fw={700} fz={28}>
              {c.n}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Section
        title={t('console.queues.registrations')}
        count={regs.data?.length ?? 0}
        testId="queue-registrations"
      >
        <Table>
          <Table.Tbody>
            {(regs.data ?? []).map((r) => (
              <Table.Tr key={r.id} data-testid={`registration-${r.username}`}>
                <Table.Td>
                  <Anchor component={Link} to={`/console/merchants/${r.agentId}`}>
                    {r.username}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {r.kind} · {r.fields.nama_usaha ?? r.fields.nama} · NPWP{' '}
                    {r.fields.no_npwp ?? '—'} · KTP {r.fields.no_ktp}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {r.documents.map((d) => (
                      <Anchor
                        key={d.kind}
                        href={`/api/console/registrations/${r.id}/documents/${d.kind}`}
                        target="_blank"
                      >
                        <Image
                          src={`/api/console/registrations/${r.id}/documents/${d.kind}`}
                          alt={d.kind}
                          w={48}
                          h={48}
                          fit="cover"
                          radius="sm"
                          // A photo whose file is gone (e.g. the demo history's sample rows) shows
                          // an empty frame instead of the browser's broken-image icon.
                          fallbackSrc={MISSING_PHOTO}
                        />
                      </Anchor>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {may(staff, 'console_registrations', 'UPDATE') && (
                    <Decide
                      base={`/registrations/${r.id}`}
                      onDone={() => void regs.refetch()}
                      testId={`reg-${r.id}`}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title={t('console.queues.nmid')} count={nmid.data?.length ?? 0} testId="queue-nmid">
        <Table>
          <Table.Tbody>
            {(nmid.data ?? []).map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/console/merchants/${r.agentId}`}>
                    {r.agentName}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {r.type} · {r.namaUsaha}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {r.images.map((which) => (
                      <Anchor
                        key={which}
                        href={`/api/console/nmid/${r.id}/images/${which}`}
                        target="_blank"
                      >
                        <Image
                          src={`/api/console/nmid/${r.id}/images/${which}`}
                          alt={which}
                          w={48}
                          h={48}
                          fit="cover"
                          radius="sm"
                          // A photo whose file is gone (e.g. the demo history's sample rows) shows
                          // an empty frame instead of the browser's broken-image icon.
                          fallbackSrc={MISSING_PHOTO}
                        />
                      </Anchor>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {may(staff, 'console_nmid', 'UPDATE') && (
                    <Decide
                      base={`/nmid/${r.id}`}
                      onDone={() => void nmid.refetch()}
                      testId={`nmid-${r.id}`}
                      approveField={{ name: 'nmid', label: 'NMID' }}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section
        title={t('console.queues.advance')}
        count={advance.data?.length ?? 0}
        testId="queue-advance"
      >
        <Table>
          <Table.Tbody>
            {(advance.data ?? []).map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/console/merchants/${r.agentId}`}>
                    {r.username}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {r.namaProduk} · {r.dateFrom} – {r.dateTo}
                  </Text>
                  {r.missingDates.length > 0 && (
                    <Text size="xs" c="orange.8" data-testid={`advance-${r.id}-rejected`}>
                      {t('console.advance.rejectedDays')}:{' '}
                      {r.missingDates
                        .map((m) => `${m.date} (${t(`advanceFunds.reasons.${m.reason}`)})`)
                        .join(', ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Money value={r.nominal} />
                </Table.Td>
                <Table.Td>
                  {may(staff, 'console_advance', 'UPDATE') && (
                    <Decide
                      base={`/advance/${r.id}`}
                      onDone={() => void advance.refetch()}
                      testId={`advance-${r.id}`}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section
        title={t('console.queues.callbacks')}
        count={failing.data?.length ?? 0}
        testId="queue-callbacks"
      >
        <Table>
          <Table.Tbody>
            {(failing.data ?? []).map((r) => (
              <Table.Tr key={r.agentId}>
                <Table.Td>
                  <Anchor component={Link} to={`/console/merchants/${r.agentId}`}>
                    {r.username}
                  </Anchor>
                </Table.Td>
                <Table.Td>{r.failed}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </Stack>
  );
}
