import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorDialog } from '../../lib/dialogs';
import type { ReconApi } from './recon-api';

/** Every hand decision carries a note (3–500 characters; the server checks it and audits it). */
export function NoteModal(props: {
  api: ReconApi;
  action: { kind: 'match' | 'unmatch' | 'writeOff'; ids: number[] } | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const { action } = props;
  const submit = async () => {
    if (!action) return;
    setBusy(true);
    const [a = 0, b = 0] = action.ids;
    const res =
      action.kind === 'match'
        ? await props.api.match({ line_result_id: a, item_result_id: b, note })
        : action.kind === 'unmatch'
          ? await props.api.unmatch({ result_id: a, note })
          : await props.api.writeOff({ result_id: a, note });
    setBusy(false);
    if (res.rc !== '00') {
      showErrorDialog(res.rd);
      return;
    }
    setNote('');
    props.onClose();
    props.onDone();
  };
  return (
    <Modal
      opened={action !== null}
      onClose={props.onClose}
      title={action ? t(`recon.actions.${action.kind}`) : ''}
    >
      <Stack>
        <Textarea
          label={t('recon.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('recon.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            {t('recon.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
