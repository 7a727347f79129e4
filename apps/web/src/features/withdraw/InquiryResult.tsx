import type { WithdrawInquiryResult } from '@gerbang/shared/contract/withdraw';
import { WITHDRAW_LIMITS } from '@gerbang/shared/contract/withdraw';
import {
  Alert,
  Button,
  Divider,
  Group,
  Image,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/Money';

/** Retail asks for a customer number and e-wallets for a phone number (spec 02 §2.1). */
export function numberLabelKey(kind: 'BANK' | 'EWALLET' | 'RETAIL'): string {
  if (kind === 'RETAIL') return 'withdraw.form.customerNumber';
  if (kind === 'EWALLET') return 'withdraw.form.phoneNumber';
  return 'withdraw.result.accountNumber';
}

export function Row({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" style={{ wordBreak: 'break-word' }} data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

interface Props {
  inquiry: WithdrawInquiryResult;
  maskedEmail: string;
  otp: string;
  onOtpChange(otp: string): void;
  onProceed(): void;
  onBack(): void;
  paying: boolean;
  /** Schedule this checked payout instead of paying now (when allowed). */
  onSchedule?: () => void;
}

/** Step 2: what will be sent, the OTP notice and field (spec 02 §2.1 "inquiry result"). */
export function InquiryResult({
  inquiry,
  maskedEmail,
  otp,
  onOtpChange,
  onProceed,
  onBack,
  paying,
  onSchedule,
}: Props) {
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onProceed();
      }}
      data-testid="withdraw-result"
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Image src={inquiry.url_image} alt={inquiry.produkname} w={80} h={32} fit="contain" />
          <Text fw={700}>{inquiry.produkname}</Text>
        </Group>
        <Row label={t(numberLabelKey(inquiry.kind))} testId="result-account-number">
          {inquiry.tabledata['NO PELANGGAN']}
        </Row>
        <Row label={t('withdraw.result.accountName')} testId="result-account-name">
          {inquiry.tabledata['NAMA PELANGGAN']}
        </Row>
        <Row label={t('withdraw.result.amount')} testId="result-amount">
          <Money value={inquiry.nominal} />
        </Row>
        <Row label={t('withdraw.result.adminFee')} testId="result-fee">
          <Money value={inquiry.nominal_admin} />
        </Row>
        <Divider />
        <Row label={t('withdraw.result.total')} testId="result-total">
          <Money value={inquiry.total} />
        </Row>
        <Alert color="blue" icon={<IconMail size={18} />} data-testid="otp-notice">
          {t('withdraw.result.otpNotice', { email: maskedEmail })}
        </Alert>
        <PasswordInput
          label={t('withdraw.result.otp')}
          value={otp}
          maxLength={WITHDRAW_LIMITS.secretMax}
          autoComplete="one-time-code"
          inputMode="numeric"
          onChange={(event) => onOtpChange(event.currentTarget.value)}
          data-testid="withdraw-otp"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button variant="default" onClick={onBack} data-testid="withdraw-back">
            {t('withdraw.result.back')}
          </Button>
          <Button type="submit" loading={paying} data-testid="withdraw-proceed">
            {t('withdraw.result.proceed')}
          </Button>
        </SimpleGrid>
        {onSchedule && (
          <Button variant="light" onClick={onSchedule} data-testid="withdraw-schedule">
            {t('withdraw.result.schedule')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
