import { formatWibDateTime, RC } from '@gerbang/shared';
import { CALLBACK_STATUS, type CallbackAttempt } from '@gerbang/shared/contract/callbacks';
import { callbackCalls } from '@gerbang/shared/contract/callbacks-calls';
import { Accordion, Badge, Code, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';

const wib = (iso: string) => formatWibDateTime(new Date(iso));

/** Still waiting to be sent (New, Process): the log is asked again until the row is final. */
const isWaiting = (status: number | undefined) =>
  status === CALLBACK_STATUS.NEW || status === CALLBACK_STATUS.PROCESS;

function errorText(t: TFunction, a: CallbackAttempt): string | null {
  if (!a.error_code) return null;
  const reason = t(`callbacks.errors.${a.error_code}`);
  if (!a.error) return reason;
  // A refused URL carries the refusal's catalog key; other errors are the transport's own words.
  const detail = /^[a-z][\w-]*\.[\w.]+$/i.test(a.error) ? t(a.error) : a.error;
  return `${reason}: ${detail}`;
}

function outcomeBadge(t: TFunction, a: CallbackAttempt) {
  if (!a.finished_at) return <Badge color="blue">{t('callbacks.attempts.inFlight')}</Badge>;
  const ok = a.response_status !== null && a.response_status >= 200 && a.response_status < 300;
  const label =
    a.response_status !== null ? `HTTP ${a.response_status}` : t('callbacks.attempts.notDelivered');
  return <Badge color={ok ? 'green' : 'red'}>{label}</Badge>;
}

/** One labelled value, the label above it (readable at 390 px as at 1366 px). */
function Detail({
  label,
  children,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm" data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </div>
  );
}

function Block({ text, empty }: { text: string | null; empty: string }) {
  return (
    <Code
      block
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 220, overflow: 'auto' }}
    >
      {text ? text : empty}
    </Code>
  );
}

const headerText = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

function AttemptPanel({ a }: { a: CallbackAttempt }) {
  const { t } = useTranslation();
  const error = errorText(t, a);
  const headers = headerText(a.request_headers);
  return (
    <Stack gap={8}>
      <Detail label={t('callbacks.attempts.time')}>{wib(a.started_at)}</Detail>
      <Detail label={t('callbacks.attempts.url')} testId="attempt-url">
        {a.url || t('callbacks.attempts.empty')}
      </Detail>
      <Detail label={t('callbacks.attempts.responseStatus')} testId="attempt-status">
        {a.response_status ?? '-'}
      </Detail>
      <Detail label={t('callbacks.attempts.duration')}>
        {a.duration_ms === null ? '-' : t('callbacks.attempts.durationMs', { ms: a.duration_ms })}
      </Detail>
      {error && (
        <Detail label={t('callbacks.attempts.error')} testId="attempt-error">
          {error}
        </Detail>
      )}
      <Detail label={t('callbacks.attempts.requestHeaders')}>
        <Block text={headers} empty={t('callbacks.attempts.empty')} />
      </Detail>
      <Detail label={t('callbacks.attempts.requestBody')}>
        <Block text={a.request_body} empty={t('callbacks.attempts.empty')} />
      </Detail>
      {a.response_headers && (
        <Detail label={t('callbacks.attempts.responseHeaders')} testId="attempt-response-headers">
          <Block text={headerText(a.response_headers)} empty={t('callbacks.attempts.empty')} />
        </Detail>
      )}
      <Detail label={t('callbacks.attempts.responseBody')}>
        <Block text={a.response_body} empty={t('callbacks.attempts.empty')} />
      </Detail>
    </Stack>
  );
}

/**
 * The attempt log of one callback row, shown under the row's fields in its popup on
 * /data/callback: every attempt with its time, URL, request headers and body, the answer's status
 * and first 4 KB, duration and error. Asked again every few seconds while the row still waits.
 */
export function CallbackAttempts({ idCallback }: { idCallback: unknown }) {
  const { t } = useTranslation();
  const id = String(idCallback ?? '');
  const result = useQuery({
    queryKey: ['callback-attempts', id],
    enabled: /^\d+$/.test(id),
    queryFn: async () => {
      const res = await client.call(callbackCalls.attempts, { id_callback: id }, { silent: true });
      if (res.rc !== RC.OK) throw new Error(res.rd);
      return res.data;
    },
    refetchInterval: (q) => (isWaiting(q.state.data?.status_sent) ? 3_000 : false),
  });
  const answer = result.data;
  return (
    <Stack gap="xs" mt="md" data-testid="callback-attempts">
      <Title order={5}>{t('callbacks.attempts.title')}</Title>
      {result.isPending && <Skeleton h={40} />}
      {result.isError && (
        <Text c="red" size="sm">
          {t('callbacks.attempts.loadFailed')}
        </Text>
      )}
      {answer && (
        <>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {t('callbacks.attempts.eventId')}:{' '}
            <span data-testid="callback-event-id">{answer.event_id}</span>
          </Text>
          {answer.next_attempt_at && isWaiting(answer.status_sent) && (
            <Text size="xs" c="dimmed">
              {t('callbacks.attempts.nextAttempt')}: {wib(answer.next_attempt_at)}
            </Text>
          )}
          {answer.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('callbacks.attempts.none')}
            </Text>
          ) : (
            <Accordion variant="separated" multiple defaultValue={[String(answer.data.at(-1)?.id)]}>
              {answer.data.map((a) => (
                <Accordion.Item key={a.id} value={String(a.id)} data-testid="callback-attempt">
                  <Accordion.Control>
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm" fw={600}>
                        {t('callbacks.attempts.attempt', { n: a.attempt_no })}
                      </Text>
                      {outcomeBadge(t, a)}
                      {a.manual && (
                        <Badge variant="light" color="grape">
                          {t('callbacks.attempts.manual')}
                        </Badge>
                      )}
                      <Text size="xs" c="dimmed">
                        {wib(a.started_at)}
                      </Text>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <AttemptPanel a={a} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </>
      )}
    </Stack>
  );
}
