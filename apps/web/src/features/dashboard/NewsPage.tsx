import { formatIndonesianDate, RELATED_ARTICLES } from '@gerbang/shared';
import { dashboardCalls } from '@gerbang/shared/contract/dashboard-calls';
import { Anchor, Grid, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendarEvent } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { callQuery } from '../../lib/api';
import classes from './dashboard.module.css';
import { NewsLink, NewsPlaceholder, placeholderKeys } from './NewsList';

function ArticleSkeleton() {
  return (
    <Stack gap="md" data-testid="news-skeleton">
      <Skeleton h={28} w="80%" />
      <Skeleton h={14} w={180} />
      <Skeleton h={220} radius="md" />
      <Skeleton h={12} />
      <Skeleton h={12} />
      <Skeleton h={12} w="70%" />
    </Stack>
  );
}

/** A news article (spec 03 §2.11): title, "Diperbarui" date, sanitised HTML body, 4 related articles. */
export default function NewsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const validId = /^\d+$/.test(id);
  const article = useQuery({
    ...callQuery(dashboardCalls.article, { id }, { silent: true }),
    enabled: validId,
    retry: false,
  });
  const related = useQuery({
    ...callQuery(dashboardCalls.related, { id }, { silent: true }),
    enabled: validId,
    retry: false,
  });
  const failed = !validId || article.isError;

  return (
    <Stack gap="md" maw={1180}>
      <Anchor component={Link} to="/" size="sm" data-testid="news-back">
        <Group gap={4}>
          <IconArrowLeft size={16} />
          {t('dashboard.news.back')}
        </Group>
      </Anchor>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            {failed ? (
              <Text c="dimmed" ta="center" py="xl" data-testid="news-failed">
                {t('dashboard.news.failed')}
              </Text>
            ) : article.isPending ? (
              <ArticleSkeleton />
            ) : (
              <article data-testid="news-article">
                <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.25} data-testid="news-title">
                  {article.data.title}
                </Title>
                <Group gap={6} c="dimmed" mt="xs" mb="lg">
                  <IconCalendarEvent size={16} />
                  <Text size="sm" data-testid="news-updated">
                    {t('dashboard.news.updated')}{' '}
                    {formatIndonesianDate(new Date(article.data.date))}
                  </Text>
                </Group>
                {article.data.foto && (
                  <Image src={article.data.foto} alt="" radius="md" mb="lg" mah={320} fit="cover" />
                )}
                <div
                  className={classes.article}
                  data-testid="news-body"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises konten (sanitize-html allow-list) before answering
                  dangerouslySetInnerHTML={{ __html: article.data.konten }}
                />
              </article>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="lg" p="md" data-testid="news-related">
            <Text fw={600} mb="sm">
              {t('dashboard.news.related')}
            </Text>
            <Stack gap={4}>
              {related.isPending && validId ? (
                placeholderKeys(RELATED_ARTICLES).map((key) => <NewsPlaceholder key={key} />)
              ) : related.data && related.data.length > 0 ? (
                related.data.map((item) => (
                  <NewsLink key={item.id} item={item} testId="related-item" />
                ))
              ) : (
                <Text size="sm" c="dimmed">
                  {related.isError || !validId
                    ? t('dashboard.news.failed')
                    : t('dashboard.news.noRelated')}
                </Text>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
