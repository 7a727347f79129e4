import { Loader, Paper, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Drop a CSV or XLSX file here, or click to choose one (keyboard: Enter or Space). */
export function DropZone({ busy, onFile }: { busy: boolean; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onFile(file);
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      role="button"
      tabIndex={0}
      aria-label={t('bulkva.drop')}
      data-testid="bulkva-drop"
      onClick={() => !busy && input.current?.click()}
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && !busy) {
          e.preventDefault();
          input.current?.click();
        }
      }}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!busy) pick(e.dataTransfer.files);
      }}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        cursor: busy ? 'wait' : 'pointer',
        background: over ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Stack align="center" gap={6}>
        {busy ? <Loader size="md" /> : <IconFileSpreadsheet size={40} stroke={1.4} />}
        <Text size="sm" fw={500} ta="center">
          {busy ? t('bulkva.reading') : t('bulkva.drop')}
        </Text>
        <Text size="xs" c="dimmed" ta="center">
          {t('bulkva.dropHint')}
        </Text>
      </Stack>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        data-testid="bulkva-file"
        onChange={(e) => {
          pick(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
    </Paper>
  );
}
