import { formatRupiah, formatThousands, RC } from '@gerbang/shared';
import { TOPUP_LIMITS, type TopupResult } from '@gerbang/shared/contract/topup';
import { topupCalls } from '@gerbang/shared/contract/topup-calls';
import {
  Button,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Captcha, type CaptchaHandle } from '../../components/Captcha';
import { client } from '../../lib/api';
import { showErrorDialog } from '../../lib/dialogs';
import { firstErrorMessage, patchForm } from '../../lib/forms/spec-form';
import { useLoggedIn } from '../../lib/session';
import { TopupSuccess } from './TopupSuccess';
import { EMPTY_TOPUP_FORM as EMPTY, type TopupForm as Form, topupResolver } from './topup-form';
import { useTopupBanks } from './useTopupLookups';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Manual transfer (spec 02 §2.5, §4, §5): bank, amount (formatted as a price while typing),
 * account password and captcha (not for test users); the 3-second loading modal; then the order
 * to pay — the exact total with its unique code — with a countdown to its expiry.
 */
export function ManualTab() {
  const { t } = useTranslation();
  const session = useLoggedIn();
  const banks = useTopupBanks();
  const captchaRef = useRef<CaptchaHandle>(null);
  const formState = useForm<Form>({
    defaultValues: EMPTY,
    resolver: topupResolver(session.is_test_user),
  });
  const form = formState.watch();
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<TopupResult | null>(null);
  const change = (next: Partial<Form>) => patchForm(formState, next);
  const warn = (message: string, title?: string) =>
    showErrorDialog(message, title ?? t('common.attention'));

  const submit = async (form: Form) => {
    const nominal = Number(form.nominal || '0');
    setLoading(true);
    const [res] = await Promise.all([
      client.call(
        topupCalls.topup,
        {
          username: session.user.username,
          kodeBank: form.kodeBank,
          nominal: String(nominal),
          password: form.password,
          recaptcha: form.captcha,
        },
        { silent: true },
      ),
      // Spec 02 §4, §9: the loading modal stays 3 seconds.
      wait(TOPUP_LIMITS.loadingModalMs),
    ]);
    setLoading(false);
    if (res.rc === RC.OK && res.data) {
      setResult(res.data);
      formState.reset(EMPTY);
      return;
    }
    captchaRef.current?.reset();
    change({ captcha: '' });
    if (res.rc === RC.GENERIC) warn(t('topup.somethingWrong'), t('topup.failed'));
    else warn(res.rd || t('topup.somethingWrong'), t('topup.failed'));
  };

  const showFirstProblem = (problem: string | null) => {
    if (!problem) return;
    warn(
      t(problem, {
        min: formatRupiah(TOPUP_LIMITS.minAmount),
        max: formatRupiah(TOPUP_LIMITS.maxAmount),
      }),
    );
  };

  if (result) return <TopupSuccess result={result} onAgain={() => setResult(null)} />;

  return (
    <>
      <form
        noValidate
        onSubmit={formState.handleSubmit(submit, (errors) =>
          showFirstProblem(firstErrorMessage(errors)),
        )}
        data-testid="topup-form"
      >
        <Stack gap="md">
          <Select
            label={t('topup.manual.bank')}
            placeholder={t('topup.manual.bankPlaceholder')}
            data={(banks.data ?? []).map((b) => ({
              value: b.codeBank,
              label: `${b.codeBank} - ${b.namaBank}`,
            }))}
            value={form.kodeBank || null}
            onChange={(value) => change({ kodeBank: value ?? '' })}
            nothingFoundMessage={t('common.noData')}
            data-testid="topup-bank"
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('topup.manual.nominal')}
            inputMode="numeric"
            leftSection={<Text size="sm">Rp.</Text>}
            value={form.nominal ? formatThousands(Number(form.nominal)) : ''}
            onChange={(event) => {
              const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, 13);
              change({ nominal: digits ? String(Number(digits)) : '' });
            }}
            data-testid="topup-nominal"
          />
          <PasswordInput
            label={t('topup.manual.password')}
            value={form.password}
            maxLength={TOPUP_LIMITS.secretMax}
            autoComplete="current-password"
            onChange={(event) => change({ password: event.currentTarget.value })}
            data-testid="topup-password"
          />
          {!session.is_test_user && (
            <Captcha ref={captchaRef} onChange={(captcha) => change({ captcha })} />
          )}
          <Button type="submit" size="md" loading={loading} data-testid="topup-submit">
            {t('topup.manual.submit')}
          </Button>
        </Stack>
      </form>
      <Modal
        opened={loading}
        onClose={() => {}}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
        size="xs"
        data-testid="topup-loading"
      >
        <Group gap="md" wrap="nowrap" justify="center" py="md">
          <Loader size="sm" />
          <Text size="sm">{t('topup.manual.loading')}</Text>
        </Group>
      </Modal>
    </>
  );
}
