import { formatRupiah } from '@gerbang/shared';
import type { ReconResult } from '@gerbang/shared/contract/reconciliation';
import { Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

const STATUS_COLORS: Record<ReconResult['status'], string> = {
  matched: 'green.8',
  amount_mismatch: 'orange.8',
  unmatched_line: 'red.8',
  unmatched_item: 'red.8',
  written_off: 'gray.7',
};

export type Action = { kind: 'match' | 'unmatch' | 'writeOff'; ids: number[] };

/** The results: the open exceptions by default; a line and an item are chosen to match by hand. */
export function ResultsTable(props: {
  rows: ReconResult[] | null;
  chosen: Set<number>;
  setChosen: (update: (s: Set<number>) => Set<number>) => void;
  mayUpdate: boolean;
  mayWriteOff: boolean;
  /** The provider's queue spans merchants: each row says whose ledger item it is. */
  manyMerchants?: boolean;
  onAction: (action: Action) => void;
}) {
  const { t } = useTranslation();
  const { rows, chosen, mayUpdate, mayWriteOff } = props;
  const toggle = (id: number) =>
    props.setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const setAction = props.onAction;
  return (
    <>
      <Table.ScrollContainer minWidth={940}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{t('recon.cols.day')}</Table.Th>
              <Table.Th>{t('recon.cols.status')}</Table.Th>
              <Table.Th>{t('recon.cols.line')}</Table.Th>
              <Table.Th ta="right">{t('recon.cols.lineAmount')}</Table.Th>
              {props.manyMerchants && <Table.Th>{t('recon.cols.merchant')}</Table.Th>}
              <Table.Th>{t('recon.cols.item')}</Table.Th>
              <Table.Th ta="right">{t('recon.cols.itemAmount')}</Table.Th>
              <Table.Th ta="right">{t('recon.cols.drift')}</Table.Th>
              <Table.Th>{t('recon.cols.note')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rows ?? []).map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  {mayUpdate &&
                    (r.status === 'unmatched_line' || r.status === 'unmatched_item') && (
                      <Checkbox
                        aria-label={t('recon.choose')}
                        checked={chosen.has(r.id)}
                        onChange={() => toggle(r.id)}
                      />
                    )}
                </Table.Td>
                <Table.Td style={NOWRAP}>{r.day}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} c={STATUS_COLORS[r.status]} miw={130}>
                    {t(`recon.statuses.${r.status}`)}
                  </Text>
                </Table.Td>
                <Table.Td>{r.line_reference ?? (r.file_line ? `#${r.file_line}` : '—')}</Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {r.line_amount === null ? '—' : formatRupiah(r.line_amount)}
                </Table.Td>
                {props.manyMerchants && <Table.Td>{r.merchant ?? '—'}</Table.Td>}
                <Table.Td>{r.item_reference ?? '—'}</Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {r.item_amount === null ? '—' : formatRupiah(r.item_amount)}
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {formatRupiah(r.drift)}
                </Table.Td>
                <Table.Td>
                  {r.note && !r.method
                    ? t(`recon.reasons.${r.note}`, { defaultValue: r.note })
                    : (r.note ?? '')}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {mayUpdate && (r.status === 'matched' || r.status === 'amount_mismatch') && (
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setAction({ kind: 'unmatch', ids: [r.id] })}
                      >
                        {t('recon.unmatch')}
                      </Button>
                    )}
                    {mayWriteOff &&
                      ['amount_mismatch', 'unmatched_line', 'unmatched_item'].includes(
                        r.status,
                      ) && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="gray"
                          onClick={() => setAction({ kind: 'writeOff', ids: [r.id] })}
                        >
                          {t('recon.writeOff')}
                        </Button>
                      )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows !== null && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {t('recon.empty')}
        </Text>
      )}
    </>
  );
}
