import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What a grace prompt says: its hint and field label (catalog keys) and its test id. */
interface GraceText {
  hintKey: string;
  labelKey: string;
  testId: string;
}

function GraceForm({ text, done }: { text: GraceText; done(hours: number | null): void }) {
  const { t } = useTranslation();
  const [hours, setHours] = useState<number | string>(24);
  return (
    <Stack gap="sm">
      <Text size="sm">{t(text.hintKey)}</Text>
      <NumberInput
        label={t(text.labelKey)}
        value={hours}
        onChange={setHours}
        min={0}
        max={168}
        allowDecimal={false}
        data-testid={text.testId}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => done(null)}>
          {t('common.cancel')}
        </Button>
        <Button
          onClick={() => done(Math.min(168, Math.max(0, Number(hours) || 0)))}
          data-testid={`${text.testId}-next`}
        >
          {t('common.ok')}
        </Button>
      </Group>
    </Stack>
  );
}

function askGrace(title: string, text: GraceText): Promise<number | null> {
  return new Promise((resolve) => {
    const id = modals.open({
      title,
      centered: true,
      onClose: () => resolve(null),
      children: (
        <GraceForm
          text={text}
          done={(hours) => {
            resolve(hours);
            modals.close(id);
          }}
        />
      ),
    });
  });
}

/**
 * Before a signature RESET: how long the old key keeps signing beside the new one
 * (`X-Signature-Previous`), 0–168 hours; null when cancelled.
 */
export function askSignatureGrace(title: string): Promise<number | null> {
  return askGrace(title, {
    hintKey: 'credentials.signatureGraceHint',
    labelKey: 'credentials.signatureGrace',
    testId: 'signature-grace',
  });
}

/**
 * Before the default key's secret is regenerated (ADR 011): how long the old secret stays
 * accepted beside the new one, 0–168 hours; null when cancelled.
 */
export function askSecretGrace(title: string): Promise<number | null> {
  return askGrace(title, {
    hintKey: 'credentials.secretGraceHint',
    labelKey: 'credentials.secretGrace',
    testId: 'secret-grace',
  });
}
