import { formatRupiah } from '@gerbang/shared';
import type { ReconResult } from '@gerbang/shared/contract/reconciliation';
import { Card, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReconApi } from './recon-api';

type Day = {
  day: string;
  lines: number;
  matched: number;
  exceptions: number;
  written_off: number;
  match_rate: number;
  drift: number;
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last 31 days of the account: match rate and open drift per day. */
export function SummaryCard(props: { api: ReconApi; account: ReconResult['account'] }) {
  const { t, i18n } = useTranslation();
  // The rate with the reader's decimal mark (50,0% in Indonesian, 50.0% in English).
  const percent = new Intl.NumberFormat(i18n.language === 'id' ? 'id-ID' : 'en-US', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const [days, setDays] = useState<Day[]>([]);
  useEffect(() => {
    const to = new Date();
    const from = new Date(to.getTime() - 31 * 86_400_000);
    void props.api
      .summary({ account: props.account, from: isoDay(from), to: isoDay(to) })
      .then((res) => {
        if (res.rc === '00') setDays(res.data.days);
      });
  }, [props.api, props.account]);
  return (
    <Card withBorder>
      <Title order={4} mb="xs">
        {t('recon.summary')}
      </Title>
      {days.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('recon.noSummary')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('recon.cols.day')}</Table.Th>
                <Table.Th ta="right">{t('recon.cols.lines')}</Table.Th>
                <Table.Th ta="right">{t('recon.cols.matchRate')}</Table.Th>
                <Table.Th ta="right">{t('recon.cols.exceptions')}</Table.Th>
                <Table.Th ta="right">{t('recon.cols.drift')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((d) => (
                <Table.Tr key={d.day}>
                  <Table.Td>{d.day}</Table.Td>
                  <Table.Td ta="right">{d.lines}</Table.Td>
                  <Table.Td ta="right">{percent.format(d.match_rate)}</Table.Td>
                  <Table.Td ta="right">{d.exceptions}</Table.Td>
                  <Table.Td ta="right">{formatRupiah(d.drift)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
