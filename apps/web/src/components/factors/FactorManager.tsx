import { formatWibDateTime } from '@gerbang/shared';
import type { FactorCalls } from '@gerbang/shared/contract/factor-calls';
import type { FactorListDto } from '@gerbang/shared/contract/factors';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceMobile, IconKey, IconShieldCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, callKey } from '../../lib/api';
import { type Caller, portalCaller } from './caller';
import { EnrolPasskey } from './EnrolPasskey';
import { EnrolTotp } from './EnrolTotp';
import { RecoveryCodesModal } from './RecoveryCodesModal';

type Adding = 'totp' | 'passkey' | null;

/** The owner's factors, through the side's client. */
function useFactorList(calls: FactorCalls, caller: Caller) {
  return useQuery({
    queryKey: callKey(calls.list),
    queryFn: async () => {
      const res = await caller(calls.list);
      if (res.rc !== '00') throw new ApiFailure(res.rc, res.rd);
      return res.data as FactorListDto;
    },
  });
}

/**
 * A user's second factors (portal or console, by the calls given): the list, TOTP and passkey
 * enrolment, removal, and recovery codes. `onEnrolled` runs after a factor is added (the login's
 * enrolment step continues into the app).
 */
export function FactorManager({
  calls,
  onEnrolled,
  caller = portalCaller,
}: {
  calls: FactorCalls;
  onEnrolled?: () => void;
  caller?: Caller;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useFactorList(calls, caller);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState<Adding>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: callKey(calls.list) });

  const enrolled = (recoveryCodes: string[] | null) => {
    setAdding(null);
    void refresh();
    if (recoveryCodes) setCodes(recoveryCodes);
    else onEnrolled?.();
  };
  const remove = async (id: number) => {
    setRemoving(null);
    const res = await caller(calls.remove, { id });
    setError(res.rc === '00' ? null : res.rd);
    if (res.rc === '00') void refresh();
  };
  const regenerate = async () => {
    const res = await caller(calls.regenerateCodes, {});
    setError(res.rc === '00' ? null : res.rd);
    if (res.rc === '00') {
      setCodes(res.data.recovery_codes);
      void refresh();
    }
  };

  const data = list.data;
  return (
    <Stack gap="md" data-testid="factor-manager">
      <Text size="sm" c="dimmed">
        {t('security.factors.intro')}
      </Text>
      {data?.required && (
        <Alert color="blue" py={6} icon={<IconShieldCheck size={16} />}>
          {t('security.factors.required')}
        </Alert>
      )}
      {error && (
        <Alert color="red" py={6} data-testid="factor-manager-error">
          {error}
        </Alert>
      )}
      {data && data.factors.length === 0 && (
        <Text size="sm" data-testid="factor-none">
          {t('security.factors.none')}
        </Text>
      )}
      {data?.factors.map((factor) => (
        <FactorRow
          key={factor.id}
          factor={factor}
          confirming={removing === factor.id}
          onAsk={() => setRemoving(factor.id)}
          onCancel={() => setRemoving(null)}
          onRemove={() => void remove(factor.id)}
        />
      ))}
      <Group gap="sm">
        <Button
          leftSection={<IconDeviceMobile size={16} />}
          onClick={() => setAdding('totp')}
          data-testid="add-totp"
        >
          {t('security.factors.addTotp')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconKey size={16} />}
          onClick={() => setAdding('passkey')}
          data-testid="add-passkey"
        >
          {t('security.factors.addPasskey')}
        </Button>
      </Group>
      {data && data.factors.length > 0 && (
        <RecoveryCard left={data.recovery_codes_left} onRegenerate={() => void regenerate()} />
      )}
      <Modal
        opened={adding !== null}
        onClose={() => setAdding(null)}
        title={adding === 'passkey' ? t('security.passkey.title') : t('security.totp.title')}
        centered
      >
        {adding === 'totp' && <EnrolTotp calls={calls} caller={caller} onEnrolled={enrolled} />}
        {adding === 'passkey' && (
          <EnrolPasskey calls={calls} caller={caller} onEnrolled={enrolled} />
        )}
      </Modal>
      <RecoveryCodesModal
        codes={codes}
        onClose={() => {
          setCodes(null);
          onEnrolled?.();
        }}
      />
    </Stack>
  );
}

type Factor = FactorListDto['factors'][number];

/** One factor: what it is, when added and last used, and its removal (asked twice). */
function FactorRow({
  factor,
  confirming,
  onAsk,
  onCancel,
  onRemove,
}: {
  factor: Factor;
  confirming: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid="factor-row">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap">
          {factor.kind === 'totp' ? <IconDeviceMobile size={20} /> : <IconKey size={20} />}
          <div>
            <Group gap={6}>
              <Text fw={600} size="sm">
                {factor.kind === 'totp' ? t('security.factors.totp') : factor.name}
              </Text>
              {factor.kind === 'passkey' && (
                <Badge size="xs" variant="light">
                  {t('security.factors.passkey')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t('security.factors.added', {
                date: formatWibDateTime(new Date(factor.created_at)),
              })}
              {' · '}
              {factor.last_used_at
                ? t('security.factors.lastUsed', {
                    date: formatWibDateTime(new Date(factor.last_used_at)),
                  })
                : t('security.factors.neverUsed')}
            </Text>
          </div>
        </Group>
        {confirming ? (
          <Group gap={6}>
            <Text size="xs">{t('security.factors.removeConfirm')}</Text>
            <Button
              size="compact-sm"
              color="red"
              onClick={onRemove}
              data-testid="factor-remove-yes"
            >
              {t('security.factors.remove')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={onCancel}>
              {t('security.stepUp.cancel')}
            </Button>
          </Group>
        ) : (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={onAsk}
            data-testid="factor-remove"
          >
            {t('security.factors.remove')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** How many recovery codes are left, and new ones (they replace the old). */
function RecoveryCard({ left, onRegenerate }: { left: number; onRegenerate: () => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={600} size="sm">
            {t('security.recovery.title')}
          </Text>
          <Text size="xs" c="dimmed" data-testid="recovery-left">
            {t('security.recovery.left', { n: left })}
          </Text>
        </div>
        <Button size="compact-sm" variant="default" onClick={onRegenerate}>
          {t('security.recovery.regenerate')}
        </Button>
      </Group>
    </Card>
  );
}
