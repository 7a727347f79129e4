import { formatThousands } from '@gerbang/shared';
import { formatAccountNumberInput, WITHDRAW_LIMITS } from '@gerbang/shared/contract/withdraw';
import { Button, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { Money } from '../Money';

/**
 * The inputs every payout form shares (withdraw, domestic transfer, remittance): the form that
 * submits on Enter without the browser's own checks (the shared schema checks), the account number
 * grouped with dashes, the rupiah amount in digits, the account password and the balance line with
 * its percentage shortcuts. Labels and test ids stay the page's.
 */

export function PayoutForm(p: { testId: string; onSubmit(): void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        p.onSubmit();
      }}
      data-testid={p.testId}
    >
      {p.children}
    </form>
  );
}

interface FieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  testId: string;
}

/** As shown: digits grouped with dashes (`formatAccountNumberInput`). */
export function AccountNumberInput(p: FieldProps & { readOnly?: boolean }) {
  return (
    <TextInput
      label={p.label}
      inputMode="numeric"
      value={p.value}
      maxLength={WITHDRAW_LIMITS.accountNumberMax}
      onChange={(event) => p.onChange(formatAccountNumberInput(event.currentTarget.value))}
      readOnly={p.readOnly}
      data-testid={p.testId}
    />
  );
}

/** Rupiah in whole digits: `value` is digits only, shown with thousands dots. */
export function RupiahAmountInput(p: FieldProps) {
  return (
    <TextInput
      label={p.label}
      inputMode="numeric"
      leftSection={<Text size="sm">Rp.</Text>}
      // Empty until the user types an amount (never a "0" to delete first).
      value={p.value === '' ? '' : formatThousands(Number(p.value))}
      onChange={(event) => {
        const digits = event.currentTarget.value
          .replace(/\D/g, '')
          .slice(0, WITHDRAW_LIMITS.amountDigitsMax);
        p.onChange(digits === '' ? '' : String(Number(digits)));
      }}
      data-testid={p.testId}
    />
  );
}

/** The account password the inquiry asks for again. */
export function PayoutPasswordInput(p: FieldProps) {
  return (
    <PasswordInput
      label={p.label}
      value={p.value}
      maxLength={WITHDRAW_LIMITS.secretMax}
      autoComplete="current-password"
      onChange={(event) => p.onChange(event.currentTarget.value)}
      data-testid={p.testId}
    />
  );
}

/** The balance under the amount, with buttons that take a share of it. */
export function BalanceShortcuts(p: {
  label: string;
  balance: number | null;
  percents: readonly number[];
  onPick(percent: number): void;
  /** `<prefix>-balance`, `<prefix>-percent-<n>`. */
  testPrefix: string;
}) {
  return (
    <Group mt={6} gap={6} justify="space-between" wrap="wrap">
      <Text size="xs" c="dimmed" data-testid={`${p.testPrefix}-balance`}>
        {p.label}: <Money value={p.balance} />
      </Text>
      <Group gap={4}>
        {p.percents.map((percent) => (
          <Button
            key={percent}
            size="compact-xs"
            variant="light"
            // Nothing to take a share of at a zero (or not yet known) balance.
            disabled={!p.balance || p.balance <= 0}
            onClick={() => p.onPick(percent)}
            data-testid={`${p.testPrefix}-percent-${percent}`}
          >
            {percent}%
          </Button>
        ))}
      </Group>
    </Group>
  );
}
