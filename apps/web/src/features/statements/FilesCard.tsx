import type { StatementFile } from '@gerbang/shared/contract/statements';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const TONES: Record<number, string> = { 0: 'gray', 2: 'blue', 3: 'green', 4: 'red' };

/** The user's latest statements: period, format, status, lines and the download link. */
export function FilesCard(props: { files: StatementFile[] | null; onRefresh: () => void }) {
  const { t } = useTranslation();
  const files = props.files ?? [];
  const status = (f: StatementFile) => (
    <Badge color={TONES[f.status] ?? 'gray'} variant="light">
      {t(`statements.status.${f.status}`)}
    </Badge>
  );
  const link = (f: StatementFile) =>
    f.download ? (
      <Anchor href={f.download} download data-testid={`statement-download-${f.id}`}>
        {t('statements.download')}
      </Anchor>
    ) : f.error ? (
      <Text size="xs" c="red">
        {t(f.error)}
      </Text>
    ) : null;
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('statements.files')}</Title>
        <Button variant="light" size="xs" onClick={props.onRefresh}>
          {t('statements.refresh')}
        </Button>
      </Group>
      {files.length === 0 && <Text c="dimmed">{t('statements.noFiles')}</Text>}
      {files.length > 0 && (
        <>
          <Table striped visibleFrom="sm" data-testid="statement-files">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('statements.period')}</Table.Th>
                <Table.Th>{t('statements.format')}</Table.Th>
                <Table.Th>{t('statements.lines')}</Table.Th>
                <Table.Th>{t('statements.statusLabel')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    {f.from} – {f.to}
                  </Table.Td>
                  <Table.Td>{t(`statements.formats.${f.format}`)}</Table.Td>
                  <Table.Td>{f.line_count ?? ''}</Table.Td>
                  <Table.Td>{status(f)}</Table.Td>
                  <Table.Td>{link(f)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack hiddenFrom="sm" gap="xs">
            {files.map((f) => (
              <Card key={f.id} withBorder padding="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {f.from} – {f.to}
                  </Text>
                  {status(f)}
                </Group>
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {t(`statements.formats.${f.format}`)}
                    {f.line_count !== null ? ` · ${f.line_count} ${t('statements.lines')}` : ''}
                  </Text>
                  {link(f)}
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </Card>
  );
}
