import {
  type BankListItem,
  type ProductListItem,
  WITHDRAW_LIMITS,
} from '@gerbang/shared/contract/withdraw';
import { isVaCapable } from '@gerbang/shared/domain/banks';
import { Button, Card, Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { BeneficiaryPicker } from '../../components/BeneficiaryPicker';
import { Captcha, type CaptchaHandle } from '../../components/Captcha';
import {
  AccountNumberInput,
  PayoutForm,
  PayoutPasswordInput,
  RupiahAmountInput,
} from '../../components/payout-wizard/PayoutInputs';
import {
  type DomesticTab,
  EMPTY_DOMESTIC_FORM as EMPTY,
  type DomesticForm as Form,
} from './domestic-form';

interface Props {
  form: Form;
  change(next: Partial<Form>): void;
  submit(): void;
  submitting: boolean;
  lookups: { banks: BankListItem[]; ewallets: ProductListItem[]; retail: ProductListItem[] };
  isTestUser: boolean;
  captchaRef: RefObject<CaptchaHandle | null>;
  /** Back to the destinations checked so far, or to the option cards. */
  back: ReactNode;
}

/** The domestic transfer's form step (spec 02 §5): one destination, its amount and the password. */
export function DomesticFormStep({
  form,
  change,
  submit,
  submitting,
  lookups,
  isTestUser,
  captchaRef,
  back,
}: Props) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" p="lg">
      <PayoutForm testId="domestic-form" onSubmit={submit}>
        <Stack gap="md">
          <BeneficiaryPicker
            value={form.beneficiaryId}
            onPick={(b) =>
              change({
                ...EMPTY,
                password: form.password,
                ...(b
                  ? {
                      tab: b.type === 'EWALLET' ? 'ewallet' : 'bank',
                      code: b.type === 'EWALLET' ? '' : b.code,
                      ewallet: b.type === 'EWALLET' ? b.code : '',
                      accountKind: b.type === 'VA' ? 'VA' : 'NORMAL',
                      number: b.account_number,
                      beneficiaryId: b.id,
                    }
                  : {}),
              })
            }
            testId="domestic-beneficiary"
          />
          <DestinationFields form={form} change={change} lookups={lookups} />
          <AccountNumberInput
            label={
              form.tab === 'retail' ? t('transfer.customerNumber') : t('transfer.accountNumber')
            }
            value={form.number}
            // Typing another number leaves the saved recipient.
            onChange={(number) => change({ number, beneficiaryId: 0 })}
            testId="domestic-number"
          />
          <RupiahAmountInput
            label={t('transfer.amount')}
            value={form.amount}
            onChange={(amount) => change({ amount })}
            testId="domestic-amount"
          />
          <TextInput
            label={t('transfer.note')}
            value={form.note}
            maxLength={WITHDRAW_LIMITS.noteMax}
            onChange={(event) => change({ note: event.currentTarget.value })}
            data-testid="domestic-note"
          />
          <PayoutPasswordInput
            label={t('transfer.password')}
            value={form.password}
            onChange={(password) => change({ password })}
            testId="domestic-password"
          />
          {!isTestUser && <Captcha ref={captchaRef} onChange={(captcha) => change({ captcha })} />}
          <Group justify="space-between">
            {back}
            <Button type="submit" loading={submitting} data-testid="domestic-check">
              {t('transfer.check')}
            </Button>
          </Group>
        </Stack>
      </PayoutForm>
    </Card>
  );
}

/** Where the money goes: bank (and VA or not), e-wallet or retail pickup, with their lists. */
function DestinationFields({ form, change, lookups }: Pick<Props, 'form' | 'change' | 'lookups'>) {
  const { t } = useTranslation();
  const bankOptions = lookups.banks.map((b) => ({
    value: b.kodebank,
    label: `${b.kodebank} - ${b.namabank}`,
  }));
  const retailOptions = lookups.retail.map((r) => ({ value: r.id_produk, label: r.nama_produk }));
  return (
    <>
      <SegmentedControl
        fullWidth
        value={form.tab}
        onChange={(value) =>
          change({ ...EMPTY, tab: value as DomesticTab, password: form.password })
        }
        data={[
          { value: 'bank', label: t('transfer.tabBank') },
          { value: 'ewallet', label: t('transfer.tabEwallet') },
          { value: 'retail', label: t('transfer.tabRetail') },
        ]}
        data-testid="domestic-tabs"
      />
      {form.tab === 'bank' && (
        <Select
          label={t('transfer.bank')}
          data={bankOptions}
          value={form.code || null}
          onChange={(value) =>
            change({ code: value ?? '', accountKind: 'NORMAL', beneficiaryId: 0 })
          }
          searchable
          nothingFoundMessage={t('common.noData')}
          data-testid="domestic-bank"
        />
      )}
      {form.tab === 'bank' && form.code && isVaCapable(form.code) && (
        <SegmentedControl
          value={form.accountKind}
          onChange={(value) => change({ accountKind: value as 'NORMAL' | 'VA' })}
          data={[
            { value: 'NORMAL', label: t('transfer.accountTypeTransfer') },
            { value: 'VA', label: t('transfer.accountTypeVa') },
          ]}
          data-testid="domestic-account-kind"
        />
      )}
      {form.tab === 'ewallet' && (
        <Select
          label={t('transfer.ewallet')}
          data={lookups.ewallets.map((e) => ({ value: e.id_produk, label: e.nama_produk }))}
          value={form.ewallet || null}
          onChange={(value) => change({ ewallet: value ?? '', beneficiaryId: 0 })}
          data-testid="domestic-ewallet"
        />
      )}
      {form.tab === 'retail' && (
        <Select
          label={t('transfer.tabRetail')}
          data={retailOptions}
          value={form.code || null}
          onChange={(value) => change({ code: value ?? '' })}
          data-testid="domestic-retail"
        />
      )}
    </>
  );
}
