import type { ReconResult } from '@gerbang/shared/contract/reconciliation';
import { Button, Card, FileInput, Group, Select, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorDialog } from '../../lib/dialogs';
import type { ReconApi, ReconFormat } from './recon-api';

const FORMAT_LABELS: Record<ReconFormat, string> = {
  mt940: 'MT940',
  camt053: 'CAMT.053',
  csv: 'CSV',
};

/** Upload a statement of the chosen account: MT940, camt.053, or CSV read with a bank's mapping. */
export function ImportCard(props: {
  api: ReconApi;
  account: ReconResult['account'];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ReconFormat>('mt940');
  const [bankCode, setBankCode] = useState('SIM');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    const form = new FormData();
    form.append('file', file);
    const query = {
      account: props.account,
      format,
      ...(format === 'csv' ? { bank_code: bankCode } : {}),
    };
    const res = await props.api.importStatement(form, query);
    setBusy(false);
    if (res.rc !== '00') {
      showErrorDialog(res.rd);
      return;
    }
    setMessage(
      res.data.duplicate_file
        ? t('recon.duplicateFile')
        : t('recon.imported', { lines: res.data.lines, known: res.data.known_lines }),
    );
    props.onDone();
  };
  return (
    <Card withBorder>
      <Title order={4} mb="xs">
        {t('recon.import')}
      </Title>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label={t('recon.format')}
          data={props.api.formats.map((f) => ({ value: f, label: FORMAT_LABELS[f] }))}
          value={format}
          onChange={(v) => v && setFormat(v as typeof format)}
          allowDeselect={false}
          w={140}
        />
        {format === 'csv' && (
          <TextInput
            label={t('recon.bankCode')}
            value={bankCode}
            onChange={(e) => setBankCode(e.currentTarget.value)}
            w={120}
          />
        )}
        <FileInput
          label={t('recon.file')}
          placeholder={t(props.api.chooseFileKey)}
          value={file}
          onChange={setFile}
          w={260}
          clearable
        />
        <Button loading={busy} disabled={!file} onClick={() => void upload()}>
          {t('recon.upload')}
        </Button>
      </Group>
      {message && (
        <Text size="sm" mt="xs" c="green">
          {message}
        </Text>
      )}
    </Card>
  );
}
