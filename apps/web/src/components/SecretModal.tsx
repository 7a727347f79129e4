import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ShownSecret {
  titleKey: string;
  rows: { labelKey: string; value: string; testId: string }[];
}

/** A secret shown once (spec: client secret, signature key), with a copy button per value. */
export function SecretModal({ secret, onClose }: { secret: ShownSecret | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={secret ? t(secret.titleKey) : ''}
      centered
      closeOnClickOutside={false}
      data-testid="secret-modal"
    >
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle />}>
          {t('credentials.secret.once')}
        </Alert>
        {secret?.rows.map((row) => (
          <Stack gap={4} key={row.testId}>
            <Text size="sm" fw={600}>
              {t(row.labelKey)}
            </Text>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Code
                block
                style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
                data-testid={row.testId}
              >
                {row.value}
              </Code>
              <CopyButton value={row.value}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant={copied ? 'filled' : 'light'}
                    color={copied ? 'teal' : undefined}
                    onClick={copy}
                  >
                    {copied ? t('credentials.credential.copied') : t('credentials.credential.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="secret-close">
            {t('credentials.secret.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
