import { Button, Group, Text } from '@mantine/core';
import { ModalsProvider, modals } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { i18next } from './i18n';
// Dialogs and notifications are styled by styles-full (the login loads only the first-paint part).
import './styles-full';

/**
 * The modal and notification stacks, loaded on first use: Mantine's modal,
 * focus trap, scroll area and floating-ui are not part of the login page until a dialog is shown.
 * `ModalsProvider` listens to the static `modals.open…` calls; it is rendered beside the app (as
 * it was above it before, with the same providers around it), so it needs no children.
 * Notifications queued before the stack mounts are shown when it does.
 */
export default function ModalsHost({ onReady }: { onReady: () => void }) {
  return (
    <>
      <Notifications position="top-right" />
      <ModalsProvider />
      <Ready onReady={onReady} />
    </>
  );
}

/** Its effect runs after the provider's own (siblings commit in order): the listeners are set. */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(() => {
    onReady();
  }, [onReady]);
  return null;
}

/** The error (or info) dialog of spec 01 §8; call through `showErrorDialog` (lib/dialogs). */
export function openErrorDialog(message: string, title: string) {
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
