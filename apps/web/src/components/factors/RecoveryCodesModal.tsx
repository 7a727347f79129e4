import { Alert, Button, Code, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Ten recovery codes, shown once (the server keeps only their hashes). */
export function RecoveryCodesModal({
  codes,
  onClose,
}: {
  codes: string[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={codes !== null}
      onClose={onClose}
      title={t('security.recovery.title')}
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="sm" data-testid="recovery-codes">
        <Alert color="yellow" py={6}>
          {t('security.recovery.shownOnce')}
        </Alert>
        <SimpleGrid cols={2} spacing={6}>
          {(codes ?? []).map((code) => (
            <Code key={code} fz="md" ta="center" data-testid="recovery-code">
              {code}
            </Code>
          ))}
        </SimpleGrid>
        <Button onClick={onClose} data-testid="recovery-codes-done">
          {t('security.recovery.done')}
        </Button>
      </Stack>
    </Modal>
  );
}
