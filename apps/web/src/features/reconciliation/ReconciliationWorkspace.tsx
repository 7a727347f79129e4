import type { ReconResult } from '@gerbang/shared/contract/reconciliation';
import { Button, Card, Group, Select, Stack } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorDialog } from '../../lib/dialogs';
import { ImportCard } from './ImportCard';
import { NoteModal } from './NoteModal';
import { type Action, ResultsTable } from './ResultsTable';
import type { ReconApi } from './recon-api';
import { SummaryCard } from './SummaryCard';

type Account = ReconResult['account'];

const STATUSES = [
  'open',
  'matched',
  'amount_mismatch',
  'unmatched_line',
  'unmatched_item',
  'written_off',
] as const;

/**
 * Import a bank statement, run the matcher, and work the exceptions queue — pair an unmatched
 * line with an unmatched item, undo a match, write off (its own right) — over one scope: a
 * merchant's own (ReconciliationPage) or the provider's across every merchant (the console). The
 * server decides every rule; the page lists and asks for the note.
 */
export function ReconciliationWorkspace(props: {
  api: ReconApi;
  mayUpdate: boolean;
  mayWriteOff: boolean;
  /** Above the import card (the console's environment and simulator statement). */
  header?: ReactNode;
}) {
  const { t } = useTranslation();
  const { api, mayUpdate, mayWriteOff } = props;
  const [account, setAccount] = useState<Account>('payout');
  const [status, setStatus] = useState<string>('open');
  const [rows, setRows] = useState<ReconResult[] | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [action, setAction] = useState<Action | null>(null);
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    const res = await api.results({ account, status: status as ReconResult['status'] | 'open' });
    if (res.rc === '00') setRows(res.data.rows);
    setChosen(new Set());
  }, [api, account, status]);
  useEffect(() => {
    void load();
  }, [load]);
  const refresh = () => {
    setVersion((v) => v + 1);
    void load();
  };

  const run = async () => {
    const res = await api.run(account);
    if (res.rc !== '00') showErrorDialog(res.rd);
    refresh();
  };
  const selected = (rows ?? []).filter((r) => chosen.has(r.id));
  const line = selected.find((r) => r.status === 'unmatched_line');
  const item = selected.find((r) => r.status === 'unmatched_item');

  return (
    <Stack gap="md">
      {props.header}
      {mayUpdate && <ImportCard api={api} account={account} onDone={refresh} />}
      <SummaryCard key={version} api={api} account={account} />
      <Card withBorder>
        <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
          <Group gap="sm" wrap="wrap">
            <Select
              aria-label={t('recon.account')}
              data={(['payout', 'deposit', 'settlement'] as const).map((a) => ({
                value: a,
                label: t(`recon.accounts.${a}`),
              }))}
              value={account}
              onChange={(v) => v && setAccount(v as Account)}
              allowDeselect={false}
              w={200}
            />
            <Select
              aria-label={t('recon.status')}
              data={STATUSES.map((s) => ({ value: s, label: t(`recon.statuses.${s}`) }))}
              value={status}
              onChange={(v) => v && setStatus(v)}
              allowDeselect={false}
              w={220}
            />
          </Group>
          {mayUpdate && (
            <Group gap="sm">
              <Button variant="default" onClick={() => void run()}>
                {t('recon.run')}
              </Button>
              <Button
                disabled={!line || !item}
                onClick={() =>
                  line && item && setAction({ kind: 'match', ids: [line.id, item.id] })
                }
              >
                {t('recon.matchSelected')}
              </Button>
            </Group>
          )}
        </Group>
        <ResultsTable
          rows={rows}
          chosen={chosen}
          setChosen={setChosen}
          mayUpdate={mayUpdate}
          mayWriteOff={mayWriteOff}
          manyMerchants={api.manyMerchants}
          onAction={setAction}
        />
      </Card>
      <NoteModal api={api} action={action} onClose={() => setAction(null)} onDone={refresh} />
    </Stack>
  );
}
