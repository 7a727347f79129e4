import { wibDate } from '@gerbang/shared';
import { STATEMENT_FORMATS, type StatementFormat } from '@gerbang/shared/contract/statements';
import { statementCalls } from '@gerbang/shared/contract/statements-calls';
import { Button, Card, Group, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';
import { showErrorDialog } from '../../lib/dialogs';
import { serverNow } from '../../lib/server-clock';

/** Asks for a statement of a period (WIB days) in one format; the server checks and writes it. */
export function RequestCard(props: { onDone: () => void }) {
  const { t } = useTranslation();
  const yesterday = wibDate(new Date(serverNow().getTime() - 86_400_000));
  const [from, setFrom] = useState(`${yesterday.slice(0, 8)}01`);
  const [to, setTo] = useState(yesterday);
  const [format, setFormat] = useState<StatementFormat>('pdf');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const request = async () => {
    setBusy(true);
    const res = await client.call(statementCalls.create, { from, to, format });
    setBusy(false);
    if (res.rc !== '00') {
      showErrorDialog(res.rd);
      return;
    }
    setMessage(t('statements.requested'));
    props.onDone();
  };
  return (
    <Card withBorder>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          type="date"
          label={t('statements.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={170}
          data-testid="statement-from"
        />
        <TextInput
          type="date"
          label={t('statements.to')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          w={170}
          data-testid="statement-to"
        />
        <Select
          label={t('statements.format')}
          data={STATEMENT_FORMATS.map((f) => ({ value: f, label: t(`statements.formats.${f}`) }))}
          value={format}
          onChange={(v) => v && setFormat(v as StatementFormat)}
          allowDeselect={false}
          w={170}
          data-testid="statement-format"
        />
        <Button loading={busy} onClick={() => void request()} data-testid="statement-request">
          {t('statements.request')}
        </Button>
      </Group>
      {message && (
        <Text size="sm" mt="xs" c="green">
          {message}
        </Text>
      )}
      <Text mt="md" c="dimmed" size="sm">
        {t('statements.intro')}
      </Text>
    </Card>
  );
}
