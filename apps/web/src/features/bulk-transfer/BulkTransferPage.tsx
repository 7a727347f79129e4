import { formatRupiah } from '@gerbang/shared';
import { SCHEDULES_ACCESS } from '@gerbang/shared/contract/access-rules';
import { BULK_TRANSFER_LIMITS, type BulkBatchItem } from '@gerbang/shared/contract/bulk-transfer';
import {
  BULK_TRANSFER_SAMPLE_PATH,
  bulkTransferCalls,
} from '@gerbang/shared/contract/bulk-transfer-calls';
import { schedulesCalls } from '@gerbang/shared/contract/schedules-calls';
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  PasswordInput,
  Progress,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBuildingBank, IconDownload, IconUpload } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BulkWaitingGroups } from '../../components/BulkWaitingGroups';
import { Money } from '../../components/Money';
import { confirmMoneyMovement } from '../../components/money-confirm/confirmMoneyMovement';
import type { ScheduleDraft } from '../../components/schedule/ScheduleModal';
import { client } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import { withCatalogParts } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { BankListModal } from './BankListModal';
import { BrokenRowsCard } from './BrokenRowsCard';
import type { LinedRow } from './broken-rows';
import { RowsTable } from './RowsTable';
import { useBulkUpload } from './use-bulk-upload';

// The schedule form loads when the user chooses "Schedule instead".
const ScheduleModal = lazy(() =>
  withCatalogParts(['schedules'], import('../../components/schedule/ScheduleModal')),
);
// The book's tag picker loads apart from the page (the page's bundle budget).
const TagRows = lazy(() => import('./TagRows').then((m) => ({ default: m.TagRows })));
/** Rows per batch inquiry request: small enough for a progress bar that moves. */
const CHECK_CHUNK = 1_000;

type Paid = Extract<BulkBatchItem, { status: 'paid' }>;

/**
 * Bulk transfer (spec 02 §2.3, §4 Bulk, §5, §7): upload a CSV (read and checked by the
 * server), tick rows, Check with the account password (one checksum call, then the batch
 * inquiry in chunks with a progress bar), then save the paid rows as a group with name,
 * description and transaction PIN; success goes to /data/disbursement.
 */
export default function BulkTransferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const file = useBulkUpload();
  const { rows, selected, setSelected, broken } = file;
  const [results, setResults] = useState<(BulkBatchItem | undefined)[]>([]);
  const [token, setToken] = useState<{ checksum: string; uuid_user: string } | null>(null);
  const [password, setPassword] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [groupName, setGroupName] = useState('');
  const [groupDesc, setGroupDesc] = useState('');
  const [pin, setPin] = useState('');
  const [saving, setSaving] = useState(false);
  const [banksOpen, setBanksOpen] = useState(false);
  const [rule, setRule] = useState<boolean | null>(null);
  const maySchedule = useSession().verdict(SCHEDULES_ACCESS.manage) === 'allowed';
  const [scheduling, setScheduling] = useState(false);

  useEffect(() => {
    void client.call(bulkTransferCalls.waiting, undefined, { silent: true }).then((res) => {
      if (res.rc === '00') setRule(res.data.rule);
    });
  }, []);

  const paidRows = useMemo(
    () =>
      results
        .map((r, i) => (r?.status === 'paid' && selected[i] ? (r as Paid) : null))
        .filter((r): r is Paid => r !== null),
    [results, selected],
  );
  const subtotal = paidRows.reduce((s, r) => s + r.nominalorigin, 0);
  const fees = paidRows.reduce((s, r) => s + r.nominaladmin, 0);
  const errors = results.filter((r, i) => r?.status === 'error' && selected[i]).length;
  const selectedCount = selected.filter(Boolean).length;
  const allChecked =
    selectedCount > 0 && selected.every((s, i) => !s || results[i]?.status === 'paid');

  const reset = () => {
    file.clear();
    setResults([]);
    setToken(null);
    setPassword('');
    setProgress(null);
  };

  const upload = async (chosen: File | null) => {
    if (!(await file.upload(chosen))) return;
    setResults([]);
    setToken(null);
  };

  const check = async () => {
    if (!password) {
      showErrorDialog(t('bulk.enterPassword'));
      return;
    }
    const auth = await client.call(bulkTransferCalls.checksum, { password });
    if (auth.rc !== '00') return;
    setToken(auth.data);
    const indexes = selected
      .map((s, i) => (s && results[i]?.status !== 'paid' ? i : -1))
      .filter((i) => i >= 0);
    const next = [...results];
    setProgress({ done: 0, total: indexes.length });
    for (let start = 0; start < indexes.length; start += CHECK_CHUNK) {
      const chunk = indexes.slice(start, start + CHECK_CHUNK);
      const res = await client.call(bulkTransferCalls.inquiryBatch, {
        token: auth.data.checksum,
        uuid_user: auth.data.uuid_user,
        rows: chunk.map((i) => {
          const r = rows[i] as LinedRow;
          return {
            code: r.bankCode,
            number: r.accountNumber,
            nominal: r.nominal,
            phone: r.phone,
            email: r.email,
            note: r.note,
            line: r.line,
          };
        }),
      });
      if (res.rc !== '00') break;
      for (const item of res.data.items) {
        const at = chunk[item.index] as number;
        next[at] = item;
      }
      setResults([...next]);
      setProgress({ done: Math.min(start + chunk.length, indexes.length), total: indexes.length });
    }
    setProgress(null);
  };

  const save = async () => {
    if (!groupName.trim()) return showErrorDialog(t('bulk.fillGroupName'));
    if (!groupDesc.trim()) return showErrorDialog(t('bulk.fillGroupDesc'));
    if (!pin) return showErrorDialog(t('bulk.enterPin'));
    if (!token || paidRows.length === 0) return showErrorDialog(t('bulk.enterPassword'));
    const totals = { count: paidRows.length, amount: subtotal, fees, total: subtotal + fees };
    if (!(await confirmMoneyMovement(totals))) return;
    setSaving(true);
    const res = await client.call(bulkTransferCalls.save, {
      saved_data: paidRows.map((row) => ({ idtransaksi: row.idtransaksi })),
      pin,
      group_name: groupName,
      group_desc: groupDesc,
      token: token.checksum,
      uuid_user: token.uuid_user,
    });
    setSaving(false);
    if (res.rc === '00') navigate('/data/disbursement');
  };

  /** "Schedule instead": the Check's rows become a schedule; nothing is held until it runs. */
  const openSchedule = () => {
    if (!groupName.trim() || !groupDesc.trim()) return showErrorDialog(t('bulk.scheduleNeedsName'));
    if (!token || paidRows.length === 0) return showErrorDialog(t('bulk.enterPassword'));
    setScheduling(true);
  };
  const schedule = async (draft: ScheduleDraft) => {
    if (!token) return false;
    const res = await client.call(schedulesCalls.createBulk, {
      saved_data: paidRows.map((row) => ({ idtransaksi: row.idtransaksi })),
      pin: draft.pin,
      rule: draft.rule,
      group_name: groupName,
      group_desc: groupDesc,
      token: token.checksum,
      uuid_user: token.uuid_user,
    });
    if (res.rc !== '00') return false;
    showInfoDialog(res.rd);
    navigate('/transaction/scheduled');
    return true;
  };

  return (
    <Stack gap="md" data-testid="bulk-page">
      <Title order={2}>{t('bulk.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('bulk.intro')}
      </Text>
      {rule !== null && (
        <Text size="sm" data-testid="bulk-rule">
          {t(rule ? 'bulk.policyApplies' : 'bulk.policyNone')}{' '}
          <Anchor component={Link} to="/setting/approval-policy">
            {t('bulk.policyLink')}
          </Anchor>
        </Text>
      )}
      <BulkWaitingGroups />
      <Card withBorder radius="md" p="md">
        <Group gap="md" wrap="wrap">
          <Anchor href={BULK_TRANSFER_SAMPLE_PATH} download data-testid="bulk-sample">
            <Group gap={4}>
              <IconDownload size={16} />
              {t('bulk.sample')}
            </Group>
          </Anchor>
          <Button
            variant="subtle"
            leftSection={<IconBuildingBank size={16} />}
            onClick={() => setBanksOpen(true)}
            data-testid="bulk-banks"
          >
            {t('bulk.banks')}
          </Button>
          <FileButton onChange={upload} accept=".csv,text/csv">
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} />}
                loading={file.uploading}
                data-testid="bulk-upload"
              >
                {t('bulk.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          {t('bulk.drop')}
        </Text>
        <Suspense fallback={null}>
          <TagRows onFile={(tagFile) => void upload(tagFile)} />
        </Suspense>
        {file.fileName && (
          <Text size="sm" mt="sm" data-testid="bulk-read">
            {t('bulk.rowsRead', { count: file.readCount, file: file.fileName })}
          </Text>
        )}
      </Card>
      {file.fileName && (
        <BrokenRowsCard
          key={file.uploads}
          broken={broken}
          fileName={file.fileName}
          onEdit={file.editBroken}
          onDrop={file.dropBroken}
          onRecheck={file.recheck}
        />
      )}
      {rows.length > 0 && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm">
              <Text size="sm" data-testid="bulk-selected">
                {t('bulk.selected', { count: selectedCount, total: rows.length })}
              </Text>
              <RowsTable
                rows={rows}
                selected={selected}
                results={results}
                onToggle={(i) => setSelected((s) => s.map((v, j) => (j === i ? !v : v)))}
                onToggleAll={(checked) => setSelected(rows.map(() => checked))}
              />
              {progress && (
                <Stack gap={4} data-testid="bulk-progress">
                  <Progress
                    value={progress.total ? (100 * progress.done) / progress.total : 0}
                    animated
                  />
                  <Text size="xs">
                    {t('bulk.checking', { done: progress.done, total: progress.total })}
                  </Text>
                </Stack>
              )}
              <Group align="flex-end" wrap="wrap">
                <PasswordInput
                  label={t('bulk.password')}
                  value={password}
                  maxLength={BULK_TRANSFER_LIMITS.secretMax}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  style={{ flex: '1 1 200px' }}
                  data-testid="bulk-password"
                />
                <Button variant="default" onClick={reset} data-testid="bulk-cancel">
                  {t('bulk.cancel')}
                </Button>
                {!allChecked && (
                  <Button
                    onClick={check}
                    loading={progress !== null}
                    disabled={broken.length > 0}
                    data-testid="bulk-check"
                  >
                    {t('bulk.check')}
                  </Button>
                )}
              </Group>
              {broken.length > 0 && (
                <Text size="xs" c="dimmed" data-testid="bulk-check-blocked">
                  {t('bulk.fix.blocked')}
                </Text>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder radius="md" p="md" data-testid="bulk-summary">
              <Stack gap="xs">
                <Title order={4}>{t('bulk.summary')}</Title>
                {results.length > 0 && (
                  <Alert color={errors > 0 ? 'yellow' : 'green'} p="xs" data-testid="bulk-counts">
                    {t('bulk.paidRows', { count: paidRows.length, errors })}
                  </Alert>
                )}
                <Group justify="space-between">
                  <Text size="sm">{t('bulk.subtotal')}</Text>
                  <Money value={subtotal} />
                </Group>
                <Group justify="space-between">
                  <Text size="sm">{t('bulk.adminFee')}</Text>
                  <Money value={fees} />
                </Group>
                <Group justify="space-between">
                  <Text fw={600}>{t('bulk.total')}</Text>
                  <Text fw={600} data-testid="bulk-total">
                    {formatRupiah(subtotal + fees)}
                  </Text>
                </Group>
                <TextInput
                  label={t('bulk.groupName')}
                  value={groupName}
                  maxLength={BULK_TRANSFER_LIMITS.groupNameMax}
                  onChange={(e) => setGroupName(e.currentTarget.value)}
                  data-testid="bulk-group-name"
                />
                <Textarea
                  label={t('bulk.groupDesc')}
                  value={groupDesc}
                  maxLength={BULK_TRANSFER_LIMITS.groupDescMax}
                  onChange={(e) => setGroupDesc(e.currentTarget.value)}
                  data-testid="bulk-group-desc"
                />
                <PasswordInput
                  label={t('bulk.pin')}
                  value={pin}
                  maxLength={BULK_TRANSFER_LIMITS.secretMax}
                  onChange={(e) => setPin(e.currentTarget.value)}
                  data-testid="bulk-pin"
                />
                <Button
                  onClick={save}
                  loading={saving}
                  disabled={paidRows.length === 0}
                  data-testid="bulk-save"
                >
                  {t('bulk.save')}
                </Button>
                {maySchedule && (
                  <Button
                    variant="light"
                    onClick={openSchedule}
                    disabled={paidRows.length === 0}
                    data-testid="bulk-schedule"
                  >
                    {t('bulk.schedule')}
                  </Button>
                )}
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      )}
      <BankListModal opened={banksOpen} onClose={() => setBanksOpen(false)} />
      {scheduling && (
        <Suspense fallback={null}>
          <ScheduleModal
            title={t('bulk.scheduleTitle')}
            hint={t('bulk.scheduleHint', { count: paidRows.length })}
            editsAmount={false}
            onSubmit={schedule}
            onClose={() => setScheduling(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
