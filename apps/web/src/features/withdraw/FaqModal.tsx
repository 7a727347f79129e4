import { Accordion, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const QUESTIONS = [1, 2, 3, 4, 5] as const;

export function FaqModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('withdraw.faq.title')}
      centered
      data-testid="withdraw-faq"
    >
      <Accordion variant="separated" defaultValue="q1">
        {QUESTIONS.map((n) => (
          <Accordion.Item key={n} value={`q${n}`}>
            <Accordion.Control>{t(`withdraw.faq.q${n}`)}</Accordion.Control>
            <Accordion.Panel>{t(`withdraw.faq.a${n}`)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Modal>
  );
}
