import { Box } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type ReactNode, useRef } from 'react';

export interface VirtualGridProps {
  /** CSS grid columns shared by the header and every row. */
  grid: string;
  rowHeight: number;
  /** The scroll box never grows past this; fewer rows make it shorter. */
  maxHeight: number;
  minWidth: number;
  count: number;
  overscan: number;
  border: string;
  testId: string;
  scrollTestId: string;
  header: ReactNode;
  /** One row; `style` places it in the virtual list and lays out its grid. */
  row(index: number, style: CSSProperties): ReactNode;
}

/**
 * A table of many rows on a CSS grid, virtualised: only the rows in view (plus `overscan`) are in
 * the DOM, so 20,000 rows scroll as smoothly as 20. The rows table and the fix table of the bulk
 * upload draw their own header cells and rows in it.
 */
export function VirtualGrid(p: VirtualGridProps) {
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: p.count,
    getScrollElement: () => parent.current,
    estimateSize: () => p.rowHeight,
    overscan: p.overscan,
  });
  const line = '1px solid var(--mantine-color-gray-3)';
  return (
    <Box data-testid={p.testId} style={{ border: p.border, borderRadius: 8 }}>
      <Box style={{ overflowX: 'auto' }}>
        <Box miw={p.minWidth}>
          <Box
            px="xs"
            py={8}
            style={{
              display: 'grid',
              gridTemplateColumns: p.grid,
              gap: 8,
              fontWeight: 600,
              fontSize: 13,
              borderBottom: line,
            }}
          >
            {p.header}
          </Box>
          <div
            ref={parent}
            style={{ height: Math.min(p.maxHeight, p.count * p.rowHeight + 4), overflowY: 'auto' }}
            data-testid={p.scrollTestId}
          >
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) =>
                p.row(item.index, {
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: p.rowHeight,
                  transform: `translateY(${item.start}px)`,
                  display: 'grid',
                  gridTemplateColumns: p.grid,
                  gap: 8,
                  alignItems: 'center',
                  fontSize: 13,
                  borderBottom: '1px solid var(--mantine-color-gray-2)',
                }),
              )}
            </div>
          </div>
        </Box>
      </Box>
    </Box>
  );
}
