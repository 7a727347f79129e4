import {
  CALLBACK_EVENTS,
  CALLBACK_URL_MAX,
  type CallbackUrlItem,
  isHttpUrl,
} from '@gerbang/shared/contract/credentials';
import { credentialCalls } from '@gerbang/shared/contract/credentials-calls';
import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFlask, IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import { client, unwrap } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import type { SensitiveRequest } from './SensitiveFlow';

interface CallbackList {
  items: CallbackUrlItem[];
  generated: boolean;
  editable: boolean;
}

const QUERY_KEY = ['credentials', 'callbacks'];

const labelKeyOf = (typeInfo: string) =>
  CALLBACK_EVENTS.find((e) => e.type_info === typeInfo)?.labelKey ?? typeInfo;

/**
 * One callback URL per event type (spec 03 §2.4, §3.3, §5.4). Production only for changes: the
 * sandbox shows the URLs with the notice and no controls (spec 03 §6).
 */
export function CallbackCard({
  canChange,
  start,
}: {
  canChange: boolean;
  start<T>(request: SensitiveRequest<T>): Promise<void>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => unwrap(client.call(credentialCalls.callbackUrls, { list: 'all' })),
  });
  const [editing, setEditing] = useState<CallbackUrlItem | null>(null);
  const [url, setUrl] = useState('');
  const editable = Boolean(list.data?.editable) && canChange;

  const afterSave = (data: CallbackList, message: string) => {
    queryClient.setQueryData(QUERY_KEY, data);
    showInfoDialog(message);
  };

  const generate = () =>
    start<CallbackList>({
      action: 'callback',
      warningKey: 'credentials.warning.callback',
      submit: ({ email_destination: _unused, ...otp }) =>
        client.call(credentialCalls.generateCallbackUrls, otp, { silent: true }),
      onDone: afterSave,
    });

  const save = () => {
    if (!editing) return;
    const value = url.trim();
    if (value !== '' && !isHttpUrl(value)) return showErrorDialog(t('credentials.url.invalid'));
    const id = editing.idinfo;
    setEditing(null);
    return start<CallbackList>({
      action: 'callback',
      warningKey: 'credentials.warning.callback',
      submit: ({ email_destination: _unused, ...otp }) =>
        client.call(credentialCalls.setCallbackUrl, { ...otp, id, url: value }, { silent: true }),
      onDone: afterSave,
    });
  };

  return (
    <Card withBorder radius="md" p="lg" data-testid="callback-card">
      <Stack gap="md">
        <Title order={4}>{t('credentials.callback.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('credentials.callback.intro')}
        </Text>
        {list.data && !list.data.editable && (
          <Alert color="orange" icon={<IconFlask />} data-testid="callback-sandbox-notice">
            {t('credentials.callback.sandboxNotice')}
          </Alert>
        )}
        {list.data?.editable && !canChange && (
          <Alert color="gray" icon={<IconInfoCircle />}>
            {t('credentials.callback.readOnly')}
          </Alert>
        )}
        {list.isPending && <PageLoader />}
        {list.isError && <Text c="red">{t('common.errors.loadFailed')}</Text>}
        {list.data && !list.data.generated && editable && (
          <Alert color="blue" icon={<IconInfoCircle />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('credentials.callback.generateHint')}</Text>
              <Button size="sm" onClick={() => void generate()} data-testid="generate-callbacks">
                {t('credentials.callback.generate')}
              </Button>
            </Stack>
          </Alert>
        )}
        {list.data?.items.map((item) => (
          <Group
            key={item.idinfo}
            justify="space-between"
            gap="sm"
            wrap="nowrap"
            align="center"
            data-testid={`callback-row-${item.type_info}`}
            style={{
              borderBottom: '1px solid var(--mantine-color-default-border)',
              paddingBottom: 8,
            }}
          >
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={600}>
                {t(labelKeyOf(item.type_info))}
              </Text>
              <Text
                size="sm"
                ff={item.type_value ? 'monospace' : undefined}
                c={item.type_value ? undefined : 'dimmed'}
                style={{ wordBreak: 'break-all' }}
                data-testid={`callback-url-${item.type_info}`}
              >
                {item.type_value || t('credentials.callback.notSet')}
              </Text>
            </Stack>
            {editable && (
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  setUrl(item.type_value);
                  setEditing(item);
                }}
                data-testid={`callback-edit-${item.type_info}`}
              >
                {t('credentials.callback.edit')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing
            ? t('credentials.callback.editTitle', { event: t(labelKeyOf(editing.type_info)) })
            : ''
        }
        centered
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="md">
            <TextInput
              type="url"
              label={t('credentials.callback.urlLabel')}
              description={t('credentials.callback.urlHint')}
              placeholder="https://"
              value={url}
              maxLength={CALLBACK_URL_MAX}
              onChange={(event) => setUrl(event.currentTarget.value)}
              data-testid="callback-url-input"
              data-autofocus
            />
            <Group justify="flex-end">
              <Button type="submit" data-testid="callback-save">
                {t('credentials.callback.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
