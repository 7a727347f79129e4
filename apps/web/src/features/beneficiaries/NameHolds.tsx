import { formatRupiah, RC } from '@gerbang/shared';
import type { NameHold, NameHoldOutcome } from '@gerbang/shared/contract/beneficiaries';
import { beneficiaryCalls } from '@gerbang/shared/contract/beneficiaries-calls';
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';

type Decision = { action: 'release' | 'reject'; hold: NameHold };

/**
 * Payouts held because the bank returned another name than the saved one (issue 24). Everyone who
 * reads the book sees them; only a user with the name-mismatch override right may release or
 * reject (the server decides; the buttons only follow its `can_override`).
 */
export function NameHolds({ onDecided }: { onDecided(): void }) {
  const { t } = useTranslation();
  const [holds, setHolds] = useState<NameHold[] | null>(null);
  const [canOverride, setCanOverride] = useState(false);
  const [decision, setDecision] = useState<Decision | null>(null);

  const load = useCallback(async () => {
    const res = await client.call(beneficiaryCalls.holds, undefined, { silent: true });
    if (res.rc !== RC.OK) return;
    setHolds(res.data.items);
    setCanOverride(res.data.can_override);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (!holds || holds.length === 0) return null;
  return (
    <Card withBorder radius="md" p="md" data-testid="name-holds">
      <Stack gap="sm">
        <Title order={4}>{t('beneficiaries.holds.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('beneficiaries.holds.hint')}
        </Text>
        {!canOverride && (
          <Alert color="yellow" data-testid="name-holds-no-permission">
            {t('beneficiaries.holds.noPermission')}
          </Alert>
        )}
        {holds.map((hold) => (
          <HoldCard
            key={hold.submission_id}
            hold={hold}
            canOverride={canOverride}
            onDecide={(action) => setDecision({ action, hold })}
          />
        ))}
      </Stack>
      {decision && (
        <HoldDecisionModal
          decision={decision}
          onDone={(changed) => {
            setDecision(null);
            if (!changed) return;
            void load();
            // A release saves the confirmed name in the book.
            onDecided();
          }}
        />
      )}
    </Card>
  );
}

function HoldCard({
  hold,
  canOverride,
  onDecide,
}: {
  hold: NameHold;
  canOverride: boolean;
  onDecide(action: 'release' | 'reject'): void;
}) {
  const { t } = useTranslation();
  const field = (label: string, value: string, testId?: string) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
  return (
    <Card withBorder radius="sm" p="sm" data-testid={`name-hold-${hold.reference}`}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {field(t('beneficiaries.holds.reference'), hold.reference)}
        {field(t('beneficiaries.holds.amount'), formatRupiah(hold.amount))}
        {field(t('beneficiaries.holds.destination'), hold.destination)}
        {field(t('beneficiaries.holds.createdAt'), hold.created_at)}
        {field(t('beneficiaries.holds.savedName'), hold.saved_name, 'hold-saved-name')}
        {field(t('beneficiaries.holds.foundName'), hold.found_name, 'hold-found-name')}
        {field(t('beneficiaries.holds.maker'), hold.maker ?? '-')}
      </SimpleGrid>
      {canOverride && (
        <Group justify="flex-end" mt="xs" gap="xs">
          <Button size="xs" onClick={() => onDecide('release')} data-testid="hold-release">
            {t('beneficiaries.holds.release')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => onDecide('reject')}
            data-testid="hold-reject"
          >
            {t('beneficiaries.holds.reject')}
          </Button>
        </Group>
      )}
    </Card>
  );
}

/** One PIN entry to release or reject a held payout; the server answers each outcome. */
function HoldDecisionModal({
  decision,
  onDone,
}: {
  decision: Decision;
  onDone(changed: boolean): void;
}) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { action, hold } = decision;
  const send = async () => {
    setBusy(true);
    const call = action === 'release' ? beneficiaryCalls.release : beneficiaryCalls.reject;
    const res = await client.call(call, { ids: [hold.submission_id], pin, reason });
    setBusy(false);
    if (res.rc !== RC.OK) return;
    const outcome = res.data.results[0]?.outcome as NameHoldOutcome | undefined;
    const text = t(`beneficiaries.holds.outcomes.${outcome ?? 'not_found'}`);
    if (outcome === 'released' || outcome === 'rejected') showInfoDialog(text);
    else showErrorDialog(text);
    onDone(true);
  };
  return (
    <Modal opened onClose={() => onDone(false)} title={t(`beneficiaries.holds.${action}`)} centered>
      <Stack gap="sm" data-testid="hold-decision">
        <Text size="sm">
          {action === 'release'
            ? t('beneficiaries.holds.confirmRelease', {
                reference: hold.reference,
                found: hold.found_name,
              })
            : t('beneficiaries.holds.confirmReject', { reference: hold.reference })}
        </Text>
        {action === 'reject' && (
          <Textarea
            label={t('beneficiaries.holds.reason')}
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        )}
        <PasswordInput
          label={t('beneficiaries.holds.pin')}
          value={pin}
          maxLength={6}
          autoComplete="off"
          onChange={(e) => setPin(e.currentTarget.value)}
          data-testid="hold-pin"
        />
        <Group justify="flex-end">
          <Button
            color={action === 'release' ? undefined : 'red'}
            loading={busy}
            onClick={() => void send()}
            data-testid="hold-send"
          >
            {t(`beneficiaries.holds.${action}`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
