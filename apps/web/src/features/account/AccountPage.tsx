import {
  type AccountProfileDto,
  type BusinessProfileDto,
  type PersonalProfileDto,
  RC,
} from '@gerbang/shared';
import { accountCalls } from '@gerbang/shared/contract/account-calls';
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconRocket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountTabs } from '../../components/AccountTabs';
import { Money } from '../../components/Money';
import { PageLoader } from '../../components/PageLoader';
import { callKey, client } from '../../lib/api';
import { useSession } from '../../lib/session';
import { LowBalanceCard } from './LowBalanceCard';

type ProfileAnswer = { ok: true; profile: AccountProfileDto } | { ok: false; message: string };

function useAccountProfile() {
  return useQuery({
    queryKey: ['account-profile'],
    queryFn: async (): Promise<ProfileAnswer> => {
      // "Data Not Found" is shown in place, not in a dialog.
      const res = await client.call(accountCalls.profile, undefined, { silent: true });
      return res.rc === RC.OK ? { ok: true, profile: res.data } : { ok: false, message: res.rd };
    },
  });
}

function useSupportUrl() {
  return useQuery({
    queryKey: callKey(authCalls.appConfig),
    queryFn: async () => (await client.call(authCalls.appConfig, undefined, { silent: true })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value === null || value === undefined || value === '' ? '–' : value}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p="md">
      <Text fw={700} mb="sm">
        {title}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Card>
  );
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" align="center">
        <Text
          size="sm"
          fw={500}
          style={{ overflowWrap: 'anywhere', minWidth: 0 }}
          data-testid={testId}
        >
          {value}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('common.copied') : t('common.copy')} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={t('common.copy')}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}

function BusinessSections({ business }: { business: BusinessProfileDto }) {
  const { t } = useTranslation();
  const f = (key: keyof BusinessProfileDto) => (
    <Field
      key={key}
      label={t(`account.fields.${key}`)}
      value={business[key]}
      testId={`business-${key}`}
    />
  );
  return (
    <>
      <Section title={t('account.companyData')}>
        {f('nama_perusahaan')}
        <Field
          label={t('account.fields.status')}
          value={
            <Badge
              color={business.status === 2 ? 'green' : 'yellow'}
              variant="light"
              data-testid="business-status"
            >
              {t(`account.businessStatus.${business.status}`)}
            </Badge>
          }
        />
        {f('alamat_perusahaan')}
        {f('telp_perusahaan')}
        {f('email_perusahaan')}
        {f('npwp_perusahaan')}
        {f('website_produk')}
      </Section>
      <Section title={t('account.ownerData')}>
        {f('nama_pemilik')}
        {f('no_ktp_pemilik')}
        {f('npwp_pemilik')}
      </Section>
      <Section title={t('account.contactPerson')}>
        {f('nama_cp')}
        {f('jabatan_cp')}
        {f('no_telp_cp')}
        {f('email_cp')}
      </Section>
      <Section title={t('account.bankAccount')}>
        {f('nama_bank')}
        {f('cabang_bank')}
        {f('nama_rek_bank')}
        {f('no_rek_bank')}
      </Section>
    </>
  );
}

function PersonalSection({ personal }: { personal: PersonalProfileDto }) {
  const { t } = useTranslation();
  const f = (key: keyof PersonalProfileDto, value: ReactNode = personal[key]) => (
    <Field key={key} label={t(`account.fields.${key}`)} value={value} testId={`personal-${key}`} />
  );
  return (
    <Section title={t('account.personalData')}>
      {f('nama_customer')}
      {f('email')}
      {f('no_hp')}
      {f('tgl_lahir')}
      {f('alamat_lengkap')}
      {f('max_limit', <Money value={personal.max_limit} />)}
      {f('mgm_ref_code')}
    </Section>
  );
}

/** The my-data tab (spec 01 §2): account type, business or personal data, referral and affiliation links. */
export default function AccountPage() {
  const { t } = useTranslation();
  const { verdict } = useSession();
  const query = useAccountProfile();
  const support = useSupportUrl();

  let content: ReactNode;
  if (query.isPending) content = <PageLoader />;
  else if (!query.data?.ok) {
    content = (
      <Alert color="gray" icon={<IconAlertTriangle />} data-testid="account-not-found">
        {query.data?.message ?? t('account.dataNotFound')}
      </Alert>
    );
  } else {
    const p = query.data.profile;
    const canUpgrade =
      verdict({ permission: { module: 'account', action: 'UPGRADE' } }) === 'allowed';
    content = (
      <Stack gap="md" data-testid="account-data">
        {p.upgrade_prompt && (
          <Alert
            color="yellow"
            icon={<IconRocket />}
            title={t('account.upgradeTitle')}
            data-testid="upgrade-prompt"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('account.upgradeBody')}</Text>
              {canUpgrade && support.data?.supportUrl && (
                <Button
                  component="a"
                  href={support.data.supportUrl}
                  target="_blank"
                  rel="noreferrer"
                  size="xs"
                  color="yellow.8"
                >
                  {t('account.upgradeAction')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <Card withBorder radius="md" p="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Title order={4} style={{ overflowWrap: 'anywhere' }}>
                {p.agent.nama_agen || p.user.nama}
              </Title>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('account.loginAs')} {p.user.nama} · {p.user.username}
              </Text>
            </div>
            <Group gap="xs">
              <Badge size="lg" variant="light" color="gray">
                {p.user.is_main_user ? t('account.mainUser') : t('account.subUser')}
              </Badge>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md" spacing="sm">
            <Field
              label={t('account.accountType')}
              value={t(`account.accountTypes.${p.account_type}`)}
              testId="account-type"
            />
            <Field label={t('account.agentName')} value={p.agent.nama_agen} />
            <Field label={t('account.group')} value={p.agent.id_grup} />
          </SimpleGrid>
        </Card>
        <LowBalanceCard />
        {p.business && <BusinessSections business={p.business} />}
        {p.personal && <PersonalSection personal={p.personal} />}
        <Card withBorder radius="md" p="md" data-testid="referral">
          <Text fw={700} mb="xs">
            {t('account.referral')}
          </Text>
          {p.referral_code && p.affiliation ? (
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('account.referralHint')}
              </Text>
              <CopyField
                label={t('account.referralCode')}
                value={p.referral_code}
                testId="referral-code"
              />
              <CopyField
                label={t('account.affiliationWeb')}
                value={p.affiliation.web}
                testId="affiliation-web"
              />
              <CopyField
                label={t('account.affiliationAndroid')}
                value={p.affiliation.android}
                testId="affiliation-android"
              />
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('account.noReferral')}
            </Text>
          )}
        </Card>
      </Stack>
    );
  }

  return (
    <>
      <AccountTabs active="data" />
      {content}
    </>
  );
}
