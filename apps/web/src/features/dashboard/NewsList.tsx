import {
  formatIndonesianDate,
  NEWS_PAGE,
  NEWS_PLACEHOLDERS,
  type NewsItem,
  newsCategoryFor,
  RC,
} from '@gerbang/shared';
import { dashboardCalls } from '@gerbang/shared/contract/dashboard-calls';
import { IconNews } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiFailure, client } from '../../lib/api';
import { useLoggedIn } from '../../lib/session';
import cards from './cards.module.css';
import classes from './dashboard.module.css';
import { Placeholder } from './StatCard';

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
    <Link to={`/news/${item.id}`} data-testid={testId} className={classes.newsLink}>
      {item.foto ? (
        <img src={item.foto} alt="" className={classes.newsThumb} />
      ) : (
        <span className={classes.newsThumb} />
      )}
      <span className={classes.newsText}>
        <span className={classes.newsTitle}>{item.title}</span>
        <span className={cards.small}>{formatIndonesianDate(new Date(item.date))}</span>
      </span>
    </Link>
  );
}

/** Stable keys for a fixed number of loading placeholders. */
export const placeholderKeys = (count: number) =>
  Array.from({ length: count }, (_, index) => `placeholder-${index}`);

export function NewsPlaceholder() {
  return (
    <div className={classes.newsPlaceholder} data-testid="news-placeholder">
      <Placeholder w={72} h={52} radius="var(--mantine-radius-md)" />
      <span className={classes.newsText}>
        <Placeholder h={12} />
        <Placeholder h={12} w="60%" />
      </span>
    </div>
  );
}

export function NewsList() {
  const { t } = useTranslation();
  const news = useNewsList();
  return (
    <div className={cards.card} data-testid="news-list">
      <div className={classes.newsHeading}>
        <IconNews size={20} color="var(--mantine-color-blue-6)" />
        <p className={cards.title}>{t('dashboard.news.title')}</p>
      </div>
      <div className={classes.newsItems}>
        {news.isPending ? (
          placeholderKeys(NEWS_PLACEHOLDERS).map((key) => <NewsPlaceholder key={key} />)
        ) : news.isError ? (
          <p className={classes.newsNotice} data-testid="news-failed">
            {t('dashboard.news.failed')}
          </p>
        ) : news.data.length === 0 ? (
          <p className={classes.newsNotice} data-testid="news-empty">
            {t('dashboard.news.empty')}
          </p>
        ) : (
          news.data.map((item) => <NewsLink key={item.id} item={item} />)
        )}
      </div>
    </div>
  );
}
