import { RECONCILIATION_ACCESS } from '@gerbang/shared/contract/access-rules';
import type { ReconResult } from '@gerbang/shared/contract/reconciliation';
import { reconciliationCalls } from '@gerbang/shared/contract/reconciliation-calls';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';
import { showErrorDialog } from '../../lib/dialogs';
import { useSession } from '../../lib/session';
import { ImportCard } from './ImportCard';
import { NoteModal } from './NoteModal';
import { type Action, ResultsTable } from './ResultsTable';
import { SummaryCard } from './SummaryCard';

type Account = ReconResult['account'];

/**
 * Reconciliation: import a bank statement, run the matcher, and work the
 * exceptions queue — pair an unmatched line with an unmatched item, undo a match, write off (its
 * own right). The server decides every rule; the page lists and asks for the note.
 */
export default function ReconciliationPage() {
  const { t } = useTranslation();
  const { verdict } = useSession();
  const mayUpdate = verdict(RECONCILIATION_ACCESS.update) === 'allowed';
  const mayWriteOff = verdict(RECONCILIATION_ACCESS.writeOff) === 'allowed';
  const [account, setAccount] = useState<Account>('payout');
  const [status, setStatus] = useState<string>('open');
  const [rows, setRows] = useState<ReconResult[] | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [action, setAction] = useState<Action | null>(null);
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    const res = await client.call(reconciliationCalls.results, {
      account,
      status: status as ReconResult['status'] | 'open',
    });
    if (res.rc === '00') setRows(res.data.rows);
    setChosen(new Set());
  }, [account, status]);
  useEffect(() => {
    void load();
  }, [load]);
  const refresh = () => {
    setVersion((v) => v + 1);
    void load();
  };

  const run = async () => {
    const res = await client.call(reconciliationCalls.run, { account });
    if (res.rc !== '00') showErrorDialog(res.rd);
    refresh();
  };
  const selected = (rows ?? []).filter((r) => chosen.has(r.id));
  const line = selected.find((r) => r.status === 'unmatched_line');
  const item = selected.find((r) => r.status === 'unmatched_item');

  return (
    <Stack gap="md">
      <Title order={2}>{t('recon.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('recon.intro')}
      </Text>
      {mayUpdate && <ImportCard account={account} onDone={refresh} />}
      <SummaryCard key={version} account={account} />
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
              data={[
                'open',
                'matched',
                'amount_mismatch',
                'unmatched_line',
                'unmatched_item',
                'written_off',
              ].map((s) => ({ value: s, label: t(`recon.statuses.${s}`) }))}
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
          onAction={setAction}
        />
      </Card>
      <NoteModal action={action} onClose={() => setAction(null)} onDone={refresh} />
    </Stack>
  );
}
