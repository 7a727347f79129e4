import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18next } from './i18n';

/** The error dialog of spec 01 §8: the server's description with an OK button. */
export function showErrorDialog(message: string, title = i18next.t('common.attention')) {
  const id = modals.open({
    title,
    centered: true,
    children: (
      <>
        <Text size="sm" data-testid="error-dialog-message">
          {message}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => modals.close(id)} data-testid="error-dialog-ok">
            {i18next.t('common.ok')}
          </Button>
        </Group>
      </>
    ),
  });
}

export function showInfoDialog(message: string, title = i18next.t('common.success')) {
  showErrorDialog(message, title);
}
