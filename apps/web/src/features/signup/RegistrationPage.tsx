import type { BusinessFields, DocumentKind, PersonalFields } from '@gerbang/shared/contract/signup';
import { signupCalls } from '@gerbang/shared/contract/signup-calls';
import {
  Alert,
  Button,
  FileInput,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { client } from '../../lib/api';
import { useSession } from '../../lib/session';

// The contract's field names (checked by the compiler; the type import loads no zod).
const PERSONAL = [
  'nama',
  'tempat_lahir',
  'tgl_lahir',
  'no_ktp',
  'no_hp',
] as const satisfies readonly (keyof PersonalFields)[];
const BUSINESS = [
  ...PERSONAL,
  'nama_usaha',
  'jenis_usaha',
  'no_npwp',
  'alamat_usaha',
  'kabupaten',
  'kode_pos',
  'url_website',
] as const satisfies readonly (keyof BusinessFields)[];
const DOCUMENTS = ['ktp', 'npwp', 'akta'] as const satisfies readonly DocumentKind[];

/** The personal fields as typed; the server checks each in the form's order, naming the first problem. */
function personalBody(values: Record<string, string>): PersonalFields {
  return Object.fromEntries(PERSONAL.map((name) => [name, values[name] ?? ''])) as PersonalFields;
}

/** The business's fields and its chosen document images (multipart). */
function businessForm(values: Record<string, string>, files: Record<string, File | null>) {
  const form = new FormData();
  for (const name of BUSINESS) form.append(name, values[name] ?? '');
  for (const doc of DOCUMENTS) {
    const file = files[doc];
    if (file) form.append(doc, file, file.name);
  }
  return form;
}

/**
 * The registration fields of the chosen type: PERSONAL (identity) or BUSINESS
 * (company, owner, NPWP, document images). The server checks every field and each image's bytes.
 */
export default function RegistrationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const business = useLocation().pathname.endsWith('/business');
  const names = business ? BUSINESS : PERSONAL;
  const [values, setValues] = useState<Record<string, string>>({});
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const res = business
      ? await client.call(signupCalls.business, businessForm(values, files), { silent: true })
      : await client.call(signupCalls.personal, personalBody(values), { silent: true });
    setBusy(false);
    if (res.rc !== '00') {
      setError(res.rd);
      return;
    }
    await refresh();
    navigate('/');
  }

  return (
    <Paper withBorder radius="lg" p="lg" maw={860}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={3}>
            {t(business ? 'signup.form.businessTitle' : 'signup.form.personalTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {names.map((name) => (
              <TextInput
                key={name}
                label={t(`signup.form.${name}`)}
                type={name === 'tgl_lahir' ? 'date' : 'text'}
                value={values[name] ?? ''}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setValues((v) => ({ ...v, [name]: value }));
                }}
                data-testid={`reg-${name}`}
              />
            ))}
          </SimpleGrid>
          {business && (
            <>
              <Title order={5}>{t('signup.form.documents')}</Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {DOCUMENTS.map((doc) => (
                  <FileInput
                    key={doc}
                    label={t(`signup.form.${doc}`)}
                    accept="image/png,image/jpeg,image/webp"
                    value={files[doc] ?? null}
                    onChange={(file) => setFiles((f) => ({ ...f, [doc]: file }))}
                    data-testid={`reg-doc-${doc}`}
                    clearable
                  />
                ))}
              </SimpleGrid>
            </>
          )}
          {error && (
            <Alert color="red" data-testid="reg-error">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} data-testid="reg-submit" w="fit-content">
            {t('signup.form.send')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
