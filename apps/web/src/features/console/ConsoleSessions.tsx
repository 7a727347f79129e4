import type { SessionItem } from '@gerbang/shared';
import { consoleSessionCalls } from '@gerbang/shared/contract/security-calls';
import { Alert, Card, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionsTable } from '../../components/sessions/SessionsTable';
import { consoleApi, consoleQuery } from './consoleApi';

/**
 * The staff member's own console sessions (ADR 011): end one or all others. The console client
 * answers a step-up (rc SU) with the factor dialog and sends the call again; an ended session is
 * logged out at its next request (15 minutes idle ends it anyway).
 */
export function ConsoleSessions() {
  const { t } = useTranslation();
  const query = useQuery(consoleQuery(consoleSessionCalls.sessions));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const after = async (res: { rc: string; rd: string }) => {
    setMessage({ ok: res.rc === '00', text: res.rd });
    await query.refetch();
  };
  const end = async (s: SessionItem) =>
    after(await consoleApi.call(consoleSessionCalls.endSession, { id: s.id }));
  const endOthers = async () => after(await consoleApi.call(consoleSessionCalls.endOtherSessions));
  return (
    <Card withBorder data-testid="console-sessions">
      <Stack gap="sm">
        <Title order={4}>{t('sessions.title')}</Title>
        {message && (
          <Alert color={message.ok ? 'teal' : 'red'} py={6} data-testid="console-sessions-message">
            {message.text}
          </Alert>
        )}
        {query.data ? (
          <SessionsTable
            items={query.data.items}
            hint={t('sessions.consoleHint', { minutes: query.data.idleMinutes })}
            onEnd={end}
            onEndOthers={endOthers}
          />
        ) : (
          <Loader size="sm" />
        )}
      </Stack>
    </Card>
  );
}
