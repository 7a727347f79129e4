import { findDataPage } from '@gerbang/shared';
import { Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { PageGuard } from '../../components/PageGuard';
import { withCatalogParts } from '../../lib/i18n';
import { DataTable } from './DataTable';
import { BalanceCard, PageTitle, SubNav } from './PageHeader';

// Only /data/disbursement shows the groups waiting for approval; the panel (and the bulk-transfer
// contract it reads, with its schemas) loads there alone, keeping every data page in its budget.
const BulkWaitingGroups = lazy(() =>
  withCatalogParts(['bulk'], import('../../components/BulkWaitingGroups')).then((m) => ({
    default: m.BulkWaitingGroups,
  })),
);

// Only /data/callback shows the banner of a disabled callback endpoint.
const EndpointBanner = lazy(() =>
  import('../../components/EndpointBanner').then((m) => ({ default: m.EndpointBanner })),
);

import { isStatementPage, StatementSummary } from './StatementSummary';
import { useTableState } from './tableState';

function DataPageBody({ path }: { path: string }) {
  const page = findDataPage(path);
  const { state, update } = useTableState(
    page ?? (findDataPage('transaction') as NonNullable<ReturnType<typeof findDataPage>>),
  );
  if (!page) return <Navigate to="/not-found" replace />;
  return (
    <PageGuard rule={page.access}>
      <Stack gap="md" data-testid={`data-page-${page.path}`}>
        <PageTitle
          page={page}
          bank={state.param}
          onBank={(param) => update({ param: param ?? '', page: 1 })}
        />
        <SubNav page={page} />
        {page.balanceCard && <BalanceCard />}
        {page.path === 'disbursement' && (
          <Suspense fallback={null}>
            <BulkWaitingGroups />
          </Suspense>
        )}
        {page.path === 'callback' && (
          <Suspense fallback={null}>
            <EndpointBanner />
          </Suspense>
        )}
        {isStatementPage(page) && <StatementSummary page={page} />}
        <DataTable key={page.path} page={page} />
      </Stack>
    </PageGuard>
  );
}

/** `/data/{path}`: one generic page for the 25 paths of spec 03 §2.2 and the activity log. */
export default function DataPage() {
  const { path = '' } = useParams();
  return <DataPageBody key={path} path={path} />;
}
