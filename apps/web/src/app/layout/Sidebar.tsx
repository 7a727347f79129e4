import {
  Box,
  Group,
  NavLink,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronsLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Money } from '../../components/Money';
import { useBalances } from '../../lib/balance';
import { useLoggedIn, useSession } from '../../lib/session';
import { type MenuItem, showsSidebarBalance, visibleMenu } from '../menu';
import { Logo } from './Logo';
import { menuIcon } from './menuIcons';

function isActive(item: MenuItem, pathname: string): boolean {
  if (item.to) return item.to === '/' ? pathname === '/' : pathname.startsWith(item.to);
  return (item.children ?? []).some((child) => isActive(child, pathname));
}

function MenuLink({ item, onNavigate }: { item: MenuItem; onNavigate(): void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const Icon = menuIcon(item.key);
  const icon = <Icon size={18} stroke={1.6} data-testid={`menu-icon-${item.key}`} />;
  if (item.children) {
    return (
      <NavLink
        label={t(item.labelKey)}
        leftSection={icon}
        defaultOpened={isActive(item, pathname)}
        data-testid={`menu-${item.key}`}
        childrenOffset={16}
      >
        {item.children.map((child) => (
          <MenuLink key={child.key} item={child} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.to ?? '/'}
      label={t(item.labelKey)}
      active={isActive(item, pathname)}
      onClick={onNavigate}
      data-testid={`menu-${item.key}`}
      leftSection={icon}
    />
  );
}

export function Sidebar({ onHide, onNavigate }: { onHide(): void; onNavigate(): void }) {
  const { t } = useTranslation();
  const session = useLoggedIn();
  const { verdict } = useSession();
  const { balance, loaded } = useBalances();
  const items = visibleMenu(session, verdict);
  return (
    <Stack h="100%" gap={0}>
      <Box p="md" pb="xs">
        <Logo />
        {showsSidebarBalance(session) && (
          <Box
            mt="md"
            p="sm"
            bg="var(--mantine-color-blue-0)"
            style={{ borderRadius: 8 }}
            data-testid="sidebar-balance"
          >
            <Text size="xs" c="dimmed">
              {t('nav.balance')}
            </Text>
            {/* A skeleton until the first answer, never a "Rp. 0" flash after login. */}
            {loaded ? (
              <Text fw={700} size="lg" data-testid="sidebar-balance-value">
                <Money value={balance} />
              </Text>
            ) : (
              <Skeleton h={22} mt={4} w="70%" data-testid="sidebar-balance-loading" />
            )}
          </Box>
        )}
      </Box>
      {/* type="auto": a scrollbar stays visible whenever the menu is taller than the room left
          (the default "hover" shows none until the pointer is over it); minHeight 0 lets the flex
          child shrink below its content so the viewport, not the navbar, overflows. */}
      <ScrollArea
        type="auto"
        style={{ flex: 1, minHeight: 0 }}
        px="xs"
        data-testid="sidebar-scroll"
      >
        <nav data-testid="sidebar-menu">
          {items.map((item) => (
            <MenuLink key={item.key} item={item} onNavigate={onNavigate} />
          ))}
        </nav>
      </ScrollArea>
      <UnstyledButton onClick={onHide} p="md" data-testid="hide-menu">
        <Group gap="xs">
          <IconChevronsLeft size={18} />
          <Text size="sm">{t('nav.hideMenu')}</Text>
        </Group>
      </UnstyledButton>
    </Stack>
  );
}
