import {
  formatIndonesianDate,
  NEWS_PAGE,
  NEWS_PLACEHOLDERS,
  type NewsItem,
  newsCategoryFor,
  RC,
} from '@gerbang/shared';
import { dashboardCalls } from '@gerbang/shared/contract/dashboard-calls';
import { Box, Group, Image, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiFailure, client } from '../../lib/api';
import { useLoggedIn } from '../../lib/session';
import classes from './dashboard.module.css';

/** The latest news of the agent's category (spec 01 §7: 1588 for group 1, else 1598; page 6). */
export function useNewsList() {
  const session = useLoggedIn();
  const category = newsCategoryFor(session.agent.id_grup);
  return useQuery({
    queryKey: ['news', category],
    queryFn: async () => {
      const res = await client.call(
        dashboardCalls.news,
        { id: category, page: NEWS_PAGE },
        { silent: true },
      );
      if (res.rc !== RC.OK) throw new ApiFailure(res.rc, res.rd);
      return res.data;
    },
    staleTime: 5 * 60_000,
  });
}

/** One news line: thumbnail, title, date (Indonesian month names, spec 03 §9). */
export function NewsLink({ item, testId = 'news-item' }: { item: NewsItem; testId?: string }) {
  return (
    <UnstyledButton
      component={Link}
      to={`/news/${item.id}`}
      data-testid={testId}
      className={classes.newsLink}
      p={6}
      style={{ borderRadius: 10 }}
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        {item.foto ? (
          <Image
            src={item.foto}
            alt=""
            w={72}
            h={52}
            radius="md"
            fit="cover"
            style={{ flexShrink: 0 }}
          />
        ) : (
          <Box w={72} h={52} bg="gray.1" style={{ borderRadius: 8, flexShrink: 0 }} />
        )}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} lineClamp={2} lh={1.35}>
            {item.title}
          </Text>
          <Text size="xs" c="dimmed">
            {formatIndonesianDate(new Date(item.date))}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** Stable keys for a fixed number of loading placeholders. */
export const placeholderKeys = (count: number) =>
  Array.from({ length: count }, (_, index) => `placeholder-${index}`);

export function NewsPlaceholder() {
  return (
    <Group wrap="nowrap" gap="sm" p={6} data-testid="news-placeholder">
      <Skeleton w={72} h={52} radius="md" style={{ flexShrink: 0 }} />
      <Stack gap={6} style={{ flex: 1 }}>
        <Skeleton h={12} />
        <Skeleton h={12} w="60%" />
      </Stack>
    </Group>
  );
}

export function NewsList() {
  const { t } = useTranslation();
  const news = useNewsList();
  return (
    <Paper withBorder radius="lg" p="md" h="100%" data-testid="news-list">
      <Group gap={8} mb="sm">
        <IconNews size={20} color="var(--mantine-color-blue-6)" />
        <Text fw={600}>{t('dashboard.news.title')}</Text>
      </Group>
      <Stack gap={4}>
        {news.isPending ? (
          placeholderKeys(NEWS_PLACEHOLDERS).map((key) => <NewsPlaceholder key={key} />)
        ) : news.isError ? (
          <Text size="sm" c="dimmed" py="md" ta="center" data-testid="news-failed">
            {t('dashboard.news.failed')}
          </Text>
        ) : news.data.length === 0 ? (
          <Text size="sm" c="dimmed" py="md" ta="center" data-testid="news-empty">
            {t('dashboard.news.empty')}
          </Text>
        ) : (
          news.data.map((item) => <NewsLink key={item.id} item={item} />)
        )}
      </Stack>
    </Paper>
  );
}
