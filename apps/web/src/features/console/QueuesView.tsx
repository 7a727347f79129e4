import { consoleCalls } from '@gerbang/shared/contract/console-calls';
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
import { callUrl } from '../../lib/api';
import { AlertsSection } from './AlertsSection';
import { consoleQuery } from './consoleApi';
import { Decide } from './Decide';
import { may, type StaffView } from './types';

const MISSING_PHOTO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 48 48'%3E%3Crect width='48' height='48' fill='%23f1f3f5'/%3E%3Cpath d='M14 32l7-9 5 6 4-5 6 8z' fill='%23ced4da'/%3E%3C/svg%3E";

/** A registration's document and an NMID request's photo, opened by the browser itself. */
const documentUrl = (id: number, kind: string) =>
  callUrl(consoleCalls.registrationDocument, undefined, { id, kind });
const photoUrl = (id: number, which: string) =>
  callUrl(consoleCalls.nmidImage, undefined, { id, which });

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

/** The queues with their counts: registrations/KYC, NMID, advance funds, failing callbacks. */
export function QueuesView({ staff }: { staff: StaffView }) {
  const { t } = useTranslation();
  // A queue the staff member may not read is not asked for (nor a refused one shown: count 0).
  const readable = (module: string) => ({ enabled: may(staff, module, 'READ') });
  const regs = useQuery({
    ...consoleQuery(consoleCalls.registrations, { status: 'waiting' }),
    ...readable('console_registrations'),
  });
  const nmid = useQuery({
    ...consoleQuery(consoleCalls.nmid, { status: 0 }),
    ...readable('console_nmid'),
  });
  const advance = useQuery({
    ...consoleQuery(consoleCalls.advance, { status: 0 }),
    ...readable('console_advance'),
  });
  const failing = useQuery({
    ...consoleQuery(consoleCalls.failingCallbacks),
    ...readable('console_callbacks'),
  });
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
                      <Anchor key={d.kind} href={documentUrl(r.id, d.kind)} target="_blank">
                        <Image
                          src={documentUrl(r.id, d.kind)}
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
                      calls={{
                        approve: consoleCalls.approveRegistration,
                        reject: consoleCalls.rejectRegistration,
                      }}
                      id={r.id}
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
                      <Anchor key={which} href={photoUrl(r.id, which)} target="_blank">
                        <Image
                          src={photoUrl(r.id, which)}
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
                      calls={{ approve: consoleCalls.approveNmid, reject: consoleCalls.rejectNmid }}
                      id={r.id}
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
                      calls={{
                        approve: consoleCalls.approveAdvance,
                        reject: consoleCalls.rejectAdvance,
                      }}
                      id={r.id}
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
      <AlertsSection staff={staff} />
    </Stack>
  );
}
