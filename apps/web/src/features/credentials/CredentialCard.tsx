import {
  type CredentialData,
  type GeneratedCredential,
  type GeneratedSignature,
  IP_WHITELIST_MAX,
  whitelistEntries,
  whitelistProblem,
} from '@gerbang/shared/contract/credentials';
import { credentialCalls } from '@gerbang/shared/contract/credentials-calls';
import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShownSecret } from '../../components/SecretModal';
import { client } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import { formatDateTime } from './format';
import type { SensitiveRequest } from './SensitiveFlow';
import { SnapKeyRow } from './SnapKeyRow';
import { SnapProviderKeyRow } from './SnapProviderKeyRow';

// The overlap prompt (and its number input) loads when a key or signature is reset, not with the page.
const loadGracePrompt = () => import('./grace-prompt');

interface Props {
  data: CredentialData;
  canChange: boolean;
  start<T>(request: SensitiveRequest<T>): Promise<void>;
  showSecret(secret: ShownSecret): void;
  reload(): void;
}

function Row({
  label,
  children,
  action,
}: {
  label: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap">
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {children}
      </Stack>
      {action}
    </Group>
  );
}

const fieldsOf = (data: CredentialData) => [
  data.allow_ip,
  data.allow_ip_additional_1,
  data.allow_ip_additional_2,
  data.allow_ip_additional_3,
  data.allow_ip_additional_4,
  data.allow_ip_additional_5,
];

/** Client id and secret, transaction PIN, signature, application name and IP whitelist. */
export function CredentialCard({ data, canChange, start, showSecret, reload }: Props) {
  const { t } = useTranslation();
  const [appName, setAppName] = useState(data.app_name);
  const [ips, setIps] = useState<string[]>(fieldsOf(data));
  useEffect(() => {
    setAppName(data.app_name);
    setIps(fieldsOf(data));
  }, [data]);

  const generateCredential = async () => {
    // A regeneration asks first how long the old secret stays accepted beside the new one.
    const grace = data.has_secret
      ? await (await loadGracePrompt()).askSecretGrace(t('credentials.secretGraceTitle'))
      : 0;
    if (grace === null) return;
    return start<GeneratedCredential>({
      action: 'credential',
      warningKey:
        grace > 0 ? 'credentials.warning.credentialOverlap' : 'credentials.warning.credential',
      submit: (confirm) =>
        client.call(
          credentialCalls.generateCredential,
          { ...confirm, ...(grace > 0 ? { grace_hours: grace } : {}) },
          { silent: true },
        ),
      onDone: (result) => {
        reload();
        showSecret({
          titleKey: 'credentials.secret.credentialTitle',
          rows: [
            {
              labelKey: 'credentials.credential.clientId',
              value: result.client_id,
              testId: 'secret-client-id',
            },
            {
              labelKey: 'credentials.secret.clientSecret',
              value: result.client_secret,
              testId: 'secret-client-secret',
            },
          ],
        });
      },
    });
  };

  const generatePin = () =>
    start<{ email: string }>({
      action: 'pin',
      warningKey: 'credentials.warning.pin',
      submit: (confirm) => client.call(credentialCalls.generatePin, confirm, { silent: true }),
      onDone: (_result, message) => {
        reload();
        showInfoDialog(message);
      },
    });

  const signature = async () => {
    const kode = data.is_using_signature ? 'RESET' : 'ACTIVATED';
    // A reset asks first how long the old key keeps signing beside the new one.
    const grace =
      kode === 'RESET'
        ? await (await loadGracePrompt()).askSignatureGrace(t('credentials.signatureGraceTitle'))
        : 0;
    if (grace === null) return;
    return start<GeneratedSignature>({
      action: 'signature',
      warningKey:
        kode === 'RESET' ? 'credentials.warning.signatureReset' : 'credentials.warning.signature',
      submit: (confirm) =>
        client.call(
          credentialCalls.createSignature,
          { ...confirm, kode, ...(kode === 'RESET' ? { grace_hours: grace } : {}) },
          { silent: true },
        ),
      onDone: (result) => {
        reload();
        showSecret({
          titleKey: 'credentials.secret.signatureTitle',
          rows: [
            {
              labelKey: 'credentials.secret.signatureKey',
              value: result.signature_key,
              testId: 'secret-signature-key',
            },
          ],
        });
      },
    });
  };

  const saveWhitelist = () => {
    const entries = whitelistEntries(ips);
    if (appName.trim() === '') return showErrorDialog(t('credentials.errors.appNameRequired'));
    const problem = whitelistProblem(entries);
    if (problem) return showErrorDialog(t(problem));
    return start<{ allow_ip: string }>({
      action: 'whitelist',
      warningKey: 'credentials.warning.whitelist',
      submit: async (confirm) => {
        const { email_destination: _unused, ...otp } = confirm;
        return client.call(
          credentialCalls.updateCredential,
          { ...otp, app_name: appName.trim(), ip_address: entries.join(',') },
          { silent: true },
        );
      },
      onDone: (_result, message) => {
        reload();
        showInfoDialog(message);
      },
    });
  };

  return (
    <Card withBorder radius="md" p="lg" data-testid="credential-card">
      <Stack gap="md">
        <Title order={4}>{t('credentials.credential.title')}</Title>
        {!canChange && (
          <Alert color="gray" icon={<IconInfoCircle />}>
            {t('credentials.credential.readOnly')}
          </Alert>
        )}
        <Row
          label={t('credentials.credential.clientId')}
          action={
            data.client_id ? (
              <CopyButton value={data.client_id}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? t('credentials.credential.copied') : t('credentials.credential.copy')}
                  </Button>
                )}
              </CopyButton>
            ) : undefined
          }
        >
          <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="client-id">
            {data.client_id ?? '-'}
          </Text>
        </Row>
        <Row
          label={t('credentials.credential.clientSecret')}
          action={
            canChange && (
              <Button
                size="sm"
                onClick={() => void generateCredential()}
                data-testid="generate-credential"
              >
                {data.has_secret
                  ? t('credentials.credential.regenerate')
                  : t('credentials.credential.generate')}
              </Button>
            )
          }
        >
          <Text size="sm" data-testid="secret-state">
            {data.has_secret
              ? t('credentials.credential.secretHidden', {
                  date: data.secret_generated_at ? formatDateTime(data.secret_generated_at) : '-',
                })
              : t('credentials.credential.secretNever')}
          </Text>
          {data.previous_secret_until && (
            <Text size="xs" c="orange.8" data-testid="secret-overlap">
              {t('credentials.credential.previousSecretUntil', {
                date: formatDateTime(data.previous_secret_until),
              })}
            </Text>
          )}
        </Row>
        <Divider />
        <Row
          label={t('credentials.credential.pin')}
          action={
            canChange && (
              <Button
                size="sm"
                variant="light"
                onClick={() => void generatePin()}
                data-testid="generate-pin"
              >
                {data.has_pin
                  ? t('credentials.credential.resetPin')
                  : t('credentials.credential.generatePin')}
              </Button>
            )
          }
        >
          <Group gap="xs">
            <Badge color={data.has_pin ? 'teal' : 'gray'} variant="light" data-testid="pin-state">
              {data.has_pin
                ? t('credentials.credential.pinSet')
                : t('credentials.credential.pinNotSet')}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('credentials.credential.pinHint')}
          </Text>
        </Row>
        <Divider />
        <Row
          label={t('credentials.credential.signature')}
          action={
            canChange && (
              <Button
                size="sm"
                variant="light"
                onClick={() => void signature()}
                data-testid="signature-action"
              >
                {data.is_using_signature
                  ? t('credentials.credential.resetSignature')
                  : t('credentials.credential.activateSignature')}
              </Button>
            )
          }
        >
          <Group gap="xs">
            <Badge
              color={data.is_using_signature ? 'teal' : 'gray'}
              variant="light"
              data-testid="signature-state"
            >
              {data.is_using_signature
                ? t('credentials.credential.signatureActive')
                : t('credentials.credential.signatureInactive')}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('credentials.credential.signatureHint')}
          </Text>
          {data.previous_signature_until && (
            <Text size="xs" c="orange.8" data-testid="signature-overlap">
              {t('credentials.credential.previousSignatureUntil', {
                date: formatDateTime(data.previous_signature_until),
              })}
            </Text>
          )}
        </Row>
        <Divider />
        <SnapKeyRow canChange={canChange} start={start} />
        <Divider />
        <SnapProviderKeyRow />
        <Divider />
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void saveWhitelist();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('credentials.credential.appName')}
              value={appName}
              maxLength={64}
              disabled={!canChange}
              onChange={(event) => setAppName(event.currentTarget.value)}
              data-testid="app-name"
            />
            <Text size="sm" fw={600}>
              {t('credentials.credential.whitelist')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('credentials.credential.whitelistHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {Array.from({ length: IP_WHITELIST_MAX }, (_, i) => (
                <TextInput
                  // biome-ignore lint/suspicious/noArrayIndexKey: six fixed fields
                  key={i}
                  label={
                    i === 0
                      ? t('credentials.credential.ipMain')
                      : t('credentials.credential.ipAdditional', { n: i })
                  }
                  placeholder="{ip}"
                  value={ips[i] ?? ''}
                  maxLength={45}
                  disabled={!canChange}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setIps((current) => current.map((ip, j) => (j === i ? value : ip)));
                  }}
                  data-testid={`ip-${i}`}
                />
              ))}
            </SimpleGrid>
            {canChange && (
              <Group justify="flex-end">
                <Button type="submit" data-testid="save-whitelist">
                  {t('credentials.credential.saveWhitelist')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
