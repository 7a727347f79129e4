import { RC } from '@gerbang/shared';
import { BENEFICIARY_ACCESS } from '@gerbang/shared/contract/access-rules';
import type { Beneficiary } from '@gerbang/shared/contract/beneficiaries';
import { beneficiaryCalls } from '@gerbang/shared/contract/beneficiaries-calls';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { client } from '../lib/api';
import { useSession } from '../lib/session';

/** The book's active beneficiaries (up to 200), for the payout pages' pickers. */
export function useBeneficiaries(): Beneficiary[] {
  const { session, verdict } = useSession();
  const allowed = verdict(BENEFICIARY_ACCESS.read) === 'allowed';
  const query = useQuery({
    queryKey: ['beneficiaries', session?.agent.id_agen, session?.environment],
    queryFn: async () => {
      const res = await client.call(
        beneficiaryCalls.list,
        { q: '', tag: '', type: '', offset: 0, limit: 200 },
        { silent: true },
      );
      return res.rc === RC.OK ? res.data.items.filter((b) => b.is_active) : [];
    },
    enabled: allowed && session !== null,
  });
  return query.data ?? [];
}

/**
 * "Saved recipient" on a payout form: choosing one fills the destination; the page
 * sends its id with the inquiry, so the server checks the bank's name against the saved one.
 */
export function BeneficiaryPicker({
  value,
  onPick,
  testId,
}: {
  value: number;
  onPick(b: Beneficiary | null): void;
  testId: string;
}) {
  const { t } = useTranslation();
  const book = useBeneficiaries();
  if (book.length === 0) return null;
  return (
    <Select
      label={t('beneficiaries.pick')}
      placeholder={t('beneficiaries.pickPlaceholder')}
      data={book.map((b) => ({
        value: String(b.id),
        label: `${b.label ? `${b.label} · ` : ''}${b.bank_name} ${b.account_number} · ${b.account_name}`,
      }))}
      value={value ? String(value) : null}
      onChange={(id) => onPick(book.find((b) => String(b.id) === id) ?? null)}
      searchable
      clearable
      nothingFoundMessage={t('common.noData')}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
