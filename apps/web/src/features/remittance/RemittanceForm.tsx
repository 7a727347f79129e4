import { formatRupiah, formatThousands } from '@gerbang/shared';
import {
  type CurrencyCountryItem,
  type InternationalBankItem,
  NATIONALITIES,
  needsIfsc,
  needsNationality,
  needsPhone,
  type PurposeItem,
  percentOf,
  REMITTANCE_LIMITS,
  toDestination,
  toIdr,
} from '@gerbang/shared/contract/remittance';
import { Box, Button, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  BalanceShortcuts,
  PayoutForm,
  PayoutPasswordInput,
} from '../../components/payout-wizard/PayoutInputs';
import { showErrorDialog } from '../../lib/dialogs';
import type { RemittanceForm } from './remittance-form';

interface Props {
  form: RemittanceForm;
  onChange(next: Partial<RemittanceForm>): void;
  onSubmit(): void;
  submitting: boolean;
  currencies: CurrencyCountryItem[];
  banks: InternationalBankItem[];
  purposes: PurposeItem[];
  balance: number | null;
}

const digits = (value: string) =>
  value.replace(/\D/g, '').slice(0, REMITTANCE_LIMITS.amountDigitsMax);
const shown = (value: string) => (value ? formatThousands(Number(value)) : '');

/** Step 1 (spec 02 §2.4): the inquiry form with its per-currency fields. */
export function RemittanceFormView(props: Props) {
  const { form, onChange, currencies, banks, purposes, balance } = props;
  const { t } = useTranslation();
  const selected = currencies.find((c) => c.currency === form.currency);
  const rate = selected?.selling_rate ?? 0;

  // Spec 02 §5: an amount before a destination asks for the country first.
  const needCountry = () => {
    if (selected) return false;
    showErrorDialog(t('remittance.chooseCountry'), t('common.attention'));
    return true;
  };
  const setIdr = (value: string) => {
    if (needCountry()) return;
    const idr = digits(value);
    const destination = toDestination(Number(idr || '0'), rate);
    onChange({ nominal: idr, nominalDestination: destination ? String(destination) : '0' });
  };
  const setDestination = (value: string) => {
    if (needCountry()) return;
    const destination = digits(value);
    onChange({
      nominalDestination: destination,
      nominal: String(toIdr(Number(destination || '0'), rate)),
    });
  };

  return (
    <PayoutForm testId="remittance-form" onSubmit={props.onSubmit}>
      <Stack gap="sm">
        <Select
          label={t('remittance.form.countryCurrency')}
          placeholder={t('remittance.form.countryPlaceholder')}
          data={currencies.map((c) => ({
            value: c.currency,
            label: `${c.country_name} - ${c.currency}`,
          }))}
          value={form.currency || null}
          onChange={(value) =>
            onChange({
              currency: value ?? '',
              bank: '',
              nominal: '',
              nominalDestination: '',
              phone: '',
              ifsc: '',
              nationality: '',
            })
          }
          data-testid="remittance-currency"
          comboboxProps={{ withinPortal: true }}
        />
        {selected && (
          <Text size="xs" c="dimmed" data-testid="remittance-rate">
            {t('remittance.form.rate', {
              currency: selected.currency,
              rate: formatRupiah(selected.selling_rate),
              until: new Date(selected.valid_until).toLocaleTimeString('id-ID', {
                hour: '2-digit',
                minute: '2-digit',
                timeZone: 'Asia/Jakarta',
              }),
            })}
          </Text>
        )}
        <Box>
          <TextInput
            label={t('remittance.form.nominal')}
            inputMode="numeric"
            leftSection={<Text size="xs">Rp</Text>}
            value={shown(form.nominal)}
            onChange={(event) => setIdr(event.currentTarget.value)}
            data-testid="remittance-nominal"
          />
          {balance !== null && (
            <BalanceShortcuts
              label={t('remittance.form.balance')}
              balance={balance}
              percents={REMITTANCE_LIMITS.quickPercents}
              onPick={(percent) => setIdr(String(percentOf(balance, percent)))}
              testPrefix="remittance"
            />
          )}
        </Box>
        <TextInput
          label={
            form.currency
              ? t('remittance.form.nominalDestination', { currency: form.currency })
              : t('remittance.form.nominalForeign')
          }
          inputMode="numeric"
          value={shown(form.nominalDestination)}
          onChange={(event) => setDestination(event.currentTarget.value)}
          data-testid="remittance-nominal-destination"
        />
        <BeneficiaryFields form={form} onChange={onChange} banks={banks} disabled={!selected} />
        <PayoutPasswordInput
          label={t('remittance.form.password')}
          value={form.password}
          onChange={(password) => onChange({ password })}
          testId="remittance-password"
        />
        <Select
          label={t('remittance.form.purpose')}
          placeholder={t('remittance.form.purposePlaceholder')}
          data={purposes.map((p) => ({ value: p.id, label: p.name }))}
          value={form.purpose || null}
          onChange={(value) => onChange({ purpose: value ?? '' })}
          data-testid="remittance-purpose"
          comboboxProps={{ withinPortal: true }}
        />
        <Button type="submit" loading={props.submitting} data-testid="remittance-check">
          {t('remittance.form.check')}
        </Button>
      </Stack>
    </PayoutForm>
  );
}

/** The beneficiary abroad: bank, account, identity and the fields its currency needs. */
function BeneficiaryFields({
  form,
  onChange,
  banks,
  disabled,
}: Pick<Props, 'form' | 'onChange' | 'banks'> & { disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('remittance.form.bank')}
        placeholder={t('remittance.form.bankPlaceholder')}
        data={banks.map((b) => ({ value: b.id, label: b.namaBank }))}
        value={form.bank || null}
        onChange={(value) => onChange({ bank: value ?? '' })}
        searchable
        disabled={disabled}
        data-testid="remittance-bank"
        comboboxProps={{ withinPortal: true }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('remittance.form.accountNumber')}
          value={form.accountNumber}
          maxLength={REMITTANCE_LIMITS.accountNumberMax}
          onChange={(event) =>
            onChange({ accountNumber: event.currentTarget.value.replace(/[^0-9A-Za-z-]/g, '') })
          }
          data-testid="remittance-account-number"
        />
        <TextInput
          label={t('remittance.form.accountName')}
          value={form.accountName}
          maxLength={REMITTANCE_LIMITS.textMax}
          onChange={(event) => onChange({ accountName: event.currentTarget.value })}
          data-testid="remittance-account-name"
        />
        <TextInput
          label={t('remittance.form.city')}
          value={form.city}
          maxLength={REMITTANCE_LIMITS.textMax}
          onChange={(event) => onChange({ city: event.currentTarget.value })}
          data-testid="remittance-city"
        />
        <TextInput
          label={t('remittance.form.idNumber')}
          value={form.idNumber}
          maxLength={64}
          onChange={(event) => onChange({ idNumber: event.currentTarget.value })}
          data-testid="remittance-id-number"
        />
      </SimpleGrid>
      <TextInput
        label={t('remittance.form.address')}
        value={form.address}
        maxLength={255}
        onChange={(event) => onChange({ address: event.currentTarget.value })}
        data-testid="remittance-address"
      />
      <CurrencyFields form={form} onChange={onChange} />
    </>
  );
}

/** SWIFT, and what the destination currency asks for besides (phone, IFSC, nationality). */
function CurrencyFields({ form, onChange }: Pick<Props, 'form' | 'onChange'>) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label={t('remittance.form.swift')}
        value={form.swift}
        maxLength={11}
        onChange={(event) => onChange({ swift: event.currentTarget.value.toUpperCase() })}
        data-testid="remittance-swift"
      />
      {needsPhone(form.currency) && (
        <TextInput
          label={t('remittance.form.phone')}
          value={form.phone}
          maxLength={20}
          inputMode="tel"
          onChange={(event) => onChange({ phone: event.currentTarget.value })}
          data-testid="remittance-phone"
        />
      )}
      {needsIfsc(form.currency) && (
        <TextInput
          label={t('remittance.form.ifsc')}
          value={form.ifsc}
          maxLength={11}
          onChange={(event) => onChange({ ifsc: event.currentTarget.value.toUpperCase() })}
          data-testid="remittance-ifsc"
        />
      )}
      {needsNationality(form.currency) && (
        <Select
          label={t('remittance.form.nationality')}
          placeholder={t('remittance.form.nationalityPlaceholder')}
          data={NATIONALITIES.map((n) => ({ value: n.code, label: n.name }))}
          value={form.nationality || null}
          onChange={(value) => onChange({ nationality: value ?? '' })}
          data-testid="remittance-nationality"
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </SimpleGrid>
  );
}
