import {
  NMID_IMAGE_MISSING,
  NMID_IMAGES,
  NMID_LIMITS,
  NMID_TYPES,
  type NmidImage,
} from '@gerbang/shared/contract/nmid';
import { nmidCalls } from '@gerbang/shared/contract/nmid-calls';
import {
  Button,
  Card,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Captcha, type CaptchaHandle } from '../../components/LazyCaptcha';
import { client } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import { useLoggedIn } from '../../lib/session';

type Field =
  | 'nama'
  | 'no_ktp'
  | 'tempat_lahir'
  | 'tgl_lahir'
  | 'no_npwp'
  | 'no_hp'
  | 'email'
  | 'jenis_usaha'
  | 'nama_aplikasi'
  | 'nama_usaha'
  | 'alamat_usaha'
  | 'kabupaten'
  | 'kode_pos'
  | 'pendapatan';

const PERSONAL: Field[] = [
  'nama',
  'no_ktp',
  'tempat_lahir',
  'tgl_lahir',
  'no_npwp',
  'no_hp',
  'email',
];
const BUSINESS: Field[] = [
  'jenis_usaha',
  'nama_aplikasi',
  'nama_usaha',
  'alamat_usaha',
  'kabupaten',
  'kode_pos',
  'pendapatan',
];
const INPUT_TYPE: Partial<Record<Field, string>> = {
  tgl_lahir: 'date',
  email: 'email',
  no_ktp: 'tel',
  no_npwp: 'tel',
  no_hp: 'tel',
  kode_pos: 'tel',
};
const NUMERIC: ReadonlySet<Field> = new Set(['no_ktp', 'no_npwp', 'no_hp', 'kode_pos']);

/**
 * NMID registration `/add-nmid` (spec 03 §2.10, §3.7, §5.9, §7.7): type, personal and business
 * fields, four photos, optional website, captcha; sent as one multipart call. The server judges
 * each photo by its bytes; this page checks only what the spec lists, in its order.
 */
export default function AddNmidPage() {
  const { t } = useTranslation();
  const session = useLoggedIn();
  const navigate = useNavigate();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [type, setType] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<Field, string>>(
    () =>
      Object.fromEntries([...PERSONAL, ...BUSINESS].map((f) => [f, ''])) as Record<Field, string>,
  );
  const [url, setUrl] = useState('');
  const [files, setFiles] = useState<Partial<Record<NmidImage, File | null>>>({});
  const [recaptcha, setRecaptcha] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const pick = (which: NmidImage, file: File | null) => {
    if (file && file.size > NMID_LIMITS.maxImageBytes) {
      showErrorDialog(t('nmid.tooBig'));
      setFiles((f) => ({ ...f, [which]: null }));
      return;
    }
    setFiles((f) => ({ ...f, [which]: file }));
  };

  const submit = async () => {
    if (!type) return setError(t('nmid.chooseType'));
    if ([...PERSONAL, ...BUSINESS].some((f) => !fields[f].trim()))
      return setError(t('nmid.invalid'));
    for (const which of NMID_IMAGES) {
      if (!files[which]) return setError(t(NMID_IMAGE_MISSING[which]));
    }
    if (!session.is_test_user && !recaptcha) return setError(t('nmid.captcha'));
    setError('');
    const form = new FormData();
    form.append('username', session.user.username);
    form.append('nama_nmid', type);
    for (const f of [...PERSONAL, ...BUSINESS]) form.append(f, fields[f].trim());
    form.append('url_website', url.trim());
    form.append('recaptcha', recaptcha);
    for (const which of NMID_IMAGES) form.append(which, files[which] as File);
    setBusy(true);
    const res = await client.call(nmidCalls.create, form, { silent: true });
    setBusy(false);
    if (res.rc === '00') {
      showInfoDialog(res.rd);
      navigate('/data/nmid');
      return;
    }
    captchaRef.current?.reset();
    setError(res.rd);
    showErrorDialog(res.rd);
  };

  const input = (f: Field) => (
    <TextInput
      key={f}
      label={t(`nmid.fields.${f}`)}
      type={INPUT_TYPE[f] ?? 'text'}
      inputMode={NUMERIC.has(f) ? 'numeric' : undefined}
      required
      maxLength={f === 'alamat_usaha' ? 500 : NMID_LIMITS.textMax}
      value={fields[f]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setFields((s) => ({ ...s, [f]: NUMERIC.has(f) ? value.replace(/\D/g, '') : value }));
      }}
      data-testid={`nmid-${f}`}
    />
  );

  return (
    <Stack maw={900}>
      <Title order={3}>{t('nmid.title')}</Title>
      <Card withBorder>
        <Stack>
          <Select
            label={t('nmid.type')}
            placeholder={t('nmid.typePlaceholder')}
            data={[...NMID_TYPES]}
            value={type}
            onChange={setType}
            required
            maw={360}
            data-testid="nmid-type"
          />
          <Title order={5}>{t('nmid.personal')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{PERSONAL.map(input)}</SimpleGrid>
          <Title order={5}>{t('nmid.business')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {BUSINESS.map(input)}
            <TextInput
              label={t('nmid.fields.url_website')}
              type="url"
              maxLength={500}
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              data-testid="nmid-url_website"
            />
          </SimpleGrid>
          <Title order={5}>{t('nmid.photos')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {NMID_IMAGES.map((which) => (
              <FileInput
                key={which}
                label={t(`nmid.images.${which}`)}
                description={t('nmid.imageHint')}
                placeholder={t('nmid.choose')}
                accept="image/png,image/jpeg"
                required
                clearable
                value={files[which] ?? null}
                onChange={(file) => pick(which, file)}
                data-testid={`nmid-${which}`}
              />
            ))}
          </SimpleGrid>
          {!session.is_test_user && <Captcha ref={captchaRef} onChange={setRecaptcha} />}
          {error && (
            <Text c="red" size="sm" data-testid="nmid-error">
              {error}
            </Text>
          )}
          <Group>
            <Button onClick={() => void submit()} loading={busy} data-testid="nmid-submit">
              {t('nmid.submit')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
