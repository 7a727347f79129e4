import {
  BADGE_COLORS,
  type DataPageDescriptor,
  fillTemplate,
  RC,
  type RowAction,
} from '@gerbang/shared';
import { dataPageCalls } from '@gerbang/shared/contract/data-pages-calls';
import { Button, Group, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callKey, client } from '../../lib/api';
import { showInfoDialog } from '../../lib/dialogs';
import { useSession } from '../../lib/session';

type Row = Record<string, unknown>;

function applies(action: RowAction, row: Row): boolean {
  if (action.kind === 'link') {
    if (
      action.whenPresent &&
      (row[action.whenPresent] === null || row[action.whenPresent] === undefined)
    )
      return false;
    if (action.when && !action.when.in.includes(String(row[action.when.column]))) return false;
    return fillTemplate(action.href, row) !== null;
  }
  if (action.kind === 'call') {
    return !action.when || action.when.in.includes(String(row[action.when.column]));
  }
  return (
    String(row[action.when.column]) === action.when.value && Boolean(row[action.when.fileColumn])
  );
}

/** The row actions of spec 03 §2.2, each shown only where the caller may use it. */
export function RowActions({ page, row }: { page: DataPageDescriptor; row: Row }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { verdict } = useSession();
  const actions = (page.actions ?? []).filter(
    (a) => !('requires' in a) || !a.requires || verdict(a.requires) === 'allowed',
  );
  if (actions.length === 0) return null;

  const call = async (action: Extract<RowAction, { kind: 'call' }>) => {
    const params: Record<string, string> = {};
    for (const [name, template] of Object.entries(action.params)) {
      const filled = fillTemplate(template, row);
      if (filled === null) return;
      params[name] = decodeURIComponent(filled);
    }
    const run = async () => {
      // The row fills the call's input (its query for a GET, its body for a POST).
      const res = await client.call(action.call, params);
      if (res.rc === RC.OK) {
        showInfoDialog(res.rd, t('data.ui.done'));
        await queryClient.invalidateQueries({ queryKey: callKey(dataPageCalls.page[page.path]) });
      }
    };
    if (!action.confirmKey) return run();
    modals.openConfirmModal({
      title: t('data.confirm.title'),
      centered: true,
      children: <Text size="sm">{t(action.confirmKey)}</Text>,
      labels: { confirm: t('data.confirm.yes'), cancel: t('data.confirm.no') },
      confirmProps: {
        color: action.tone ? BADGE_COLORS[action.tone] : undefined,
        'data-testid': 'confirm-yes',
      } as never,
      onConfirm: () => void run(),
    });
  };

  return (
    // Clicks on actions must not open the row popup.
    <div onClick={(e) => e.stopPropagation()}>
      <Group gap={6} wrap="nowrap">
        {actions.map((action) => {
          const enabled = applies(action, row);
          const testId = `action-${action.key}`;
          if (action.kind === 'link') {
            const href = fillTemplate(action.href, row);
            return (
              <Button
                key={action.key}
                size="compact-xs"
                variant="light"
                disabled={!enabled || href === null}
                onClick={() => href && navigate(href)}
                data-testid={testId}
              >
                {t(action.labelKey)}
              </Button>
            );
          }
          if (action.kind === 'call') {
            return (
              <Button
                key={action.key}
                size="compact-xs"
                variant="light"
                color={action.tone ? BADGE_COLORS[action.tone] : undefined}
                disabled={!enabled}
                onClick={() => void call(action)}
                data-testid={testId}
              >
                {t(action.labelKey)}
              </Button>
            );
          }
          return (
            <Menu key={action.key} withinPortal position="bottom-end">
              <Menu.Target>
                <Button
                  size="compact-xs"
                  variant="light"
                  color="green"
                  leftSection={<IconDownload size={14} />}
                  disabled={!enabled}
                  data-testid={testId}
                >
                  {t(action.labelKey)}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  component="a"
                  href={String(row.download_csv ?? '')}
                  download
                  data-testid="download-csv"
                >
                  {t('data.actions.downloadCsv')}
                </Menu.Item>
                {Boolean(row.download_xlsx) && (
                  <Menu.Item
                    component="a"
                    href={String(row.download_xlsx)}
                    download
                    data-testid="download-xlsx"
                  >
                    {t('data.actions.downloadXlsx')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          );
        })}
      </Group>
    </div>
  );
}
