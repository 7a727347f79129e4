import { RC } from '@gerbang/shared';
import { BENEFICIARY_ACCESS } from '@gerbang/shared/contract/access-rules';
import { beneficiaryCalls } from '@gerbang/shared/contract/beneficiaries-calls';
import { Button } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../lib/api';
import { showInfoDialog } from '../lib/dialogs';
import { useSession } from '../lib/session';

/**
 * "Save as favourite" on a withdraw or transfer receipt (issue 24): the server copies the payout's
 * destination and the name its inquiry returned into the beneficiary book. Shown only to users
 * who may save (the server refuses the others anyway).
 */
export function SaveAsFavouriteButton({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const { verdict } = useSession();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  if (verdict(BENEFICIARY_ACCESS.update) !== 'allowed') return null;
  const save = async () => {
    setBusy(true);
    const res = await client.call(beneficiaryCalls.saveFromTransaction, {
      id_transaksi: reference,
    });
    setBusy(false);
    if (res.rc !== RC.OK) return;
    setSaved(true);
    showInfoDialog(t('beneficiaries.savedFromReceipt'));
  };
  return (
    <Button
      variant="light"
      leftSection={<IconStar size={16} />}
      onClick={() => void save()}
      loading={busy}
      disabled={saved}
      data-testid="save-favourite"
    >
      {t('beneficiaries.saveFromReceipt')}
    </Button>
  );
}
