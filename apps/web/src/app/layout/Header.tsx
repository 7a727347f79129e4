import { type Environment, LANGUAGES, type Language } from '@gerbang/shared';
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import {
  ActionIcon,
  Anchor,
  Burger,
  Group,
  Menu,
  NativeSelect,
  Text,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconHeadset,
  IconHistory,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callKey, client } from '../../lib/api';
import { showErrorDialog } from '../../lib/dialogs';
import { changeLanguage } from '../../lib/i18n';
import { useLoggedIn, useSession } from '../../lib/session';
import { useMediaMatch } from '../../lib/use-media-match';
import { EnvironmentSwitch } from './EnvironmentSwitch';

/** The activity log (audit trail) is the main user's: same rule as its data page. */
const ACTIVITY_LOG_RULE = {
  permission: { module: 'data_activity_log', action: 'READ' },
  mainUserOnly: true,
} as const;

interface HeaderProps {
  sidebarShown: boolean;
  mobileOpened: boolean;
  onToggleMobile(): void;
  onShowSidebar(): void;
}

function useAppConfig() {
  return useQuery({
    queryKey: callKey(authCalls.appConfig),
    queryFn: async () => (await client.call(authCalls.appConfig, undefined, { silent: true })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The support link, when the operator configured one: its own component, so the config's
 * arrival re-renders the link alone, not the whole header. */
function SupportLink() {
  const { t } = useTranslation();
  const config = useAppConfig();
  if (!config.data?.supportUrl) return null;
  return (
    <Anchor
      href={config.data.supportUrl}
      target="_blank"
      rel="noreferrer"
      visibleFrom="xs"
      size="sm"
    >
      <Group gap={4}>
        <IconHeadset size={18} />
        {t('nav.support')}
      </Group>
    </Anchor>
  );
}

export function Header({ sidebarShown, mobileOpened, onToggleMobile, onShowSidebar }: HeaderProps) {
  const { t, i18n } = useTranslation();
  const session = useLoggedIn();
  const { logout, switchEnvironment, verdict } = useSession();
  const navigate = useNavigate();
  const narrow = useMediaMatch('(max-width: 36em)');

  const finishLogout = async () => {
    await logout();
    navigate('/auth/login', { replace: true });
  };

  const onLogout = () => {
    if (session.environment !== 'sandbox') {
      void finishLogout();
      return;
    }
    // Spec 01 §4: leaving from sandbox first switches the session back to production.
    modals.openConfirmModal({
      title: t('auth.logoutSandboxTitle'),
      children: <Text size="sm">{t('auth.logoutSandboxBody')}</Text>,
      labels: { confirm: t('common.yes'), cancel: t('common.no') },
      confirmProps: { 'data-testid': 'confirm-logout-sandbox' } as Record<string, string>,
      onConfirm: async () => {
        const switched = await switchEnvironment('production');
        if (!switched) {
          showErrorDialog(t('auth.switchProductionFailed'));
          return;
        }
        await finishLogout();
      },
    });
  };

  // Switching environment asks first; the new one's data replaces everything shown.
  const onEnvironment = (target: Environment) => {
    if (target === session.environment) return;
    modals.openConfirmModal({
      title: t('environment.confirmTitle'),
      children: (
        <Text size="sm">
          {t(target === 'sandbox' ? 'environment.toSandbox' : 'environment.toProduction')}
        </Text>
      ),
      labels: { confirm: t('environment.confirm'), cancel: t('environment.cancel') },
      confirmProps: {
        color: target === 'sandbox' ? 'orange' : 'blue',
        'data-testid': 'confirm-environment-switch',
      } as Record<string, string>,
      onConfirm: async () => {
        if (!(await switchEnvironment(target))) showErrorDialog(t('environment.switchFailed'));
      },
    });
  };

  const onLanguage = async (lang: Language) => {
    await changeLanguage(lang);
    await client.call(authCalls.language, { language: lang }, { silent: true });
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={mobileOpened}
          onClick={onToggleMobile}
          hiddenFrom="sm"
          size="sm"
          aria-label="menu"
        />
        {!sidebarShown && (
          <Tooltip label={t('nav.showMenu')}>
            <ActionIcon
              variant="subtle"
              onClick={onShowSidebar}
              visibleFrom="sm"
              aria-label={t('nav.showMenu')}
              data-testid="show-menu"
            >
              <IconLayoutSidebarLeftExpand />
            </ActionIcon>
          </Tooltip>
        )}
        <EnvironmentSwitch value={session.environment} onChange={onEnvironment} />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <SupportLink />
        {session.status_reg.status && (
          <NativeSelect
            size="xs"
            w={narrow ? 76 : 140}
            aria-label={t('common.language')}
            data-testid="language-select"
            value={i18n.language}
            onChange={(event) => void onLanguage(event.currentTarget.value as Language)}
            // On phones the codes (ID / EN) leave room for the profile menu. A native select: no
            // dropdown component to render with the header, and the phone's own picker.
            data={LANGUAGES.map((lang) => ({
              value: lang,
              label: narrow ? lang.toUpperCase() : t(`common.languages.${lang}`),
            }))}
          />
        )}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="light"
              size="lg"
              radius="xl"
              aria-label={t('nav.profile')}
              data-testid="profile-menu"
            >
              <IconUserCircle />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{session.user.nama}</Menu.Label>
            <Menu.Item
              leftSection={<IconUserCircle size={16} />}
              onClick={() => navigate('/account')}
              data-testid="menu-account"
            >
              {t('nav.account')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconShieldLock size={16} />}
              onClick={() => navigate('/settings/security')}
              data-testid="menu-security"
            >
              {t('nav.security')}
            </Menu.Item>
            {verdict(ACTIVITY_LOG_RULE) === 'allowed' && (
              <Menu.Item
                leftSection={<IconHistory size={16} />}
                onClick={() => navigate('/data/activity_log')}
                data-testid="menu-activity-log"
              >
                {t('nav.activityLog')}
              </Menu.Item>
            )}
            <Menu.Item
              color="red"
              leftSection={<IconLogout size={16} />}
              onClick={onLogout}
              data-testid="logout"
            >
              {t('auth.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
