import { formatWibDateTime, type SessionItem } from '@gerbang/shared';
import { Badge, Button, Card, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { loadModals } from '../../lib/lazy-modals';
import { useMediaMatch } from '../../lib/use-media-match';

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

/**
 * The sessions table with "end this session" and "end all others" (the portal's sessions section
 * and the console's own sessions): each end asks a confirmation, then `onEnd` / `onEndOthers` send
 * the call (with the re-authentication or step-up the side asks).
 */
export function SessionsTable({
  items,
  hint,
  showUser = false,
  onEnd,
  onEndOthers,
}: {
  items: SessionItem[];
  hint: string;
  showUser?: boolean;
  onEnd(s: SessionItem): Promise<void>;
  onEndOthers(): Promise<void>;
}) {
  const { t } = useTranslation();
  const place = usePlace();
  const narrow = useMediaMatch('(max-width: 48em)');
  // The console loads the modal stack only when asked (the portal's back office loads it at once).
  const end = async (s: SessionItem) => {
    await loadModals();
    modals.openConfirmModal({
      title: t('sessions.end'),
      centered: true,
      children: <Text size="sm">{t('sessions.endConfirm', { device: s.device, ip: s.ip })}</Text>,
      labels: { confirm: t('sessions.end'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-end-session' } as Record<
        string,
        string
      >,
      onConfirm: () => void onEnd(s),
    });
  };
  const endOthers = async () => {
    await loadModals();
    modals.openConfirmModal({
      title: t('sessions.endOthers'),
      centered: true,
      children: <Text size="sm">{t('sessions.endOthersConfirm')}</Text>,
      labels: { confirm: t('sessions.endOthers'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-end-others' } as Record<string, string>,
      onConfirm: () => void onEndOthers(),
    });
  };
  const when = (iso: string) => formatWibDateTime(new Date(iso));
  return (
    <Stack gap="md" data-testid="sessions-table-block">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={640}>
          {hint}
        </Text>
        <Button
          color="red"
          variant="light"
          onClick={() => void endOthers()}
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
                      onClick={() => void end(s)}
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
    </Stack>
  );
}
