import { RC } from '@gerbang/shared';
import {
  BULK_VA_LIMITS,
  type BulkVaCellProblem,
  type BulkVaRow,
  bulkVaRowProblem,
  type StoreVaBulkResult,
} from '@gerbang/shared/contract/bulk-va';
import { BULK_VA_SAMPLE_PATH, bulkVaCalls } from '@gerbang/shared/contract/bulk-va-calls';
import { Alert, Button, Card, Group, List, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBuildingBank, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { client } from '../../lib/api';
import { showErrorDialog } from '../../lib/dialogs';
import { serverNow } from '../../lib/server-clock';
import { useVaBanks } from '../../lib/useVaBanks';
import { BankListModal } from './BankListModal';
import { BulkVaTable, emptyRow, PAGE_SIZE } from './BulkVaTable';
import { DropZone } from './DropZone';
import { GroupSaveModal } from './GroupSaveModal';

/**
 * Bulk virtual accounts (spec 03 §2.8, §5.7): instructions, the sample CSV, a bank list, a
 * drag-and-drop upload of CSV or XLSX read by the server, the editable table (paged, so ten
 * thousand rows stay usable), the account password, then the group dialog with name,
 * description and transaction PIN; the success message leads to /data/bulk_virtual_account.
 */
export default function BulkVaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banks = useVaBanks();
  const [rows, setRows] = useState<BulkVaRow[]>([]);
  const [fileName, setFileName] = useState('');
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<BulkVaCellProblem | null>(null);
  const [page, setPage] = useState(1);
  const [password, setPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const [groupOpen, setGroupOpen] = useState(false);
  const [banksOpen, setBanksOpen] = useState(false);

  const showProblem = (p: BulkVaCellProblem) => {
    setProblem(p);
    setPage(Math.ceil(p.row / PAGE_SIZE));
    showErrorDialog(t(p.key, { row: p.row, column: p.column }));
  };

  const upload = async (file: File) => {
    if (file.size > BULK_VA_LIMITS.maxFileBytes) {
      showErrorDialog(t('bulkva.errors.tooLarge'));
      return;
    }
    const form = new FormData();
    form.append('file', file);
    setUploading(true);
    const res = await client.call(bulkVaCalls.upload, form);
    setUploading(false);
    if (res.rc !== RC.OK) return;
    setRows(res.data.rows);
    setFileName(file.name);
    setProblem(null);
    setPage(1);
  };

  const reset = () => {
    setRows([]);
    setFileName('');
    setProblem(null);
    setPassword('');
    setPage(1);
  };

  /** The first problem: each row in order (spec order within a row), then the password. */
  const firstProblem = (): BulkVaCellProblem | null => {
    for (let i = 0; i < rows.length; i++) {
      const p = bulkVaRowProblem(rows[i], i + 1, serverNow());
      if (p) return p;
    }
    return null;
  };

  const check = async () => {
    const p = firstProblem();
    if (p) return showProblem(p);
    setProblem(null);
    if (!password) return showErrorDialog(t('bulkva.errors.password'));
    setChecking(true);
    const res = await client.call(bulkVaCalls.check, { data: rows, password }, { silent: true });
    setChecking(false);
    if (res.rc !== RC.OK) return answerProblem(res.rd, res.data);
    setGroupOpen(true);
  };

  /** A server refusal that names a cell highlights it too. */
  const answerProblem = (rd: string, data: unknown) => {
    const cell = data as { row?: number; column?: string } | null;
    if (cell && typeof cell.row === 'number' && typeof cell.column === 'string') {
      setProblem({ row: cell.row, column: cell.column as BulkVaCellProblem['column'], key: '' });
      setPage(Math.ceil(cell.row / PAGE_SIZE));
    }
    showErrorDialog(rd);
  };

  const saved = (_result: StoreVaBulkResult, message: string) => {
    setGroupOpen(false);
    const id = modals.open({
      title: t('bulkva.savedTitle'),
      centered: true,
      closeOnClickOutside: false,
      withCloseButton: false,
      children: (
        <Stack>
          <Text size="sm" data-testid="bulkva-success">
            {message}
          </Text>
          <Group justify="flex-end">
            <Button
              data-testid="bulkva-success-ok"
              onClick={() => {
                modals.close(id);
                navigate('/data/bulk_virtual_account');
              }}
            >
              {t('common.ok')}
            </Button>
          </Group>
        </Stack>
      ),
    });
  };

  return (
    <Stack gap="md" data-testid="bulkva-page">
      <Title order={2}>{t('bulkva.title')}</Title>
      <Card withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Text size="sm">{t('bulkva.intro')}</Text>
          <List size="sm" spacing={4} type="ordered">
            <List.Item>{t('bulkva.steps.one')}</List.Item>
            <List.Item>{t('bulkva.steps.two')}</List.Item>
            <List.Item>{t('bulkva.steps.three')}</List.Item>
          </List>
          <Group gap="sm">
            <Button
              component="a"
              href={BULK_VA_SAMPLE_PATH}
              download="bulkva.csv"
              variant="light"
              leftSection={<IconDownload size={16} />}
              data-testid="bulkva-sample"
            >
              {t('bulkva.sample')}
            </Button>
            <Button
              variant="subtle"
              leftSection={<IconBuildingBank size={16} />}
              onClick={() => setBanksOpen(true)}
              data-testid="bulkva-banks"
            >
              {t('bulkva.banks')}
            </Button>
          </Group>
          <DropZone busy={uploading} onFile={upload} />
        </Stack>
      </Card>

      {rows.length > 0 && (
        <Card withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" fw={500} data-testid="bulkva-count">
                {t('bulkva.rowsRead', { count: rows.length, file: fileName || '-' })}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  disabled={rows.length >= BULK_VA_LIMITS.maxRows}
                  onClick={() => {
                    setRows([...rows, emptyRow()]);
                    setPage(Math.ceil((rows.length + 1) / PAGE_SIZE));
                  }}
                  data-testid="bulkva-add-row"
                >
                  {t('bulkva.addRow')}
                </Button>
                <Button size="xs" variant="default" onClick={reset} data-testid="bulkva-reset">
                  {t('bulkva.reset')}
                </Button>
              </Group>
            </Group>
            {problem && (
              <Alert color="red" icon={<IconInfoCircle />} py="xs" data-testid="bulkva-problem">
                {t('bulkva.rowProblem', { row: problem.row })}
              </Alert>
            )}
            <BulkVaTable
              rows={rows}
              onChange={setRows}
              banks={banks.data ?? []}
              page={page}
              onPage={setPage}
              problem={problem}
            />
            <PasswordInput
              label={t('bulkva.password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              maxLength={BULK_VA_LIMITS.secretMax}
              maw={360}
              autoComplete="current-password"
              data-testid="bulkva-password"
            />
            <Group gap="sm">
              <Button variant="default" onClick={reset} data-testid="bulkva-cancel">
                {t('bulkva.cancel')}
              </Button>
              <Button onClick={check} loading={checking} data-testid="bulkva-check">
                {t('bulkva.check')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      <GroupSaveModal
        opened={groupOpen}
        onClose={() => setGroupOpen(false)}
        rows={rows}
        password={password}
        onSaved={saved}
        onRefused={answerProblem}
      />
      <BankListModal
        opened={banksOpen}
        onClose={() => setBanksOpen(false)}
        banks={banks.data ?? []}
      />
    </Stack>
  );
}
