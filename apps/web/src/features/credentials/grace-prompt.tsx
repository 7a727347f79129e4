import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

function GraceForm({ done }: { done(hours: number | null): void }) {
  const { t } = useTranslation();
  const [hours, setHours] = useState<number | string>(24);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('credentials.signatureGraceHint')}</Text>
      <NumberInput
        label={t('credentials.signatureGrace')}
        value={hours}
        onChange={setHours}
        min={0}
        max={168}
        allowDecimal={false}
        data-testid="signature-grace"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => done(null)}>
          {t('common.cancel')}
        </Button>
        <Button
          onClick={() => done(Math.min(168, Math.max(0, Number(hours) || 0)))}
          data-testid="signature-grace-next"
        >
          {t('common.ok')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Before a signature RESET (issue 26): how long the old key keeps signing beside the new one
 * (`X-Signature-Previous`), 0–168 hours; null when cancelled.
 */
export function askSignatureGrace(title: string): Promise<number | null> {
  return new Promise((resolve) => {
    const id = modals.open({
      title,
      centered: true,
      onClose: () => resolve(null),
      children: (
        <GraceForm
          done={(hours) => {
            resolve(hours);
            modals.close(id);
          }}
        />
      ),
    });
  });
}
