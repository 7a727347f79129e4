/**
 * Request payment, the merchant's side (spec 03 §2.5, §5.5, §7.3): three exclusive views — the
 * list of links, the create form, and one link's detail with its link, the link's QR code and the
 * customers who used it. READ, API and KYC to see it (the route's guard), ADD to create; the server
 * enforces both and every create rule.
 */

import { wibDate } from '@gerbang/shared';
import {
  REQUEST_PAYMENT_ACCESS,
  REQUEST_PAYMENT_LIMITS,
  type RequestPaymentCustomerRow,
  type RequestPaymentRow,
} from '@gerbang/shared/contract/request-payment';
import { requestPaymentCalls } from '@gerbang/shared/contract/request-payment-calls';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Captcha, type CaptchaHandle } from '../../components/LazyCaptcha';
import { Money } from '../../components/Money';
import { QrCode } from '../../components/QrCode';
import { client } from '../../lib/api';
import { copyWithDialog } from '../../lib/copy';
import { showInfoDialog } from '../../lib/dialogs';
import { useLoggedIn, useSession } from '../../lib/session';

type View = { kind: 'list' } | { kind: 'create' } | { kind: 'detail'; payment: RequestPaymentRow };

export function payLinkOf(secret: string): string {
  return `${window.location.origin}/pay/${secret}`;
}

function ListView({
  onCreate,
  onOpen,
}: {
  onCreate?: () => void;
  onOpen: (p: RequestPaymentRow) => void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [limit, setLimit] = useState<number>(10);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<RequestPaymentRow[] | null>(null);
  const [total, setTotal] = useState(0);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(async () => {
      const res = await client.call(requestPaymentCalls.list, { filter, limit, page });
      if (!live) return;
      setRows(res.rc === '00' ? res.data.data : []);
      setTotal(res.rc === '00' ? res.data.total : 0);
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [filter, limit, page]);
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={3}>{t('paylink.agent.title')}</Title>
        {onCreate && (
          <Button onClick={onCreate} data-testid="rp-create">
            {t('paylink.agent.create')}
          </Button>
        )}
      </Group>
      <Group wrap="wrap">
        <TextInput
          placeholder={t('paylink.agent.search')}
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          w={100}
          aria-label={t('paylink.agent.rows')}
          data={REQUEST_PAYMENT_LIMITS.listSizes.map(String)}
          value={String(limit)}
          onChange={(v) => {
            setLimit(Number(v ?? 10));
            setPage(1);
          }}
          allowDeselect={false}
        />
      </Group>
      <Stack hiddenFrom="sm" gap="xs" data-testid="rp-cards">
        {rows?.length === 0 && (
          <Text ta="center" c="dimmed">
            {t('paylink.agent.empty')}
          </Text>
        )}
        {rows?.map((r) => (
          <Card
            key={r.id}
            withBorder
            padding="sm"
            onClick={() => onOpen(r)}
            style={{ cursor: 'pointer' }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} truncate>
                {r.namePayment}
              </Text>
              <Text fw={700}>
                <Money value={r.amount} />
              </Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('paylink.agent.uses')}: {r.count} / {r.number}
              </Text>
              <Text size="sm" c="dimmed">
                {r.timeExpired.slice(0, 16)}
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table striped highlightOnHover data-testid="rp-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('paylink.agent.name')}</Table.Th>
              <Table.Th>{t('paylink.agent.amount')}</Table.Th>
              <Table.Th>{t('paylink.agent.uses')}</Table.Th>
              <Table.Th>{t('paylink.agent.total')}</Table.Th>
              <Table.Th>{t('paylink.agent.timeRequest')}</Table.Th>
              <Table.Th>{t('paylink.agent.timeExpired')}</Table.Th>
              <Table.Th>{t('paylink.agent.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text ta="center" c="dimmed">
                    {t('paylink.agent.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows?.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.namePayment}</Table.Td>
                <Table.Td>
                  <Money value={r.amount} />
                </Table.Td>
                <Table.Td>
                  {r.count} / {r.number}
                </Table.Td>
                <Table.Td>
                  <Money value={r.total} />
                </Table.Td>
                <Table.Td>{r.timeRequest.slice(0, 16)}</Table.Td>
                <Table.Td>{r.timeExpired.slice(0, 16)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onOpen(r)}
                    data-testid={`rp-open-${r.id}`}
                  >
                    {t('paylink.agent.detail')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}

function CreateView({
  onBack,
  onCreated,
}: {
  onBack: () => void;
  onCreated: (p: RequestPaymentRow) => void;
}) {
  const { t } = useTranslation();
  const session = useLoggedIn();
  const captchaRef = useRef<CaptchaHandle>(null);
  const today = wibDate(new Date());
  const [form, setForm] = useState({
    paymentName: '',
    amount: '' as number | string,
    paymentDesc: '',
    expiredDate: today,
    paymentLimit: 1 as number | string,
    recaptcha: '',
  });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const complete =
      form.paymentName.trim() &&
      form.paymentDesc.trim() &&
      Number(form.amount) > 0 &&
      Number(form.paymentLimit) > 0;
    if (!complete) return setError(t('paylink.errors.invalid'));
    if (form.expiredDate < today) return setError(t('paylink.errors.expiredPast'));
    if (!session.is_test_user && !form.recaptcha) return setError(t('paylink.errors.captcha'));
    setError('');
    setBusy(true);
    const res = await client.call(
      requestPaymentCalls.create,
      {
        ...form,
        username: session.user.username,
        amount: Number(form.amount),
        paymentLimit: Number(form.paymentLimit),
      },
      { silent: true },
    );
    setBusy(false);
    if (res.rc === '00') {
      showInfoDialog(res.rd);
      onCreated(res.data);
    } else {
      setError(res.rd);
      captchaRef.current?.reset();
    }
  };
  return (
    <Stack maw={560}>
      <Group>
        <Button variant="subtle" onClick={onBack}>
          ← {t('paylink.agent.back')}
        </Button>
      </Group>
      <Title order={3}>{t('paylink.agent.createTitle')}</Title>
      <Card withBorder>
        <Stack>
          <TextInput
            label={t('paylink.agent.name')}
            required
            maxLength={REQUEST_PAYMENT_LIMITS.nameMax}
            value={form.paymentName}
            onChange={(e) => setForm({ ...form, paymentName: e.currentTarget.value })}
            data-testid="rp-name"
          />
          <NumberInput
            label={t('paylink.agent.amount')}
            required
            prefix="Rp. "
            thousandSeparator="."
            decimalSeparator=","
            allowDecimal={false}
            allowNegative={false}
            min={REQUEST_PAYMENT_LIMITS.amountMin}
            max={REQUEST_PAYMENT_LIMITS.amountMax}
            value={form.amount}
            onChange={(v) => setForm({ ...form, amount: v })}
            data-testid="rp-amount"
          />
          <Textarea
            label={t('paylink.agent.desc')}
            required
            maxLength={REQUEST_PAYMENT_LIMITS.descMax}
            value={form.paymentDesc}
            onChange={(e) => setForm({ ...form, paymentDesc: e.currentTarget.value })}
            data-testid="rp-desc"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="date"
              label={t('paylink.agent.expiredDate')}
              description={t('paylink.agent.expiredHint')}
              required
              min={today}
              value={form.expiredDate}
              onChange={(e) => setForm({ ...form, expiredDate: e.currentTarget.value })}
              data-testid="rp-expired"
            />
            <NumberInput
              label={t('paylink.agent.limit')}
              required
              min={1}
              max={REQUEST_PAYMENT_LIMITS.usesMax}
              allowDecimal={false}
              allowNegative={false}
              value={form.paymentLimit}
              onChange={(v) => setForm({ ...form, paymentLimit: v })}
              data-testid="rp-limit"
            />
          </SimpleGrid>
          {!session.is_test_user && (
            <Captcha
              ref={captchaRef}
              onChange={(recaptcha) => setForm((f) => ({ ...f, recaptcha }))}
            />
          )}
          {error && (
            <Text c="red" size="sm" data-testid="rp-error">
              {error}
            </Text>
          )}
          <Button onClick={() => void submit()} loading={busy} data-testid="rp-submit">
            {t('paylink.agent.submit')}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}

function paidBadge(isPaid: number, t: (k: string) => string) {
  if (isPaid === 1) return <Badge color="green">{t('paylink.agent.paid')}</Badge>;
  if (isPaid === 2) return <Badge color="gray">{t('paylink.agent.cancelled')}</Badge>;
  return <Badge color="yellow">{t('paylink.agent.unpaid')}</Badge>;
}

function DetailView({
  payment: initial,
  onBack,
}: {
  payment: RequestPaymentRow;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [payment, setPayment] = useState(initial);
  const [limit, setLimit] = useState<number>(5);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<RequestPaymentCustomerRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const load = useCallback(async () => {
    const res = await client.call(requestPaymentCalls.customers, {
      idPayment: initial.id,
      limit,
      page,
    });
    if (res.rc !== '00') return setRows([]);
    setPayment(res.data.payment);
    setRows(res.data.data);
    setTotal(res.data.total);
  }, [initial.id, limit, page]);
  useEffect(() => {
    void load();
  }, [load]);
  const link = payLinkOf(payment.paymentSecret);
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <Stack>
      <Group>
        <Button variant="subtle" onClick={onBack}>
          ← {t('paylink.agent.back')}
        </Button>
      </Group>
      <Title order={3}>{payment.namePayment}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {payment.descPayment}
            </Text>
            <Group justify="space-between">
              <Text>{t('paylink.agent.amount')}</Text>
              <Text fw={700}>
                <Money value={payment.amount} />
              </Text>
            </Group>
            <Group justify="space-between">
              <Text>{t('paylink.agent.uses')}</Text>
              <Text fw={700} data-testid="rp-uses">
                {payment.count} / {payment.number}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text>{t('paylink.agent.total')}</Text>
              <Text fw={700}>
                <Money value={payment.total} />
              </Text>
            </Group>
            <Group justify="space-between">
              <Text>{t('paylink.agent.timeExpired')}</Text>
              <Text>{payment.timeExpired} WIB</Text>
            </Group>
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="xs" align="center">
            <Text fw={600}>{t('paylink.agent.link')}</Text>
            <Anchor
              href={link}
              target="_blank"
              rel="noopener"
              data-testid="rp-link"
              style={{ wordBreak: 'break-all' }}
              size="sm"
            >
              {link}
            </Anchor>
            <Button
              size="xs"
              variant="light"
              onClick={() => void copyWithDialog(link, t('paylink.agent.copied'))}
            >
              {t('paylink.agent.copy')}
            </Button>
            <QrCode value={link} size={140} alt={t('paylink.agent.qr')} data-testid="rp-qr" />
          </Stack>
        </Card>
      </SimpleGrid>
      <Group justify="space-between">
        <Title order={4}>{t('paylink.agent.customers')}</Title>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => void load()} data-testid="rp-refresh">
            ↻
          </Button>
          <Select
            w={90}
            aria-label={t('paylink.agent.rows')}
            data={REQUEST_PAYMENT_LIMITS.customerSizes.map(String)}
            value={String(limit)}
            onChange={(v) => {
              setLimit(Number(v ?? 5));
              setPage(1);
            }}
            allowDeselect={false}
          />
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table striped data-testid="rp-customers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('paylink.agent.bankName')}</Table.Th>
              <Table.Th>{t('paylink.agent.customerReff')}</Table.Th>
              <Table.Th>{t('paylink.agent.customerName')}</Table.Th>
              <Table.Th>{t('paylink.agent.isPaid')}</Table.Th>
              <Table.Th>{t('paylink.agent.vaNumber')}</Table.Th>
              <Table.Th>{t('paylink.agent.linkPayment')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text ta="center" c="dimmed">
                    {t('paylink.agent.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows?.map((r) => (
              <Table.Tr key={r.id} data-testid={`rp-customer-${r.customerReff}`}>
                <Table.Td>{r.bankName}</Table.Td>
                <Table.Td>{r.customerReff}</Table.Td>
                <Table.Td>{r.customerName}</Table.Td>
                <Table.Td data-testid="rp-paid">{paidBadge(r.isPaid, t)}</Table.Td>
                <Table.Td>{r.vaNumber}</Table.Td>
                <Table.Td>
                  {r.linkPayment ? (
                    <Anchor href={r.linkPayment} target="_blank" rel="noopener">
                      {t('paylink.agent.open')}
                    </Anchor>
                  ) : (
                    '-'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}

export default function RequestPaymentPage() {
  const { verdict } = useSession();
  const canAdd = verdict(REQUEST_PAYMENT_ACCESS.add) === 'allowed';
  const [view, setView] = useState<View>({ kind: 'list' });
  if (view.kind === 'create' && canAdd) {
    return (
      <CreateView
        onBack={() => setView({ kind: 'list' })}
        onCreated={(payment) => setView({ kind: 'detail', payment })}
      />
    );
  }
  if (view.kind === 'detail')
    return <DetailView payment={view.payment} onBack={() => setView({ kind: 'list' })} />;
  return (
    <ListView
      onCreate={canAdd ? () => setView({ kind: 'create' }) : undefined}
      onOpen={(payment) => setView({ kind: 'detail', payment })}
    />
  );
}
