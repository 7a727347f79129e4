import type { VaBankItem } from '@gerbang/shared/contract/bulk-va';
import { Modal, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The banks a row may name in `kode_bank` (spec 03 §2.8 "add bank" modal). */
export function BankListModal({
  opened,
  onClose,
  banks,
}: {
  opened: boolean;
  onClose: () => void;
  banks: VaBankItem[];
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('bulkva.banksTitle')} centered>
      <Table striped data-testid="bulkva-bank-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>kode_bank</Table.Th>
            <Table.Th>{t('bulkva.col.kode_bank')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {banks.map((b) => (
            <Table.Tr key={b.kodeBank}>
              <Table.Td>{b.kodeBank}</Table.Td>
              <Table.Td>{b.namaBank}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
