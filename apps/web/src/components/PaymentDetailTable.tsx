import { formatIdNumber, formatRupiah } from '@gerbang/shared';
import { Button, Group, PasswordInput, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PaymentDetailProps {
  productName: string;
  /** The inquiry's key/value rows as the server names them (e.g. remittance `tabledata`). */
  rows: ReadonlyArray<readonly [string, string | number]>;
  adminFee: number;
  total: number;
  pin: string;
  pinMax: number;
  onPinChange(value: string): void;
  onTransfer(): void;
  onReset(): void;
  busy: boolean;
}

/**
 * The generic payment-detail table of spec 02 §2.4: product name, the key/value rows, ADMIN FEE,
 * TOTAL PAYMENT in Rp, a PIN field, and Transfer and Reset buttons. Amounts come from the
 * inquiry; the page supplies what Transfer and Reset do (the same pay and reset as its own step).
 */
export function PaymentDetailTable(props: PaymentDetailProps) {
  const { t } = useTranslation();
  const value = (v: string | number) => (typeof v === 'number' ? formatIdNumber(v) : v);
  return (
    <Stack gap="sm" data-testid="payment-detail">
      <Text fw={700} data-testid="payment-detail-product">
        {props.productName}
      </Text>
      <Table withRowBorders striped="odd" fz="sm">
        <Table.Tbody>
          {props.rows.map(([key, v]) => (
            <Table.Tr key={key} data-testid={`payment-detail-row-${key}`}>
              <Table.Td c="dimmed">{key}</Table.Td>
              <Table.Td ta="right" style={{ overflowWrap: 'anywhere' }}>
                {value(v)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={600}>{t('ui.paymentDetail.adminFee')}</Table.Td>
            <Table.Td ta="right" data-testid="payment-detail-fee">
              {formatRupiah(props.adminFee)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>{t('ui.paymentDetail.totalPayment')}</Table.Td>
            <Table.Td ta="right" fw={700} data-testid="payment-detail-total">
              {formatRupiah(props.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <PasswordInput
        label={t('ui.paymentDetail.pin')}
        value={props.pin}
        maxLength={props.pinMax}
        autoComplete="one-time-code"
        inputMode="numeric"
        onChange={(event) => props.onPinChange(event.currentTarget.value)}
        data-testid="payment-detail-pin"
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={props.onReset} data-testid="payment-detail-reset">
          {t('ui.paymentDetail.reset')}
        </Button>
        <Button
          onClick={props.onTransfer}
          loading={props.busy}
          data-testid="payment-detail-transfer"
        >
          {t('ui.paymentDetail.transfer')}
        </Button>
      </Group>
    </Stack>
  );
}
