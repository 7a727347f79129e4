import { formatWibDateTime, RC, type SessionItem } from '@gerbang/shared';
import { securityCalls } from '@gerbang/shared/contract/security-calls';
import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { callQuery, client } from '../../../lib/api';
import { showInfoDialog } from '../../../lib/dialogs';
import { withReauth } from '../reauth';

/** `local`, a country code shown by its name in the reader's language, or unknown. */
function usePlace() {
  const { t, i18n } = useTranslation();
  return (place: string) => {
    if (place === 'local') return t('sessions.place.local');
    if (place === '') return t('sessions.place.unknown');
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' }).of(place) ?? place;
    } catch {
      return place;
    }
  };
}

function IdleTimeout({
  minutes,
  defaultMinutes,
  onSaved,
}: {
  minutes: number | null;
  defaultMinutes: number;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>(minutes ?? '');
  const save = async () => {
    const res = await withReauth(
      () =>
        client.call(
          securityCalls.setIdleTimeout,
          { minutes: value === '' ? null : Number(value) },
          { silent: true },
        ),
      t('sessions.reauth.title'),
    );
    if (res.rc === RC.OK) {
      showInfoDialog(res.rd);
      onSaved();
    }
  };
  return (
    <Card withBorder radius="md" data-testid="idle-timeout">
      <Stack gap="xs">
        <Title order={4}>{t('sessions.idle.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('sessions.idle.hint')}
        </Text>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={t('sessions.idle.label')}
            placeholder={t('sessions.idle.default', { minutes: defaultMinutes })}
            value={value}
            onChange={setValue}
            min={5}
            max={240}
            allowDecimal={false}
            w={260}
            data-testid="idle-minutes"
          />
          <Button onClick={() => void save()} data-testid="idle-save">
            {t('sessions.idle.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The sessions section (issue 26 part 2): where the user (and, for a main user, its sub-users)
 * is logged in, with "end this session" and "end all others". The server decides whose sessions
 * are listed and may be ended; an ended one answers 401 at its next request.
 */
export default function SessionsSection() {
  const { t } = useTranslation();
  const place = usePlace();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const query = useQuery(callQuery(securityCalls.sessions));
  if (!query.data) return <PageLoader />;
  const { items, idleEditable } = query.data;
  const showUser = idleEditable && items.some((s) => s.userId !== items[0]?.userId);

  const end = (s: SessionItem) =>
    modals.openConfirmModal({
      title: t('sessions.end'),
      centered: true,
      children: <Text size="sm">{t('sessions.endConfirm', { device: s.device, ip: s.ip })}</Text>,
      labels: { confirm: t('sessions.end'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-end-session' } as Record<
        string,
        string
      >,
      onConfirm: async () => {
        await withReauth(
          () => client.call(securityCalls.endSession, { id: s.id }, { silent: true }),
          t('sessions.reauth.title'),
        );
        await query.refetch();
      },
    });
  const endOthers = () =>
    modals.openConfirmModal({
      title: t('sessions.endOthers'),
      centered: true,
      children: <Text size="sm">{t('sessions.endOthersConfirm')}</Text>,
      labels: { confirm: t('sessions.endOthers'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-end-others' } as Record<string, string>,
      onConfirm: async () => {
        await withReauth(
          () => client.call(securityCalls.endOtherSessions, undefined, { silent: true }),
          t('sessions.reauth.title'),
        );
        await query.refetch();
      },
    });

  const when = (iso: string) => formatWibDateTime(new Date(iso));
  return (
    <Stack gap="md" data-testid="sessions-section">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={640}>
          {t(idleEditable ? 'sessions.hintMain' : 'sessions.hint')}
        </Text>
        <Button
          color="red"
          variant="light"
          onClick={endOthers}
          disabled={items.length < 2}
          data-testid="end-other-sessions"
        >
          {t('sessions.endOthers')}
        </Button>
      </Group>
      <Card withBorder radius="md" p={0}>
        <ScrollArea type="auto">
          <Table striped miw={narrow ? undefined : 860} data-testid="sessions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sessions.columns.device')}</Table.Th>
                {!narrow && <Table.Th>{t('sessions.columns.ip')}</Table.Th>}
                {!narrow && <Table.Th>{t('sessions.columns.created')}</Table.Th>}
                <Table.Th>{t('sessions.columns.lastSeen')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((s) => (
                <Table.Tr key={s.id} data-testid="session-row" data-current={s.current}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Group gap={6}>
                        <Text size="sm" fw={600}>
                          {s.device || '-'}
                        </Text>
                        {s.current && (
                          <Badge size="sm" color="teal" variant="light">
                            {t('sessions.current')}
                          </Badge>
                        )}
                      </Group>
                      {showUser && (
                        <Text size="xs" c="dimmed">
                          {s.name} · {s.username}
                        </Text>
                      )}
                      {narrow && (
                        <Text size="xs" c="dimmed">
                          {s.ip} · {place(s.place)}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  {!narrow && (
                    <Table.Td>
                      <Text size="sm">{s.ip}</Text>
                      <Text size="xs" c="dimmed">
                        {place(s.place)}
                      </Text>
                    </Table.Td>
                  )}
                  {!narrow && <Table.Td>{when(s.createdAt)}</Table.Td>}
                  <Table.Td>{when(s.lastSeenAt)}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      color="red"
                      variant="subtle"
                      onClick={() => end(s)}
                      data-testid="end-session"
                    >
                      {t('sessions.end')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Card>
      {idleEditable && (
        <IdleTimeout
          minutes={query.data.idleMinutes}
          defaultMinutes={query.data.defaultIdleMinutes}
          onSaved={() => void query.refetch()}
        />
      )}
    </Stack>
  );
}
