import { Alert, Button, Group, Loader, SimpleGrid, Text } from '@mantine/core';
import { IconFileInvoice, IconRefresh } from '@tabler/icons-react';

/**
 * The end of a payout receipt (withdraw, remittance): the status note when it is not a success,
 * the "still checking with the bank" line, and the invoice and start-again buttons. Each page
 * passes its own words.
 */
export function ReceiptFooter({
  status,
  note,
  checking,
  invoiceHref,
  onReset,
  labels,
}: {
  status: string;
  note: string | null | undefined;
  checking: boolean;
  invoiceHref: string;
  onReset(): void;
  labels: { checking: string; invoice: string; reset: string };
}) {
  return (
    <>
      {note && status !== 'SUCCESS' && (
        <Alert color={status === 'FAILED' ? 'red' : 'yellow'} data-testid="receipt-keterangan">
          {note}
        </Alert>
      )}
      {checking && (
        <Group gap="xs" data-testid="receipt-checking">
          <Loader size="xs" />
          <Text size="xs" c="dimmed">
            {labels.checking}
          </Text>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button
          component="a"
          href={invoiceHref}
          variant="light"
          leftSection={<IconFileInvoice size={18} />}
          data-testid="receipt-invoice"
        >
          {labels.invoice}
        </Button>
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} />}
          onClick={onReset}
          data-testid="receipt-reset"
        >
          {labels.reset}
        </Button>
      </SimpleGrid>
    </>
  );
}
