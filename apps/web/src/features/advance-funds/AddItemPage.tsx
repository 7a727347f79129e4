import type { MissingDate, TalanganRejection } from '@gerbang/shared/contract/advance-funds';
import { advanceFundsCalls } from '@gerbang/shared/contract/advance-funds-calls';
import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Captcha, type CaptchaHandle } from '../../components/LazyCaptcha';
import { callQuery, client } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import { useLoggedIn } from '../../lib/session';

const RC_DATES_REJECTED = '99';

/**
 * Advance funds form `/add-item` (spec 03 §2.9, §5.8, §7.7): product, From and To dates, captcha,
 * "Tambah". The server decides which dates it will advance; on rc 99 the rejected dates are listed
 * with "Tetap Simpan", which saves the request through the second call.
 */
export default function AddItemPage() {
  const { t } = useTranslation();
  const session = useLoggedIn();
  const navigate = useNavigate();
  const captchaRef = useRef<CaptchaHandle>(null);
  const products = useQuery(callQuery(advanceFundsCalls.products));
  const [form, setForm] = useState({ kode_produk: '', date_from: '', date_to: '', recaptcha: '' });
  const [error, setError] = useState('');
  const [rejected, setRejected] = useState<MissingDate[] | null>(null);
  const [busy, setBusy] = useState(false);

  const setFrom = (date_from: string) => {
    setRejected(null);
    if (form.date_to && date_from && form.date_to < date_from) {
      setForm({ ...form, date_from, date_to: '' });
      setError(t('advanceFunds.toBeforeFrom'));
    } else setForm({ ...form, date_from });
  };
  const setTo = (date_to: string) => {
    setRejected(null);
    if (form.date_from && date_to && date_to < form.date_from) {
      setForm({ ...form, date_to: '' });
      setError(t('advanceFunds.toBeforeFrom'));
    } else {
      setForm({ ...form, date_to });
      setError('');
    }
  };

  const save = async (force: boolean) => {
    if (!form.kode_produk) return setError(t('advanceFunds.chooseProduct'));
    if (!form.date_from) return setError(t('advanceFunds.enterFrom'));
    if (!form.date_to) return setError(t('advanceFunds.enterTo'));
    if (!session.is_test_user && !form.recaptcha) return setError(t('advanceFunds.captcha'));
    setError('');
    setBusy(true);
    const res = await client.call(
      force ? advanceFundsCalls.createNext : advanceFundsCalls.create,
      { ...form, username: session.user.username },
      { silent: true },
    );
    setBusy(false);
    if (res.rc === '00') {
      showInfoDialog(res.rd);
      navigate('/data/dana_talangan');
      return;
    }
    if (res.rc === RC_DATES_REJECTED) {
      // The rc 99 answer carries the rejected dates alone (not the saved request).
      const data = res.data as TalanganRejection | null;
      setRejected(data?.missing_dates ?? []);
      return;
    }
    setRejected(null);
    captchaRef.current?.reset();
    showErrorDialog(res.rd || t('advanceFunds.failedToSave'));
  };

  return (
    <Stack maw={720}>
      <Title order={3}>{t('advanceFunds.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('advanceFunds.intro')}
      </Text>
      <Card withBorder>
        <Stack>
          <Select
            label={t('advanceFunds.product')}
            placeholder={t('advanceFunds.productPlaceholder')}
            data={(products.data ?? []).map((p) => ({
              value: p.id_produk,
              label: `${p.id_produk} — ${p.nama_produk}`,
            }))}
            value={form.kode_produk || null}
            onChange={(v) => {
              setRejected(null);
              setForm({ ...form, kode_produk: v ?? '' });
            }}
            searchable
            required
            data-testid="talangan-product"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="date"
              label={t('advanceFunds.dateFrom')}
              required
              value={form.date_from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              data-testid="talangan-from"
            />
            <TextInput
              type="date"
              label={t('advanceFunds.dateTo')}
              required
              value={form.date_to}
              onChange={(e) => setTo(e.currentTarget.value)}
              data-testid="talangan-to"
            />
          </SimpleGrid>
          {!session.is_test_user && (
            <Captcha
              ref={captchaRef}
              onChange={(recaptcha) => setForm((f) => ({ ...f, recaptcha }))}
            />
          )}
          {error && (
            <Text c="red" size="sm" data-testid="talangan-error">
              {error}
            </Text>
          )}
          {rejected && (
            <Alert
              color="orange"
              title={t('advanceFunds.rejectedTitle')}
              data-testid="talangan-rejected"
            >
              <Stack gap="xs">
                <Text size="sm">{t('advanceFunds.datesRejected')}</Text>
                <List size="sm">
                  {rejected.map((d) => (
                    <List.Item key={d.date} data-testid="talangan-rejected-date">
                      {d.date} — {t(`advanceFunds.reasons.${d.reason}`)}
                    </List.Item>
                  ))}
                </List>
                <Group>
                  <Button
                    color="orange"
                    onClick={() => void save(true)}
                    loading={busy}
                    data-testid="talangan-save-anyway"
                  >
                    {t('advanceFunds.saveAnyway')}
                  </Button>
                  <Button variant="default" onClick={() => setRejected(null)}>
                    {t('advanceFunds.cancel')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          {!rejected && (
            <Group>
              <Button onClick={() => void save(false)} loading={busy} data-testid="talangan-submit">
                {t('advanceFunds.submit')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
