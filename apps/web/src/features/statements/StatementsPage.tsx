import type { StatementFile } from '@gerbang/shared/contract/statements';
import { statementCalls } from '@gerbang/shared/contract/statements-calls';
import { Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';
import { DeliveriesCard } from './DeliveriesCard';
import { FilesCard } from './FilesCard';
import { RequestCard } from './RequestCard';

/** How often the list is read again while a file is still being written. */
const POLL_MS = 2_000;

/**
 * Balance statements: ask for a period in one of five formats, download it when the
 * job has written it, and manage scheduled e-mail delivery. The server checks and writes; the page
 * lists.
 */
export default function StatementsPage() {
  const { t } = useTranslation();
  const [files, setFiles] = useState<StatementFile[] | null>(null);
  const load = useCallback(async () => {
    const res = await client.call(statementCalls.list);
    if (res.rc === '00') setFiles(res.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const waiting = (files ?? []).some((f) => f.status === 0 || f.status === 2);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, load]);
  return (
    <Stack gap="md">
      <Title order={2}>{t('statements.title')}</Title>
      <RequestCard onDone={() => void load()} />
      <FilesCard files={files} onRefresh={() => void load()} />
      <DeliveriesCard />
    </Stack>
  );
}
