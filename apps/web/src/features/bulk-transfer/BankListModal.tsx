import { BANKS } from '@gerbang/shared/domain/banks';
import { Modal, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The codes a row may name in bankCode (spec 02 §2.3 bank-list modal). */
export function BankListModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('bulk.banksTitle')} centered>
      <Table striped data-testid="bulk-bank-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>bankCode</Table.Th>
            <Table.Th>{t('bulk.col.bankCode')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {BANKS.map((b) => (
            <Table.Tr key={b.kodebank}>
              <Table.Td>{b.kodebank}</Table.Td>
              <Table.Td>{b.namabank}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
