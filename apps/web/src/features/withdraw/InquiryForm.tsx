import { formatAccountNumberInput, WITHDRAW_LIMITS } from '@gerbang/shared/contract/withdraw';
import { BANK_CODE_WITH_VA_DESTINATION_CHOICE } from '@gerbang/shared/domain/banks';
import { RETAIL_CASH_WITHDRAWAL_CODE } from '@gerbang/shared/domain/products';
import { Box, Button, Group, Radio, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Captcha, type CaptchaHandle } from '../../components/Captcha';
import {
  AccountNumberInput,
  BalanceShortcuts,
  PayoutForm,
  PayoutPasswordInput,
  RupiahAmountInput,
} from '../../components/payout-wizard/PayoutInputs';
import { useWithdrawLookups } from './useWithdrawLookups';
import type { TransferType, WithdrawForm } from './withdraw-form';

interface Props {
  form: WithdrawForm;
  onChange(next: Partial<WithdrawForm>): void;
  onSubmit(): void;
  submitting: boolean;
  showBalance: boolean;
  balance: number | null;
  isTestUser: boolean;
  captchaRef: RefObject<CaptchaHandle | null>;
}

export function InquiryForm({
  form,
  onChange,
  onSubmit,
  submitting,
  showBalance,
  balance,
  isTestUser,
  captchaRef,
}: Props) {
  const { t } = useTranslation();
  const isRetail = form.type === 'bank' && form.code === RETAIL_CASH_WITHDRAWAL_CODE;
  const numberLabel = isRetail
    ? t('withdraw.form.customerNumber')
    : form.type === 'ewallet'
      ? t('withdraw.form.phoneNumber')
      : t('withdraw.form.accountNumber');

  return (
    <PayoutForm testId="withdraw-form" onSubmit={onSubmit}>
      <Stack gap="md">
        <DestinationFields form={form} onChange={onChange} />
        <AccountNumberInput
          label={numberLabel}
          value={form.number}
          onChange={(number) => onChange({ number })}
          readOnly={form.type === 'favourite'}
          testId="withdraw-number"
        />
        <Box>
          <RupiahAmountInput
            label={t('withdraw.form.amount')}
            value={form.amount}
            onChange={(amount) => onChange({ amount })}
            testId="withdraw-amount"
          />
          {showBalance && (
            <BalanceShortcuts
              label={t('withdraw.form.balance')}
              balance={balance}
              percents={WITHDRAW_LIMITS.quickPercents}
              onPick={(percent) =>
                onChange({ amount: String(Math.floor(((balance ?? 0) * percent) / 100)) })
              }
              testPrefix="withdraw"
            />
          )}
        </Box>
        <PayoutPasswordInput
          label={t('withdraw.form.password')}
          value={form.password}
          onChange={(password) => onChange({ password })}
          testId="withdraw-password"
        />
        {!isTestUser && <Captcha ref={captchaRef} onChange={(captcha) => onChange({ captcha })} />}
        <Button type="submit" loading={submitting} size="md" data-testid="withdraw-check">
          {t('withdraw.form.check')}
        </Button>
      </Stack>
    </PayoutForm>
  );
}

/** Where the money goes: a bank or retail pickup (VA or not), an e-wallet, or a favourite. */
function DestinationFields({ form, onChange }: Pick<Props, 'form' | 'onChange'>) {
  const { t } = useTranslation();
  const { banks, ewallets, retail } = useWithdrawLookups();
  const bankOptions = [
    {
      group: t('withdraw.form.banksGroup'),
      items: banks.map((b) => ({ value: b.kodebank, label: `${b.kodebank} - ${b.namabank}` })),
    },
    {
      group: t('withdraw.form.retailGroup'),
      items: retail.map((r) => ({ value: r.id_produk, label: r.nama_produk })),
    },
  ];
  return (
    <>
      <Radio.Group
        value={form.type}
        onChange={(value) =>
          onChange({
            type: value as TransferType,
            code: '',
            number: '',
            ewallet: '',
            favouriteId: '',
            accountKind: 'NORMAL',
          })
        }
        data-testid="withdraw-type"
      >
        <Group gap="lg">
          <Radio value="bank" label={t('withdraw.types.bank')} data-testid="type-bank" />
          <Radio value="ewallet" label={t('withdraw.types.ewallet')} data-testid="type-ewallet" />
          <Radio
            value="favourite"
            label={t('withdraw.types.favourite')}
            data-testid="type-favourite"
          />
        </Group>
      </Radio.Group>

      {form.type === 'bank' && (
        <Select
          label={t('withdraw.form.bank')}
          placeholder={t('withdraw.form.bankPlaceholder')}
          data={bankOptions}
          value={form.code || null}
          onChange={(value) => onChange({ code: value ?? '', accountKind: 'NORMAL' })}
          searchable
          nothingFoundMessage={t('common.noData')}
          data-testid="withdraw-bank"
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {form.type === 'bank' && form.code === BANK_CODE_WITH_VA_DESTINATION_CHOICE && (
        <Box>
          <Text size="sm" fw={500} mb={4}>
            {t('withdraw.form.accountKind')}
          </Text>
          <SegmentedControl
            fullWidth
            value={form.accountKind}
            onChange={(value) => onChange({ accountKind: value as 'NORMAL' | 'VA' })}
            data={[
              { value: 'NORMAL', label: t('withdraw.form.normal') },
              { value: 'VA', label: t('withdraw.form.virtualAccount') },
            ]}
            data-testid="withdraw-account-kind"
          />
        </Box>
      )}
      {form.type === 'ewallet' && (
        <Select
          label={t('withdraw.form.ewallet')}
          placeholder={t('withdraw.form.ewalletPlaceholder')}
          data={ewallets.map((e) => ({ value: e.id_produk, label: e.nama_produk }))}
          value={form.ewallet || null}
          onChange={(value) => onChange({ ewallet: value ?? '' })}
          data-testid="withdraw-ewallet"
        />
      )}
      {form.type === 'favourite' && <FavouriteSelect form={form} onChange={onChange} />}
    </>
  );
}

/** A saved destination fills the bank (or e-wallet) and the number, read-only. */
function FavouriteSelect({ form, onChange }: Pick<Props, 'form' | 'onChange'>) {
  const { t } = useTranslation();
  const { favourites } = useWithdrawLookups();
  return (
    <Select
      label={t('withdraw.form.favourite')}
      placeholder={
        favourites.length
          ? t('withdraw.form.favouritePlaceholder')
          : t('withdraw.form.noFavourites')
      }
      data={favourites.map((f) => ({
        value: String(f.id),
        label: `${f.label ? `${f.label} · ` : ''}${f.namabank} - ${f.accountnumber} - ${f.accountname}`,
      }))}
      value={form.favouriteId || null}
      onChange={(value) => {
        const chosen = favourites.find((f) => String(f.id) === value);
        onChange({
          favouriteId: value ?? '',
          code: chosen ? chosen.kodebank : '',
          ewallet: chosen?.type === 'EWALLET' ? chosen.kodebank : '',
          number: chosen ? formatAccountNumberInput(chosen.accountnumber) : '',
        });
      }}
      searchable
      nothingFoundMessage={t('common.noData')}
      data-testid="withdraw-favourite"
    />
  );
}
