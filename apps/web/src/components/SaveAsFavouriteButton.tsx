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
 * "Save as favourite" on a withdraw or transfer receipt: the server copies the payout's
 * destination and the name its inquiry returned into the beneficiary book. Shown only to users
 * who may save (the server refuses the others anyway).
 */
export function SaveAsFavouriteButton({
  reference,
  compact = false,
}: {
  reference: string;
  /** A small link-like button (a receipt's line), not the receipt's full-width one. */
  compact?: boolean;
}) {
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
      variant={compact ? 'subtle' : 'light'}
      size={compact ? 'compact-xs' : 'sm'}
      leftSection={<IconStar size={compact ? 12 : 16} />}
      onClick={() => void save()}
      loading={busy}
      disabled={saved}
      data-testid="save-favourite"
    >
      {t('beneficiaries.saveFromReceipt')}
    </Button>
  );
}
