import { RC } from '@gerbang/shared';
import {
  BULK_VA_LIMITS,
  type BulkVaRow,
  type StoreVaBulkResult,
} from '@gerbang/shared/contract/bulk-va';
import { bulkVaCalls } from '@gerbang/shared/contract/bulk-va-calls';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';
import { showErrorDialog } from '../../lib/dialogs';
import { groupFieldsProblem } from './group-save-form';

/**
 * The group save dialog (spec 03 §5.7): group name, description and transaction PIN, checked in
 * that order ('Please fill group name', 'Please fill group description', 'Please input your
 * transaction PIN'), then `transaction/store_va_bulk` with the rows and the password.
 */
export function GroupSaveModal(props: {
  opened: boolean;
  onClose: () => void;
  rows: BulkVaRow[];
  password: string;
  onSaved: (result: StoreVaBulkResult, message: string) => void;
  onRefused: (rd: string, data: unknown) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [desc, setDesc] = useState('');
  const [pin, setPin] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (props.opened) setPin('');
  }, [props.opened]);

  const save = async () => {
    const problem = groupFieldsProblem({ groupName: name, groupDesc: desc, pin });
    if (problem) return showErrorDialog(t(problem));
    setSaving(true);
    const res = await client.call(
      bulkVaCalls.store,
      { data: props.rows, password: props.password, groupName: name, groupDesc: desc, pin },
      { silent: true },
    );
    setSaving(false);
    if (res.rc !== RC.OK) return props.onRefused(res.rd, res.data);
    setName('');
    setDesc('');
    props.onSaved(res.data, res.rd);
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('bulkva.group.title')}
      centered
      data-testid="bulkva-group"
    >
      <Stack gap="sm">
        <Text size="sm">{t('bulkva.group.summary', { count: props.rows.length })}</Text>
        <TextInput
          label={t('bulkva.group.name')}
          value={name}
          maxLength={BULK_VA_LIMITS.textMax}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="bulkva-group-name"
        />
        <TextInput
          label={t('bulkva.group.desc')}
          value={desc}
          maxLength={BULK_VA_LIMITS.textMax}
          onChange={(e) => setDesc(e.currentTarget.value)}
          data-testid="bulkva-group-desc"
        />
        <PasswordInput
          label={t('bulkva.group.pin')}
          value={pin}
          maxLength={BULK_VA_LIMITS.secretMax}
          inputMode="numeric"
          autoComplete="off"
          onChange={(e) => setPin(e.currentTarget.value)}
          data-testid="bulkva-group-pin"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('bulkva.group.cancel')}
          </Button>
          <Button onClick={save} loading={saving} data-testid="bulkva-group-save">
            {t('bulkva.group.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
