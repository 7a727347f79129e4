import { type FactorCalls, factorCalls } from '@gerbang/shared/contract/factor-calls';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18next, loadCatalogParts } from '../../lib/i18n';
import { loadModals } from '../../lib/lazy-modals';
import { type Caller, portalCaller } from './caller';
import { FactorProofForm } from './FactorProofForm';

type StepUpCalls = Pick<FactorCalls, 'stepUp' | 'stepUpPasskeyOptions' | 'stepUpPasskey'>;

/**
 * The step-up dialog (ADR 010): opened by the API client when a call answers rc SU. Resolves
 * true once the second factor is proved (the client then sends the call again), false when closed.
 */
export async function askStepUp(
  calls: StepUpCalls = factorCalls,
  caller: Caller = portalCaller,
): Promise<boolean> {
  await Promise.all([loadModals(), loadCatalogParts('security')]);
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      resolve(ok);
    };
    const id = modals.open({
      title: i18next.t('security.stepUp.title'),
      centered: true,
      onClose: () => done(false),
      children: (
        <div data-testid="step-up-dialog">
          <Text size="sm" mb="sm">
            {i18next.t('security.stepUp.intro')}
          </Text>
          <FactorProofForm
            passkey
            submitLabel={i18next.t('security.stepUp.submit')}
            calls={{
              submitCode: (code) => caller(calls.stepUp, { code }),
              passkeyOptions: () => caller(calls.stepUpPasskeyOptions, {}),
              submitPasskey: (response) => caller(calls.stepUpPasskey, { response }),
            }}
            onPassed={() => {
              done(true);
              modals.close(id);
            }}
          />
        </div>
      ),
    });
  });
}
