/**
 * The public payment link `/pay/{paymentSecret}` (spec 03 §2.6, §4, §5.6, §8): no login, no
 * sidebar, phones first. Its own entry in the build (pay.html → pay-main.tsx): plain React and a
 * small stylesheet, no Mantine, no back-office catalogs. States: loading, not found, expired,
 * limit reached, method selection, generated payment. The server decides every rule; the page
 * mirrors them and shows the server's message ('Perhatian') when it refuses.
 */
// Types only from the schema module, and the calls' module for the rest: no zod on this page.
import type {
  GeneratedPayment,
  PublicPayMethod,
  PublicPaymentRequest,
  PublicPaymentStatus,
} from '@gerbang/shared/contract/request-payment';
import { PAY_SEPARATE_CODES } from '@gerbang/shared/contract/request-payment-calls';
// The subpath, not the package root: the pay page's bundle stays free of zod and the catalogs.
import { formatRupiah } from '@gerbang/shared/format/money';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import './pay.css';
import { BANK_GUIDES } from '../../lib/bank-guides';
import { code39Bars } from './barcode';
import { payApi } from './pay-api';
import { initialLang, type PayLang, rememberLang, translate } from './pay-i18n';

type T = (key: string, vars?: Record<string, string | number>) => string;

const GROUPS = ['VA', 'QRIS', 'RETAIL', 'CREDIT_CARD', 'EWALLET', 'OTHER'] as const;

/** `YYYY-MM-DD HH:mm:ss` WIB → instant. */
function wibInstant(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}+07:00`);
}

function groupOf(m: PublicPayMethod): (typeof GROUPS)[number] {
  if ((PAY_SEPARATE_CODES as readonly string[]).includes(m.kodeBank)) return 'OTHER';
  return m.kind as (typeof GROUPS)[number];
}

export function secretFromPath(pathname: string): string {
  const m = /^\/pay\/([^/?#]+)/.exec(pathname);
  return m ? decodeURIComponent(m[1]) : '';
}

function Dialog(props: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <div className="pp-overlay" role="dialog" aria-modal="true" aria-label={props.title}>
      <div className="pp-dialog">
        <h2>{props.title}</h2>
        <div className="pp-dialog-body">{props.children}</div>
        <div className="pp-actions">{props.actions}</div>
      </div>
    </div>
  );
}

function Countdown({ until, t }: { until: string; t: T }) {
  const end = wibInstant(until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((end - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const text = `${pad(Math.floor(left / 3600))}:${pad(Math.floor(left / 60) % 60)}:${pad(left % 60)}`;
  return (
    <p className="pp-countdown">
      {t('pay.countdown')} <strong data-testid="pay-countdown">{text}</strong>
    </p>
  );
}

function Barcode({ code }: { code: string }) {
  const { bars, width } = code39Bars(code);
  return (
    <svg
      className="pp-barcode"
      viewBox={`-10 0 ${width + 20} 60`}
      role="img"
      aria-label={code}
      preserveAspectRatio="none"
    >
      <rect x={-10} y={0} width={width + 20} height={60} fill="#fff" />
      {bars.map(([x, w]) => (
        <rect key={x} x={x} y={0} width={w} height={60} fill="#000" />
      ))}
    </svg>
  );
}

function QrImage({ text }: { text: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) =>
      qr.toDataURL(text, { margin: 1, width: 280 }).then((url) => live && setSrc(url)),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img className="pp-qr" src={src} alt="QRIS" width={240} height={240} data-testid="pay-qris" />
  ) : (
    <div className="pp-qr pp-skel" />
  );
}

function CopyRow(props: {
  label: string;
  value: string;
  copyText: string;
  done: string;
  t: T;
  testId: string;
  onCopied: (m: string) => void;
}) {
  return (
    <div className="pp-copy">
      <div>
        <div className="pp-label">{props.label}</div>
        <div className="pp-value" data-testid={props.testId}>
          {props.value}
        </div>
      </div>
      <button
        type="button"
        className="pp-btn pp-btn-light"
        onClick={() => {
          void navigator.clipboard?.writeText(props.copyText).catch(() => undefined);
          props.onCopied(props.done);
        }}
      >
        {props.t('pay.copy')}
      </button>
    </div>
  );
}

/** The how-to tabs of a VA: the bank's own menus where known (lib/bank-guides.ts), else generic. */
function Tutorial({ va, code, bank, t }: { va: string; code: string; bank: string; t: T }) {
  const guide = BANK_GUIDES[code];
  const tabs = (['atm', 'mbanking', 'ibanking'] as const).filter((k) =>
    !guide ? true : k === 'atm' ? guide.atm : k === 'mbanking' ? guide.mobile : guide.internet,
  );
  const [tab, setTab] = useState<(typeof tabs)[number]>(tabs[0] ?? 'atm');
  const generic = t('pay.genericMenu');
  const vars = {
    va,
    bank,
    menu:
      (tab === 'atm'
        ? guide?.atm
        : tab === 'mbanking'
          ? guide?.mobile?.menu
          : guide?.internet?.menu) ?? generic,
    app: guide?.mobile?.app ?? t('pay.genericApp', { bank }),
    site: guide?.internet?.site ?? t('pay.genericSite', { bank }),
  };
  return (
    <section className="pp-card">
      <h3>{t('pay.howTo')}</h3>
      <div className="pp-tabs" role="tablist">
        {tabs.map((k) => (
          <button
            type="button"
            role="tab"
            key={k}
            aria-selected={tab === k}
            className={tab === k ? 'pp-tab pp-tab-on' : 'pp-tab'}
            onClick={() => setTab(k)}
          >
            {t(`pay.${k}`)}
          </button>
        ))}
      </div>
      <ol className="pp-steps">
        {t(`pay.steps.${tab}`, vars)
          .split('|')
          .map((step) => (
            <li key={step}>{step}</li>
          ))}
      </ol>
    </section>
  );
}

function Generated({
  g,
  t,
  onCopied,
}: {
  g: GeneratedPayment;
  t: T;
  onCopied: (m: string) => void;
}) {
  return (
    <div data-testid="pay-generated">
      <section className="pp-card">
        <div className="pp-method-name">{g.namaBank}</div>
        <Countdown until={g.timeExpired} t={t} />
        {g.kind === 'VA' && (
          <CopyRow
            label={t('pay.vaNumber')}
            value={g.vaNumber}
            copyText={g.vaNumber}
            done={t('pay.copiedVa')}
            t={t}
            testId="pay-va-number"
            onCopied={onCopied}
          />
        )}
        {g.kind === 'QRIS' && g.imageQris && (
          <div className="pp-center">
            <QrImage text={g.imageQris} />
            <p className="pp-muted">{t('pay.scanQris')}</p>
          </div>
        )}
        {g.kind === 'RETAIL' && (
          <div className="pp-center">
            <Barcode code={g.vaNumber} />
            <div className="pp-value" data-testid="pay-retail-code">
              {g.vaNumber}
            </div>
            <p className="pp-muted">{t('pay.retailHint', { store: g.namaBank })}</p>
          </div>
        )}
        {(g.kind === 'EWALLET' || g.kind === 'CREDIT_CARD') && g.linkPayment && (
          <div className="pp-center">
            <p className="pp-muted">{t('pay.hostedHint')}</p>
            <a
              className="pp-btn pp-btn-primary"
              href={g.linkPayment}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('pay.payNow')}
            </a>
          </div>
        )}
        <CopyRow
          label={t('pay.total')}
          value={formatRupiah(g.amount)}
          copyText={String(g.amount)}
          done={t('pay.copiedTotal')}
          t={t}
          testId="pay-total"
          onCopied={onCopied}
        />
      </section>
      {g.kind === 'VA' && <Tutorial va={g.vaNumber} code={g.kodBank} bank={g.namaBank} t={t} />}
    </div>
  );
}

/** How often the generated view asks whether its instrument was paid: stream down, or up. */
const STATUS_POLL_MS = 3_000;
const STATUS_POLL_LIVE_MS = 30_000;

const STATUS_OF_PAID: Record<number, PublicPaymentStatus> = { 1: 'PAID', 2: 'CANCELLED' };

/**
 * Follows the instrument until it is no longer open (paid or cancelled): its live stream
 * (`public/payment_events`, ADR 017) flips it within a second of the payment; the status call is
 * the fallback, asked every 3 s while the stream is down (every 30 s while it is up), when the
 * page is visible. Answers the last status seen.
 */
function useInstrumentStatus(lang: PayLang, secret: string, customerReff: string | null) {
  const [status, setStatus] = useState<PublicPaymentStatus>('OPEN');
  useEffect(() => {
    setStatus('OPEN');
    if (!customerReff) return;
    let live = true;
    let streaming = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stream = payApi.events(secret, customerReff);
    if (stream) {
      stream.onopen = () => {
        streaming = true;
      };
      stream.onerror = () => {
        streaming = false;
      };
      stream.addEventListener('pay', (e) => {
        const paid = STATUS_OF_PAID[Number(JSON.parse(e.data)?.payload?.is_paid)];
        if (live && paid) setStatus(paid);
      });
    }
    const tick = async () => {
      if (document.visibilityState !== 'hidden') {
        const answer = await payApi.status(lang, secret, customerReff);
        if (!live) return;
        const next = answer.rc === '00' ? answer.data?.status : undefined;
        if (next && next !== 'OPEN') return setStatus(next);
      }
      timer = setTimeout(() => void tick(), streaming ? STATUS_POLL_LIVE_MS : STATUS_POLL_MS);
    };
    timer = setTimeout(() => void tick(), STATUS_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
      stream?.close();
    };
  }, [lang, secret, customerReff]);
  return status;
}

function PaidNotice({ merchant, amount, t }: { merchant: string; amount: number; t: T }) {
  return (
    <section className="pp-card pp-paid" data-testid="pay-paid" role="status">
      <div className="pp-paid-mark" aria-hidden="true">
        ✓
      </div>
      <h2>{t('pay.paid')}</h2>
      <p>{t('pay.paidText', { merchant, amount: formatRupiah(amount) })}</p>
    </section>
  );
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'ready'; payment: PublicPaymentRequest; typeUser: string }
  | { kind: 'generated'; payment: PublicPaymentRequest; typeUser: string; g: GeneratedPayment };

export default function PayPage({ secret: given }: { secret?: string }) {
  const secret = useMemo(() => given ?? secretFromPath(window.location.pathname), [given]);
  const [lang, setLang] = useState<PayLang>(initialLang);
  const t: T = useCallback((key, vars) => translate(lang, key, vars), [lang]);
  // Loaded once, in the first language; a language switch re-renders the texts only.
  const firstLang = useRef(lang);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [methods, setMethods] = useState<PublicPayMethod[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [form, setForm] = useState({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dialog, setDialog] = useState<null | 'confirm' | 'email' | { attention: string }>(null);
  const [promptEmail, setPromptEmail] = useState('');
  const [promptError, setPromptError] = useState('');
  const [busy, setBusy] = useState(false);
  const [toast, setToast] = useState('');

  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = `${translate(lang, 'pay.title')} · Gerbang`;
  }, [lang]);

  useEffect(() => {
    let live = true;
    void (async () => {
      const [detail, list] = await Promise.all([
        payApi.detail(firstLang.current, secret),
        payApi.methods(firstLang.current),
      ]);
      if (!live) return;
      if (detail.rc !== '00' || !detail.data) return setPhase({ kind: 'notFound' });
      setPhase({
        kind: 'ready',
        payment: detail.data['payment-request'],
        typeUser: detail.data['type-user'],
      });
      if (list.rc === '00') setMethods(list.data);
      else setDialog({ attention: list.rd || translate(firstLang.current, 'errors.bankList') });
    })();
    return () => {
      live = false;
    };
  }, [secret]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(''), 2500);
    return () => clearTimeout(timer);
  }, [toast]);

  const switchLang = () => {
    const next = lang === 'id' ? 'en' : 'id';
    rememberLang(next);
    setLang(next);
  };

  const instrumentStatus = useInstrumentStatus(
    firstLang.current,
    secret,
    phase.kind === 'generated' ? phase.g.customerReff : null,
  );

  const payment = phase.kind === 'ready' || phase.kind === 'generated' ? phase.payment : null;
  const typeUser = phase.kind === 'ready' || phase.kind === 'generated' ? phase.typeUser : '';
  const expired = payment ? wibInstant(payment.timeExpired) < Date.now() : false;
  const limited = payment ? payment.count >= payment.number : false;

  const grouped = useMemo(() => {
    const out = new Map<string, PublicPayMethod[]>();
    for (const m of methods ?? []) {
      if (!m.isActive) continue;
      const g = groupOf(m);
      out.set(g, [...(out.get(g) ?? []), m]);
    }
    return out;
  }, [methods]);

  const onPay = () => {
    if (!chosen) return;
    if (typeUser !== 'BISNIS') {
      setPromptError('');
      return setDialog('email');
    }
    const next: Record<string, string> = {};
    if (!form.name.trim()) next.name = t('errors.nameEmpty');
    if (!form.email.trim()) next.email = t('errors.emailEmpty');
    if (!form.phone.trim()) next.phone = t('errors.phoneEmpty');
    setErrors(next);
    if (Object.keys(next).length === 0) setDialog('confirm');
  };

  const generate = async () => {
    if (phase.kind !== 'ready') return;
    setBusy(true);
    const answer =
      typeUser === 'BISNIS'
        ? await payApi.generateBisnis(lang, {
            id_payment: secret,
            code_bank: chosen,
            email: form.email.trim(),
            name: form.name.trim(),
            notelp: form.phone.trim(),
          })
        : await payApi.generateOther(lang, {
            id_payment: secret,
            code_bank: chosen,
            email_user: promptEmail.trim(),
          });
    setBusy(false);
    if (answer.rc === '00' && answer.data) {
      setDialog(null);
      setPhase({ ...phase, kind: 'generated', g: answer.data });
      window.scrollTo(0, 0);
    } else {
      setDialog({ attention: answer.rd || t('errors.generateFailed') });
    }
  };

  const header = (
    <header className="pp-header">
      <div className="pp-logo" aria-hidden="true">
        {payment?.url_image_merchant ? (
          <img src={payment.url_image_merchant} alt="" />
        ) : (
          (payment?.merchant_name ?? 'G').slice(0, 1)
        )}
      </div>
      <div className="pp-head-text">
        <div className="pp-merchant" data-testid="pay-merchant">
          {payment?.merchant_name ?? 'Gerbang'}
        </div>
        <h1>{t('pay.title')}</h1>
      </div>
      <button type="button" className="pp-lang" onClick={switchLang} data-testid="pay-lang">
        {t('pay.language')}
      </button>
    </header>
  );

  let body: ReactNode;
  if (phase.kind === 'loading') {
    body = (
      <section className="pp-card" aria-busy="true">
        <div className="pp-skel pp-skel-line" />
        <div className="pp-skel pp-skel-line pp-skel-short" />
        <p className="pp-muted">{t('pay.loading')}</p>
      </section>
    );
  } else if (phase.kind === 'notFound' || !payment) {
    body = (
      <section className="pp-card pp-notice" data-testid="pay-not-found">
        {t('errors.notFound')}
      </section>
    );
  } else {
    const summary = (
      <section className="pp-card">
        <div className="pp-label">{payment.namePayment}</div>
        <div className="pp-amount" data-testid="pay-amount">
          {formatRupiah(payment.totalAmount)}
        </div>
        <p className="pp-desc">{payment.descPayment}</p>
        <p className="pp-muted">{t('pay.expiresAt', { time: payment.timeExpired })}</p>
      </section>
    );
    if (phase.kind === 'generated' && instrumentStatus === 'PAID') {
      body = (
        <>
          {summary}
          <PaidNotice merchant={payment.merchant_name} amount={phase.g.amount} t={t} />
        </>
      );
    } else if (phase.kind === 'generated' && instrumentStatus === 'CANCELLED') {
      body = (
        <>
          {summary}
          <section className="pp-card pp-notice" data-testid="pay-cancelled">
            {t('pay.cancelled')}
          </section>
        </>
      );
    } else if (phase.kind === 'generated') {
      body = (
        <>
          {summary}
          <Generated g={phase.g} t={t} onCopied={setToast} />
        </>
      );
    } else if (expired) {
      body = (
        <>
          {summary}
          <section className="pp-card pp-notice" data-testid="pay-expired">
            {t('errors.expired', { time: payment.timeExpired })}
          </section>
        </>
      );
    } else if (limited) {
      body = (
        <>
          {summary}
          <section className="pp-card pp-notice" data-testid="pay-limit">
            {t('errors.limit')}
          </section>
        </>
      );
    } else {
      body = (
        <>
          {summary}
          <section className="pp-card">
            <h3>{t('pay.chooseMethod')}</h3>
            {methods === null && <div className="pp-skel pp-skel-line" />}
            {GROUPS.filter((g) => grouped.has(g)).map((g) => (
              <fieldset key={g} className="pp-group">
                <legend>{t(`pay.groups.${g}`)}</legend>
                <div className="pp-methods">
                  {(grouped.get(g) ?? []).map((m) => (
                    <label
                      key={m.kodeBank}
                      className={chosen === m.kodeBank ? 'pp-method pp-method-on' : 'pp-method'}
                    >
                      <input
                        type="radio"
                        name="method"
                        value={m.kodeBank}
                        checked={chosen === m.kodeBank}
                        onChange={() => setChosen(m.kodeBank)}
                        data-testid={`pay-method-${m.kodeBank}`}
                      />
                      <span>{m.namaBank}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </section>
          {typeUser === 'BISNIS' && (
            <section className="pp-card pp-form">
              {(['name', 'email', 'phone'] as const).map((field) => (
                <label key={field} className="pp-field">
                  <span>{t(`pay.${field}`)}</span>
                  <input
                    type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                    inputMode={field === 'phone' ? 'numeric' : undefined}
                    autoComplete={field === 'phone' ? 'tel' : field}
                    value={form[field]}
                    maxLength={field === 'phone' ? 20 : 100}
                    onChange={(e) => setForm({ ...form, [field]: e.target.value })}
                    data-testid={`pay-${field}`}
                    aria-invalid={Boolean(errors[field])}
                  />
                  {errors[field] && <small className="pp-error">{errors[field]}</small>}
                </label>
              ))}
            </section>
          )}
          <div className="pp-paybar">
            {chosen && (
              <div className="pp-muted">
                {t('pay.changeMethod', {
                  method: methods?.find((m) => m.kodeBank === chosen)?.namaBank ?? chosen,
                })}
              </div>
            )}
            <button
              type="button"
              className="pp-btn pp-btn-primary pp-btn-block"
              disabled={!chosen || busy}
              onClick={onPay}
              data-testid="pay-submit"
            >
              {t('pay.payButton')} {formatRupiah(payment.totalAmount)}
            </button>
          </div>
        </>
      );
    }
  }

  return (
    <div className="pp-page">
      {header}
      <main className="pp-main">{body}</main>
      {dialog === 'confirm' && (
        <Dialog
          title={t('pay.confirmTitle')}
          actions={
            <>
              <button type="button" className="pp-btn pp-btn-light" onClick={() => setDialog(null)}>
                {t('pay.cancel')}
              </button>
              <button
                type="button"
                className="pp-btn pp-btn-primary"
                disabled={busy}
                onClick={() => void generate()}
                data-testid="pay-confirm"
              >
                {t('pay.confirm')}
              </button>
            </>
          }
        >
          <p>{t('pay.confirmText')}</p>
        </Dialog>
      )}
      {dialog === 'email' && (
        <Dialog
          title={t('pay.emailPrompt')}
          actions={
            <button
              type="button"
              className="pp-btn pp-btn-primary"
              onClick={() => {
                if (!promptEmail.trim()) return setPromptError(t('errors.emailFirst'));
                setDialog('confirm');
              }}
              data-testid="pay-email-submit"
            >
              {t('pay.emailPay')}
            </button>
          }
        >
          <input
            className="pp-input"
            type="email"
            value={promptEmail}
            onChange={(e) => setPromptEmail(e.target.value)}
            data-testid="pay-email-prompt"
            aria-label={t('pay.email')}
          />
          {promptError && <small className="pp-error">{promptError}</small>}
        </Dialog>
      )}
      {dialog && typeof dialog === 'object' && (
        <Dialog
          title={t('pay.attention')}
          actions={
            <button type="button" className="pp-btn pp-btn-primary" onClick={() => setDialog(null)}>
              {t('pay.close')}
            </button>
          }
        >
          <p data-testid="pay-attention">{dialog.attention}</p>
        </Dialog>
      )}
      {toast && (
        <div className="pp-toast" role="status">
          {toast}
        </div>
      )}
    </div>
  );
}
