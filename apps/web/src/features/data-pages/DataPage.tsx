import { findDataPage } from '@gerbang/shared';
import { Stack } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { PageGuard } from '../../components/PageGuard';
import { DataTable } from './DataTable';
import { BalanceCard, PageTitle, SubNav } from './PageHeader';
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
