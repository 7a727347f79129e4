import { formatRupiah, RC } from '@gerbang/shared';
import type { NameHold, NameHoldOutcome } from '@gerbang/shared/contract/beneficiaries';
import { beneficiaryCalls } from '@gerbang/shared/contract/beneficiaries-calls';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeldDecisionModal } from '../../components/HeldDecisionModal';
import { client } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';

type Decision = { action: 'release' | 'reject'; holds: NameHold[] };

/**
 * Payouts held because the bank returned another name than the saved one. Everyone who
 * reads the book sees them; only a user with the name-mismatch override right may release or
 * reject (the server decides; the buttons only follow its `can_override`).
 */
export function NameHolds({ onDecided }: { onDecided(): void }) {
  const { t } = useTranslation();
  const [holds, setHolds] = useState<NameHold[] | null>(null);
  const [canOverride, setCanOverride] = useState(false);
  const [decision, setDecision] = useState<Decision | null>(null);
  // Several holds decided with one PIN entry (a bulk group's renamed rows).
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());

  const load = useCallback(async () => {
    const res = await client.call(beneficiaryCalls.holds, undefined, { silent: true });
    if (res.rc !== RC.OK) return;
    setHolds(res.data.items);
    setCanOverride(res.data.can_override);
    setChosen(new Set());
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
        {canOverride && chosen.size > 0 && (
          <ChosenActions
            count={chosen.size}
            onDecide={(action) =>
              setDecision({ action, holds: holds.filter((h) => chosen.has(h.submission_id)) })
            }
          />
        )}
        {holds.map((hold) => (
          <HoldCard
            key={hold.submission_id}
            hold={hold}
            canOverride={canOverride}
            chosen={chosen.has(hold.submission_id)}
            onChoose={(on) => setChosen(toggled(chosen, hold.submission_id, on))}
            onDecide={(action) => setDecision({ action, holds: [hold] })}
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

function toggled(set: ReadonlySet<number>, id: number, on: boolean): ReadonlySet<number> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

function ChosenActions({
  count,
  onDecide,
}: {
  count: number;
  onDecide(action: 'release' | 'reject'): void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" data-testid="name-holds-chosen">
      <Button size="xs" onClick={() => onDecide('release')} data-testid="hold-release-chosen">
        {t('beneficiaries.holds.releaseChosen', { count })}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => onDecide('reject')}
        data-testid="hold-reject-chosen"
      >
        {t('beneficiaries.holds.rejectChosen', { count })}
      </Button>
    </Group>
  );
}

function HoldCard({
  hold,
  canOverride,
  chosen,
  onChoose,
  onDecide,
}: {
  hold: NameHold;
  canOverride: boolean;
  chosen: boolean;
  onChoose(on: boolean): void;
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
        {field(t('beneficiaries.holds.expiresAt'), hold.expires_at, 'hold-expires-at')}
      </SimpleGrid>
      {canOverride && (
        <Group justify="flex-end" mt="xs" gap="xs">
          <Checkbox
            mr="auto"
            size="xs"
            checked={chosen}
            onChange={(e) => onChoose(e.currentTarget.checked)}
            label={t('beneficiaries.holds.choose')}
            data-testid="hold-choose"
          />
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

/** One PIN entry to release or reject the chosen held payouts; the server answers each outcome. */
function HoldDecisionModal({
  decision,
  onDone,
}: {
  decision: Decision;
  onDone(changed: boolean): void;
}) {
  const { t } = useTranslation();
  const { action, holds } = decision;
  const submit = async (pin: string, reason: string) => {
    const call = action === 'release' ? beneficiaryCalls.release : beneficiaryCalls.reject;
    const ids = holds.map((h) => h.submission_id);
    const res = await client.call(call, { ids, pin, reason });
    if (res.rc !== RC.OK) return;
    const outcomeOf = (id: number): NameHoldOutcome =>
      res.data.results.find((r) => r.id === id)?.outcome ?? 'not_found';
    const done = (o: NameHoldOutcome) => o === 'released' || o === 'rejected';
    const text =
      holds.length === 1
        ? t(`beneficiaries.holds.outcomes.${outcomeOf(ids[0] as number)}`)
        : holds
            .map(
              (h) =>
                `${h.reference}: ${t(`beneficiaries.holds.outcomes.${outcomeOf(h.submission_id)}`)}`,
            )
            .join('; ');
    if (ids.every((id) => done(outcomeOf(id)))) showInfoDialog(text);
    else showErrorDialog(text);
    onDone(true);
  };
  return (
    <HeldDecisionModal
      title={t(`beneficiaries.holds.${action}`)}
      summary={decisionSummary(t, decision)}
      submitLabel={t(`beneficiaries.holds.${action}`)}
      danger={action === 'reject'}
      pin={{ label: t('beneficiaries.holds.pin'), maxLength: 6 }}
      reason={
        action === 'reject' ? { label: t('beneficiaries.holds.reason'), maxLength: 200 } : undefined
      }
      testId="hold"
      submit={submit}
      onClose={() => onDone(false)}
    />
  );
}

function decisionSummary(t: TFunction, { action, holds }: Decision): string {
  const [hold] = holds;
  if (holds.length === 1 && hold) {
    return action === 'release'
      ? t('beneficiaries.holds.confirmRelease', {
          reference: hold.reference,
          found: hold.found_name,
        })
      : t('beneficiaries.holds.confirmReject', { reference: hold.reference });
  }
  const total = formatRupiah(holds.reduce((sum, h) => sum + h.amount, 0));
  return action === 'release'
    ? t('beneficiaries.holds.confirmReleaseMany', { count: holds.length, total })
    : t('beneficiaries.holds.confirmRejectMany', { count: holds.length, total });
}
