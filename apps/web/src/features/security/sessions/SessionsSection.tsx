import { RC, type SessionItem } from '@gerbang/shared';
import { securityCalls } from '@gerbang/shared/contract/security-calls';
import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { withReauth } from '../../../components/reauth';
import { SessionsTable } from '../../../components/sessions/SessionsTable';
import { callQuery, client } from '../../../lib/api';
import { showInfoDialog } from '../../../lib/dialogs';

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
 * The sessions section: where the user (and, for a main user, its sub-users)
 * is logged in, with "end this session" and "end all others". The server decides whose sessions
 * are listed and may be ended; an ended one answers 401 at its next request.
 */
export default function SessionsSection() {
  const { t } = useTranslation();
  const query = useQuery(callQuery(securityCalls.sessions));
  if (!query.data) return <PageLoader />;
  const { items, idleEditable } = query.data;
  const showUser = idleEditable && items.some((s) => s.userId !== items[0]?.userId);
  const end = async (s: SessionItem) => {
    await withReauth(
      () => client.call(securityCalls.endSession, { id: s.id }, { silent: true }),
      t('sessions.reauth.title'),
    );
    await query.refetch();
  };
  const endOthers = async () => {
    await withReauth(
      () => client.call(securityCalls.endOtherSessions, undefined, { silent: true }),
      t('sessions.reauth.title'),
    );
    await query.refetch();
  };
  return (
    <Stack gap="md" data-testid="sessions-section">
      <SessionsTable
        items={items}
        hint={t(idleEditable ? 'sessions.hintMain' : 'sessions.hint')}
        showUser={showUser}
        onEnd={end}
        onEndOthers={endOthers}
      />
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
