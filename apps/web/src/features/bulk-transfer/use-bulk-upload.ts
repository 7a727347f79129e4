import {
  BULK_TRANSFER_LIMITS,
  type BulkTransferColumn,
  type BulkUploadProblems,
} from '@gerbang/shared/contract/bulk-transfer';
import { bulkTransferCalls } from '@gerbang/shared/contract/bulk-transfer-calls';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';
import { showErrorDialog } from '../../lib/dialogs';
import { type BrokenRow, type LinedRow, mergeByLine, splitRows } from './broken-rows';

/** Sends the file; answers its rows split into good and broken, or null after a refusal dialog. */
async function uploadAndSplit(file: File): Promise<ReturnType<typeof splitRows> | null> {
  const form = new FormData();
  form.append('file', file);
  const res = await client.call(bulkTransferCalls.upload, form, { silent: true });
  if (res.rc === '00') {
    return { good: res.data.rows.map((row, i) => ({ ...row, line: i + 2 })), broken: [] };
  }
  const problems = res.data as unknown as BulkUploadProblems | null;
  if (Array.isArray(problems?.rows)) return splitRows(problems.rows);
  showErrorDialog(res.rd);
  return null;
}

/**
 * The uploaded file's rows: the good ones (with their selection) for the table, the broken ones
 * for the fix list. A file with broken rows comes back whole from the server; it is split here by
 * the same shared rules the server used, and fixed rows join the table on a re-check.
 */
export function useBulkUpload() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<LinedRow[]>([]);
  const [selected, setSelected] = useState<boolean[]>([]);
  const [broken, setBroken] = useState<BrokenRow[]>([]);
  const [readCount, setReadCount] = useState(0);
  /** Counts uploads, so a new file starts a fresh fix list. */
  const [uploads, setUploads] = useState(0);
  const [fileName, setFileName] = useState('');
  const [uploading, setUploading] = useState(false);

  /** Answers whether the file's rows replaced the previous ones. */
  const upload = async (file: File | null): Promise<boolean> => {
    if (!file) return false;
    if (file.size > BULK_TRANSFER_LIMITS.maxFileBytes) {
      showErrorDialog(t('bulk.errors.tooLarge'));
      return false;
    }
    setUploading(true);
    const split = await uploadAndSplit(file);
    setUploading(false);
    if (!split) return false;
    setRows(split.good);
    setSelected(split.good.map(() => true));
    setBroken(split.broken);
    setReadCount(split.good.length + split.broken.length);
    setUploads((n) => n + 1);
    setFileName(file.name);
    return true;
  };

  const editBroken = (index: number, column: BulkTransferColumn, value: string) =>
    setBroken((all) =>
      all.map((b, i) => (i === index ? { ...b, raw: { ...b.raw, [column]: value } } : b)),
    );
  const dropBroken = (index: number) => setBroken((all) => all.filter((_, i) => i !== index));

  /** Re-checks the fixed rows: those that pass join the table in the file's order. */
  const recheck = (): number => {
    const split = splitRows(broken.map((b) => b.raw));
    const wasSelected = new Map(rows.map((row, i) => [row.line, selected[i] ?? true]));
    const merged = mergeByLine(rows, split.good);
    setRows(merged);
    setSelected(merged.map((row) => wasSelected.get(row.line) ?? true));
    setBroken(split.broken);
    return split.good.length;
  };

  const clear = () => {
    setRows([]);
    setSelected([]);
    setBroken([]);
    setFileName('');
  };

  return {
    rows,
    selected,
    setSelected,
    broken,
    readCount,
    uploads,
    fileName,
    uploading,
    upload,
    editBroken,
    dropBroken,
    recheck,
    clear,
  };
}
