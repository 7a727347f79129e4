import { findBank } from '@gerbang/shared/domain/banks';
import { List, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BANK_GUIDES, type GuideMethod, guideSteps, methodsOf } from '../lib/bank-guides';

/**
 * The ATM / Mobile Banking / Internet Banking steps of paying `va` at bank `code` (spec 02 §9);
 * nothing for a bank without steps. Shared by the top-up guide and the transfer payment step.
 */
export function BankGuideTabs({
  code,
  va,
  overrides = {},
}: {
  code: string;
  va: string;
  /** Sentences that replace a step's default (e.g. the amount of a bill instead of a top-up). */
  overrides?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const guide = BANK_GUIDES[code];
  const methods = guide ? methodsOf(guide) : [];
  if (!guide || methods.length === 0) return null;
  const bank = findBank(code)?.namabank ?? code;
  return (
    <Tabs defaultValue={methods[0]} variant="pills" data-testid="bank-guide">
      <Tabs.List mb="md">
        {methods.map((m) => (
          <Tabs.Tab key={m} value={m} data-testid={`guide-tab-${m}`}>
            {t(`topup.guide.${m}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {methods.map((m: GuideMethod) => (
        <Tabs.Panel key={m} value={m}>
          <List type="ordered" spacing={6} size="sm" data-testid={`guide-steps-${m}`}>
            {guideSteps(guide, m, bank, va || '…').map((step) => (
              <List.Item key={step.key}>
                {overrides[step.key] ?? t(`topup.guide.steps.${step.key}`, step.vars)}
              </List.Item>
            ))}
          </List>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
