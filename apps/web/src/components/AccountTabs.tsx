import { ACCOUNT_ACCESS } from '@gerbang/shared';
import { Tabs, Title } from '@mantine/core';
import { IconKey, IconUserCircle, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../lib/session';
import { useMediaMatch } from '../lib/use-media-match';

export type AccountTab = 'data' | 'password' | 'management';

const TABS: Array<{
  value: AccountTab;
  path: string;
  rule: (typeof ACCOUNT_ACCESS)[keyof typeof ACCOUNT_ACCESS];
  icon: typeof IconKey;
}> = [
  { value: 'data', path: '/account', rule: ACCOUNT_ACCESS.myData, icon: IconUserCircle },
  {
    value: 'password',
    path: '/account/reset_password',
    rule: ACCOUNT_ACCESS.changePassword,
    icon: IconKey,
  },
  {
    value: 'management',
    path: '/account_management',
    rule: ACCOUNT_ACCESS.management,
    icon: IconUsersGroup,
  },
];

/**
 * The three tabs of the account page (spec 01 §2). Each tab is its own route, so the account
 * and team features stay separate; a tab shows only when its rule allows it here and now
 * (change password and account management are hidden in sandbox).
 */
export function AccountTabs({ active }: { active: AccountTab }) {
  const { t } = useTranslation();
  const { verdict } = useSession();
  const navigate = useNavigate();
  // On a phone the three labels do not fit one underlined row: pills wrap instead of hiding a tab.
  const narrow = useMediaMatch('(max-width: 36em)');
  const visible = TABS.filter((tab) => tab.value === active || verdict(tab.rule) === 'allowed');
  return (
    <>
      <Title order={2} mb="md">
        {t('account.title')}
      </Title>
      <Tabs
        mb="lg"
        value={active}
        variant={narrow ? 'pills' : 'default'}
        onChange={(value) => {
          const tab = TABS.find((x) => x.value === value);
          if (tab && tab.value !== active) navigate(tab.path);
        }}
      >
        <Tabs.List>
          {visible.map(({ value, icon: Icon }) => (
            <Tabs.Tab
              key={value}
              value={value}
              leftSection={<Icon size={16} />}
              data-testid={`account-tab-${value}`}
            >
              {t(`account.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </>
  );
}
