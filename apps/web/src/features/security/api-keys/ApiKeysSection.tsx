import { API_KEY_SCOPES, type ApiKeyItem, formatWibDateTime, RC } from '@gerbang/shared';
import { securityCalls } from '@gerbang/shared/contract/security-calls';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { withReauth } from '../../../components/reauth';
import { SecretModal, type ShownSecret } from '../../../components/SecretModal';
import { callQuery, client } from '../../../lib/api';
import { showInfoDialog } from '../../../lib/dialogs';
import { useMediaMatch } from '../../../lib/use-media-match';

const secretOf = (clientId: string, clientSecret: string): ShownSecret => ({
  titleKey: 'apiKeys.secretTitle',
  rows: [
    { labelKey: 'apiKeys.columns.clientId', value: clientId, testId: 'api-key-client-id' },
    { labelKey: 'apiKeys.clientSecret', value: clientSecret, testId: 'api-key-secret' },
  ],
});

/** The new-key form: name, scopes, optional expiry date and IP list. */
function CreateKeyModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose(): void;
  onCreated(secret: ShownSecret): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['balance:read']);
  const [expires, setExpires] = useState('');
  const [ips, setIps] = useState('');
  const submit = async () => {
    const body = {
      name,
      scopes: scopes as (typeof API_KEY_SCOPES)[number][],
      // A date picked in WIB ends at 23:59:59 WIB that day.
      expiresAt: expires ? `${expires}T23:59:59+07:00` : null,
      allowIp: ips
        .split(',')
        .map((ip) => ip.trim())
        .filter((ip) => ip !== ''),
    };
    const res = await withReauth(
      () => client.call(securityCalls.createApiKey, body, { silent: true }),
      t('sessions.reauth.title'),
    );
    if (res.rc === RC.OK) {
      onCreated(secretOf(res.data.clientId, res.data.clientSecret));
      setName('');
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('apiKeys.add')} centered>
      <Stack gap="sm">
        <TextInput
          label={t('apiKeys.name')}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="api-key-name"
        />
        <Checkbox.Group label={t('apiKeys.scopes')} value={scopes} onChange={setScopes}>
          <Stack gap={6} mt={6}>
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={t(`apiKeys.scope.${scope}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <TextInput
          type="date"
          label={t('apiKeys.expiresAt')}
          value={expires}
          onChange={(e) => setExpires(e.currentTarget.value)}
        />
        <TextInput
          label={t('apiKeys.ips')}
          value={ips}
          onChange={(e) => setIps(e.currentTarget.value)}
          placeholder="203.0.113.10, 203.0.113.11"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void submit()} data-testid="api-key-create">
            {t('apiKeys.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Rotation: the grace period in hours (0–168) the old secret keeps working. */
function RotateModal({
  apiKey,
  onClose,
  onRotated,
}: {
  apiKey: ApiKeyItem | null;
  onClose(): void;
  onRotated(secret: ShownSecret): void;
}) {
  const { t } = useTranslation();
  const [grace, setGrace] = useState<number | string>(24);
  const rotate = async () => {
    if (!apiKey?.id) return;
    const id = apiKey.id;
    const res = await withReauth(
      () =>
        client.call(
          securityCalls.rotateApiKey,
          { id, graceHours: Number(grace) || 0 },
          { silent: true },
        ),
      t('sessions.reauth.title'),
    );
    if (res.rc === RC.OK) onRotated(secretOf(res.data.clientId, res.data.clientSecret));
  };
  return (
    <Modal
      opened={apiKey !== null}
      onClose={onClose}
      title={t('apiKeys.rotateTitle', { name: apiKey?.name ?? '' })}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">{t('apiKeys.rotateHint')}</Text>
        <NumberInput
          label={t('apiKeys.grace')}
          value={grace}
          onChange={setGrace}
          min={0}
          max={168}
          allowDecimal={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void rotate()} data-testid="api-key-rotate-confirm">
            {t('apiKeys.rotate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One key as a card, for phones: the same facts as a table row, one per line. */
function KeyCard({
  k,
  when,
  onRotate,
  onRevoke,
}: {
  k: ApiKeyItem;
  when(iso: string | null, empty: string): string;
  onRotate(): void;
  onRevoke(): void;
}) {
  const { t } = useTranslation();
  const line = (labelKey: string, value: string) => (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {t(labelKey)}:{' '}
      </Text>
      {value}
    </Text>
  );
  return (
    <Card withBorder radius="md" data-testid="api-key-row">
      <Stack gap={4}>
        <Text fw={600}>{k.id === null ? t('apiKeys.default') : k.name}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {k.clientId}
        </Text>
        {line(
          'apiKeys.columns.scopes',
          k.id === null ? t('apiKeys.allScopes') : k.scopes.join(', '),
        )}
        {line('apiKeys.columns.ips', k.allowIp.join(', ') || t('apiKeys.credentialIps'))}
        {line(
          'apiKeys.columns.expires',
          k.expired ? t('apiKeys.expired') : when(k.expiresAt, t('apiKeys.never')),
        )}
        {line(
          'apiKeys.columns.lastUsed',
          when(k.lastUsedAt, k.id === null ? '-' : t('apiKeys.neverUsed')),
        )}
        {k.previousValidUntil && (
          <Badge size="sm" color="orange" variant="light" tt="none">
            {t('apiKeys.overlap', { until: when(k.previousValidUntil, '') })}
          </Badge>
        )}
        {k.id !== null && (
          <Group gap="xs" mt={4}>
            <Button size="xs" variant="light" onClick={onRotate}>
              {t('apiKeys.rotate')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={onRevoke}>
              {t('apiKeys.revoke')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The keys as a table, on wider screens. */
function KeysTable({
  items,
  when,
  onRotate,
  onRevoke,
}: {
  items: ApiKeyItem[];
  when(iso: string | null, empty: string): string;
  onRotate(k: ApiKeyItem): void;
  onRevoke(k: ApiKeyItem): void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" p={0}>
      <ScrollArea type="auto">
        <Table striped miw={900} data-testid="api-keys-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('apiKeys.columns.name')}</Table.Th>
              <Table.Th>{t('apiKeys.columns.scopes')}</Table.Th>
              <Table.Th>{t('apiKeys.columns.ips')}</Table.Th>
              <Table.Th>{t('apiKeys.columns.expires')}</Table.Th>
              <Table.Th>{t('apiKeys.columns.lastUsed')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text size="sm" c="dimmed">
                    {t('apiKeys.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {items.map((k) => (
              <Table.Tr key={k.clientId} data-testid="api-key-row">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {k.id === null
                      ? `${t('apiKeys.default')}${k.name ? ` · ${k.name}` : ''}`
                      : k.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {k.clientId}
                  </Text>
                  {k.previousValidUntil && (
                    <Badge size="xs" color="orange" variant="light">
                      {t('apiKeys.overlap', { until: when(k.previousValidUntil, '') })}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {k.id === null ? (
                    <Text size="sm">{t('apiKeys.allScopes')}</Text>
                  ) : (
                    <Group gap={4}>
                      {k.scopes.map((s) => (
                        <Badge key={s} size="xs" variant="outline" tt="none">
                          {s}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{k.allowIp.join(', ') || t('apiKeys.credentialIps')}</Text>
                </Table.Td>
                <Table.Td>
                  {k.expired ? (
                    <Badge color="red" variant="light">
                      {t('apiKeys.expired')}
                    </Badge>
                  ) : (
                    when(k.expiresAt, t('apiKeys.never'))
                  )}
                </Table.Td>
                <Table.Td>
                  {when(k.lastUsedAt, k.id === null ? '-' : t('apiKeys.neverUsed'))}
                </Table.Td>
                <Table.Td ta="right">
                  {k.id !== null && (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="subtle" onClick={() => onRotate(k)}>
                        {t('apiKeys.rotate')}
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => onRevoke(k)}>
                        {t('apiKeys.revoke')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}

/**
 * The API keys section: the credential's default key and the scoped keys of the
 * session's environment — scopes, IP list, expiry, last use, an open rotation overlap — with new,
 * rotate and revoke. Secrets are shown once, in the answer that made them.
 */
export default function ApiKeysSection() {
  const { t } = useTranslation();
  const query = useQuery(callQuery(securityCalls.apiKeys));
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<ApiKeyItem | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  // On a phone each key is a card (the six columns would scroll sideways).
  const narrow = useMediaMatch('(max-width: 48em)');
  if (!query.data) return <PageLoader />;
  const { items, max } = query.data;
  const scoped = items.filter((k) => k.id !== null).length;
  const when = (iso: string | null, empty: string) =>
    iso ? formatWibDateTime(new Date(iso)) : empty;

  const revoke = (k: ApiKeyItem) =>
    modals.openConfirmModal({
      title: t('apiKeys.revoke'),
      centered: true,
      children: <Text size="sm">{t('apiKeys.revokeConfirm', { name: k.name })}</Text>,
      labels: { confirm: t('apiKeys.revoke'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        const id = k.id;
        if (id === null) return;
        const res = await withReauth(
          () => client.call(securityCalls.revokeApiKey, { id }, { silent: true }),
          t('sessions.reauth.title'),
        );
        if (res.rc === RC.OK) showInfoDialog(res.rd);
        await query.refetch();
      },
    });

  return (
    <Stack gap="md" data-testid="api-keys-section">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={640}>
          {t('apiKeys.hint')}
        </Text>
        <Button
          onClick={() => setCreating(true)}
          disabled={scoped >= max}
          data-testid="api-key-add"
        >
          {t('apiKeys.add')}
        </Button>
      </Group>
      {narrow ? (
        <Stack gap="sm" data-testid="api-keys-table">
          {items.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('apiKeys.empty')}
            </Text>
          )}
          {items.map((k) => (
            <KeyCard
              key={k.clientId}
              k={k}
              when={when}
              onRotate={() => setRotating(k)}
              onRevoke={() => revoke(k)}
            />
          ))}
        </Stack>
      ) : (
        <KeysTable items={items} when={when} onRotate={setRotating} onRevoke={revoke} />
      )}
      <CreateKeyModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(s) => {
          setCreating(false);
          setSecret(s);
          void query.refetch();
        }}
      />
      <RotateModal
        apiKey={rotating}
        onClose={() => setRotating(null)}
        onRotated={(s) => {
          setRotating(null);
          setSecret(s);
          void query.refetch();
        }}
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
