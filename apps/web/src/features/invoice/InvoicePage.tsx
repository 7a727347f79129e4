import { RC } from '@gerbang/shared';
import { Alert, Box, Center, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import { useParams } from 'react-router';
import { api } from '../../lib/api';

// pdf.js parses in a worker served from our own origin (the CSP allows workers from 'self').
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Width of the element, following window resizes, so the page fills the screen. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** /invoice/{idTrx}/{date} (spec 03 §2.7): page 1 of the invoice PDF, full width. */
export default function InvoicePage() {
  const { i18n } = useTranslation();
  const { idTrx = '', date = '' } = useParams();
  const [container, width] = useWidth<HTMLDivElement>();
  const [viewerError, setViewerError] = useState<string | null>(null);
  const invoice = useQuery({
    queryKey: ['invoice', idTrx, date, i18n.language],
    queryFn: async () => {
      const res = await api.get<string>(
        '/invoice/invoice_trx',
        { brand: 'gerbang', id_transaksi: idTrx, date },
        { silent: true },
      );
      if (res.rc !== RC.OK) throw new Error(res.rd);
      return res.data;
    },
    retry: false,
  });
  // pdf.js takes ownership of the bytes it is given, so each render gets its own copy.
  const file = useMemo(
    () => (invoice.data ? { data: base64ToBytes(invoice.data) } : null),
    [invoice.data],
  );
  const options = useMemo(() => ({ isEvalSupported: false }), []);

  return (
    <Box ref={container} w="100%" data-testid="invoice-page">
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
      {viewerError && (
        <Alert color="red" icon={<IconAlertTriangle />} data-testid="invoice-error">
          {viewerError}
        </Alert>
      )}
      {file && !viewerError && (
        <Document
          file={file}
          options={options}
          loading={
            <Center mih={240}>
              <Loader />
            </Center>
          }
          onLoadError={(error) => setViewerError(error.message)}
          onSourceError={(error) => setViewerError(error.message)}
        >
          <Page
            pageNumber={1}
            width={width > 0 ? width : undefined}
            renderTextLayer={false}
            renderAnnotationLayer={false}
            onRenderError={(error) => setViewerError(error.message)}
            className="invoice-pdf-page"
          />
        </Document>
      )}
    </Box>
  );
}
