import { AGENT_GROUP } from '@gerbang/shared';
import { signupCalls } from '@gerbang/shared/contract/signup-calls';
import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callKey, client } from '../lib/api';
import { useLoggedIn } from '../lib/session';

/**
 * Shown instead of a money feature to a business not activated yet (spec 02 §1), with the state of
 * its activation request (not submitted, waiting for review, rejected with the reason)
 * and, for the main user, the button that (re)submits it. It is the one activation banner: for
 * agent group 3 it also carries the spec's prompt to activate the business (spec 01 §2), until the
 * request is waiting for review — then the state says what happens next, and a prompt to do what
 * is already done would only contradict it.
 */
export function ActivationNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const state = useQuery({
    queryKey: callKey(signupCalls.registration),
    // A sub-user may not read it (main user only): the notice then shows no request state.
    queryFn: async () => {
      const res = await client.call(signupCalls.registration, undefined, { silent: true });
      return res.rc === '00' ? res.data : null;
    },
  });
  const reg = state.data?.registration ?? null;
  const prompts =
    useLoggedIn().agent.id_grup === AGENT_GROUP.INACTIVE_BUSINESS &&
    state.data !== undefined &&
    reg?.status !== 'waiting';
  async function submit() {
    setBusy(true);
    await client.call(signupCalls.activation, {});
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: callKey(signupCalls.registration) });
  }
  return (
    <Alert
      color="yellow"
      icon={<IconLock />}
      data-testid="activation-notice"
      title={t('common.activationTitle')}
    >
      <Stack gap="xs">
        <Text size="sm">{t('common.activationNotice')}</Text>
        {prompts && (
          <Text size="sm" fw={600} data-testid="activate-business">
            {t('common.activateBusinessPrompt')}
          </Text>
        )}
        {state.data && (
          <Group gap="xs" data-testid="activation-state">
            <Text size="sm" fw={600}>
              {t('signup.activation.state')}:
            </Text>
            <Badge
              color={
                reg?.status === 'rejected' ? 'red' : reg?.status === 'waiting' ? 'blue' : 'gray'
              }
            >
              {t(`signup.activation.${reg && reg.kind === 'BUSINESS' ? reg.status : 'draft'}`)}
            </Badge>
          </Group>
        )}
        {reg?.status === 'rejected' && reg.reason && (
          <Text size="sm" c="red" data-testid="activation-reason">
            {t('signup.activation.reason', { reason: reg.reason })}
          </Text>
        )}
        {state.data && reg?.kind !== 'BUSINESS' && (
          <Anchor href="/signup/business" size="sm">
            {t('signup.activation.register')}
          </Anchor>
        )}
        {reg?.kind === 'BUSINESS' && (reg.status === 'draft' || reg.status === 'rejected') && (
          <Group>
            <Button size="xs" loading={busy} onClick={submit} data-testid="activation-submit">
              {t(
                reg.status === 'rejected'
                  ? 'signup.activation.resubmit'
                  : 'signup.activation.submit',
              )}
            </Button>
            {reg.status === 'rejected' && (
              <Anchor href="/signup/business" size="sm">
                {t('signup.activation.edit')}
              </Anchor>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
