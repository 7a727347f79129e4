import { formatRupiah, formatWibDateTime, type InvoiceView, RC } from '@gerbang/shared';
import { invoiceCalls } from '@gerbang/shared/contract/invoice-calls';
import { Alert, Box, Button, Center, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { client } from '../../lib/api';
import classes from './invoice.module.css';

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Saves the PDF under a name that says what it is. */
function savePdf(base64: string, name: string) {
  const url = URL.createObjectURL(new Blob([base64ToBytes(base64)], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The Gerbang mark (the favicon), as the PDF draws it when no provider logo is configured. */
function GerbangMark() {
  return (
    <svg viewBox="0 0 64 64" width={56} height={56} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#0b5cad" />
      <path d="M18 46V18h28v8H26v4h16v8H26v8z" fill="#fff" />
    </svg>
  );
}

/** The invoice as HTML: the same letterhead and rows as the PDF (render-invoice-pdf.ts). */
function InvoiceDocument({ invoice }: { invoice: InvoiceView }) {
  const { t } = useTranslation();
  const rows: ReadonlyArray<readonly [key: string, label: string, value: string]> = [
    ['transactionId', t('invoice.transactionId'), invoice.transactionId],
    ['date', t('invoice.date'), formatWibDateTime(new Date(invoice.transactionAt))],
    ['channel', t('invoice.channel'), invoice.channel],
    ['customerName', t('invoice.customerName'), invoice.customerName],
    ['accountNumber', t('invoice.accountNumber'), invoice.accountNumber],
    ['amount', t('invoice.amount'), formatRupiah(invoice.amount)],
    ...(invoice.foreign
      ? ([
          [
            'destinationAmount',
            t('remittance.invoice.destinationAmount'),
            `${invoice.foreign.currency} ${invoice.foreign.amount.toLocaleString('de-DE')}`,
          ],
          [
            'rate',
            t('remittance.invoice.rate'),
            `1 ${invoice.foreign.currency} = ${formatRupiah(invoice.foreign.rate)}`,
          ],
        ] as const)
      : []),
    ['adminFee', t('invoice.adminFee'), formatRupiah(invoice.adminFee)],
    ['total', t('invoice.total'), formatRupiah(invoice.total)],
    ['status', t('invoice.status'), t(`invoice.statuses.${invoice.status}`)],
  ];
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      className={classes.sheet}
      data-testid="invoice-document"
    >
      <div className={classes.letterhead} data-testid="invoice-letterhead">
        {invoice.provider.logo ? (
          <img src={invoice.provider.logo} alt="" className={classes.logo} />
        ) : (
          <GerbangMark />
        )}
        <div>
          <Text fw={700} fz="lg" data-testid="invoice-provider">
            {invoice.provider.name}
          </Text>
          <Text fz="sm" c="dimmed">
            {invoice.provider.address}
          </Text>
          {invoice.provider.npwp && (
            <Text fz="sm" c="dimmed">
              {t('ui.invoice.npwp')}: {invoice.provider.npwp}
            </Text>
          )}
        </div>
      </div>
      <hr className={classes.rule} />
      <Title order={2} fz="lg">
        {t('invoice.title')}
      </Title>
      <Text mt={4} data-testid="invoice-merchant">
        {t('invoice.merchant')}: {invoice.merchant.name}
      </Text>
      {invoice.merchant.address && (
        <Text fz="sm" c="dimmed">
          {t('ui.invoice.merchantAddress')}: {invoice.merchant.address}
        </Text>
      )}
      {invoice.merchant.npwp && (
        <Text fz="sm" c="dimmed">
          {t('ui.invoice.npwp')}: {invoice.merchant.npwp}
        </Text>
      )}
      <dl className={classes.rows}>
        {rows.map(([key, label, value]) => (
          <div key={key} className={classes.row} data-testid={`invoice-row-${key}`}>
            <dt>{label}</dt>
            <dd className={key === 'total' ? classes.total : undefined}>{value || '-'}</dd>
          </div>
        ))}
      </dl>
    </Paper>
  );
}

/**
 * /invoice/{idTrx}/{date} (spec 03 §2.7): the invoice drawn as HTML from the server's JSON (no PDF
 * viewer in the bundle); Download saves the server's PDF, Print prints the invoice alone.
 */
export default function InvoicePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { idTrx = '', date = '' } = useParams();
  const params = { brand: 'gerbang', id_transaksi: idTrx, date };
  const invoice = useQuery({
    queryKey: ['invoice', idTrx, date],
    queryFn: async () => {
      const res = await client.call(invoiceCalls.view, params, { silent: true });
      if (res.rc !== RC.OK) throw new Error(res.rd);
      return res.data;
    },
    retry: false,
  });
  const download = useMutation({
    mutationFn: async () => {
      // The PDF in the user's language, as the server renders it.
      const res = await client.call(invoiceCalls.pdf, params, { silent: true });
      if (res.rc !== RC.OK) throw new Error(res.rd);
      savePdf(res.data, `invoice-${idTrx}.pdf`);
    },
  });

  return (
    <Box w="100%" className={classes.page} data-testid="invoice-page" lang={i18n.language}>
      <Group justify="space-between" mb="md" gap="xs" className={classes.noPrint}>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          // Back where the user came from; opened directly (a receipt link), back to the history.
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/data/transaction'))}
          data-testid="invoice-back"
        >
          {t('ui.invoice.back')}
        </Button>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            disabled={!invoice.data}
            loading={download.isPending}
            onClick={() => download.mutate()}
            data-testid="invoice-download"
          >
            {t('ui.invoice.download')}
          </Button>
          <Button
            leftSection={<IconPrinter size={16} />}
            disabled={!invoice.data}
            onClick={() => window.print()}
            data-testid="invoice-print"
          >
            {t('ui.invoice.print')}
          </Button>
        </Group>
      </Group>
      {invoice.isPending && (
        <Center mih={240}>
          <Loader />
        </Center>
      )}
      {invoice.isError && (
        <Alert color="red" icon={<IconAlertTriangle />} data-testid="invoice-error">
          {invoice.error.message}
        </Alert>
      )}
      {download.isError && (
        <Alert color="red" icon={<IconAlertTriangle />} mb="md" className={classes.noPrint}>
          {download.error.message}
        </Alert>
      )}
      {invoice.data && <InvoiceDocument invoice={invoice.data} />}
    </Box>
  );
}
