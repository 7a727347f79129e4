import { BENEFICIARY_LIMITS } from '@gerbang/shared/contract/beneficiaries';
import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBeneficiaries } from '../../components/BeneficiaryPicker';

/** The bulk file's columns (the sample file's header). */
const HEADER = 'bankCode,accountNumber,phone,email,nominal,note';

/**
 * "Add recipients by tag": every bank or VA beneficiary with the tag becomes a row of
 * the bulk file, with one amount for each — the same upload and Check as a file, so every rule of
 * a row applies (the bulk Check asks the bank for each name again).
 */
export function TagRows({ onFile }: { onFile(file: File): void }) {
  const { t } = useTranslation();
  const book = useBeneficiaries().filter((b) => b.type !== 'EWALLET');
  const tags = [...new Set(book.flatMap((b) => b.tags))].sort();
  const [tag, setTag] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  if (tags.length === 0) return null;
  const add = () => {
    const rows = book
      .filter((b) => tag && b.tags.includes(tag))
      .slice(0, BENEFICIARY_LIMITS.tagRowsMax)
      .map((b) => [b.code, b.account_number, '', '', amount, b.label].join(','));
    const csv = `${[HEADER, ...rows].join('\n')}\n`;
    onFile(new File([csv], `${tag}.csv`, { type: 'text/csv' }));
  };
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="bulk-tag-rows">
      <Select
        label={t('beneficiaries.fromTag')}
        description={t('beneficiaries.fromTagHint')}
        data={tags.map((x) => ({ value: x, label: `#${x}` }))}
        value={tag}
        onChange={setTag}
        data-testid="bulk-tag"
      />
      <TextInput
        label={t('beneficiaries.fromTagAmount')}
        value={amount}
        inputMode="numeric"
        maxLength={15}
        // Whole rupiah: digits only (the Check refuses a bad amount like any file's).
        onChange={(e) => setAmount(e.currentTarget.value.replace(/\D/g, ''))}
        data-testid="bulk-tag-amount"
      />
      <Button
        variant="light"
        leftSection={<IconAddressBook size={16} />}
        disabled={!tag || !amount}
        onClick={add}
        data-testid="bulk-tag-add"
      >
        <Text span size="sm">
          {t('beneficiaries.fromTagAdd')}
        </Text>
      </Button>
    </Group>
  );
}
