import { Fragment, useDeferredValue, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { Box, Card, Group, Stack, Table, Text, type TableTdProps } from '@mantine/core';
import { errorMessage } from '../../app/api';
import { ListCard } from '../ListCard';
import { useNarrowScreen } from './narrow';

export interface ListColumn<T> {
  /** The table header and, on a phone, the line's label. */
  label: string;
  cell: (row: T) => ReactNode;
  /** The row's name: the card's title on a phone. */
  primary?: boolean;
  /** The row's buttons: beside the card's title on a phone, without a label. */
  actions?: boolean;
  /** The cell holds its own controls: a click there is not a click on the row. */
  ownClicks?: boolean;
  /** Extra props of the table cell (a width cap, bold text). */
  tdProps?: TableTdProps;
}

export interface ResponsiveListProps<T> {
  /** Names the table (and the list of cards on a phone). */
  label: string;
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  loading: boolean;
  /** The failure text, or null when the list loaded. */
  error: string | null;
  onRetry: () => void;
  loadingLabel: string;
  emptyMessage: string;
  /** A wide table scrolls sideways below this width rather than squeezing its columns. */
  minWidth?: number;
  /** Rows come sorted; a new value starts a group under its own heading (the months of a calendar). */
  groupOf?: (row: T) => string;
  /** False for a list whose cells explain themselves (no header row in the table). */
  withHeader?: boolean;
  rowStyle?: (row: T) => CSSProperties | undefined;
  /** Clicking anywhere on the row (a cell that holds its own controls stops the click). */
  onRowClick?: (row: T) => void;
  /**
   * The caller's own card already shows loading, failure and the empty text (a table shared by pages
   * that frame it differently): only the rows, without ListCard, and the cards padded off its border.
   */
  bare?: boolean;
}

const stop = (event: MouseEvent) => event.stopPropagation();

/** Consecutive rows with the same group, in order; one unnamed group without `groupOf`. */
function grouped<T>(rows: readonly T[], groupOf: ((row: T) => string) | undefined): { name: string | null; rows: T[] }[] {
  if (!groupOf) return [{ name: null, rows: [...rows] }];
  const groups: { name: string; rows: T[] }[] = [];
  for (const row of rows) {
    const name = groupOf(row);
    const last = groups.at(-1);
    if (last?.name === name) last.rows.push(row);
    else groups.push({ name, rows: [row] });
  }
  return groups;
}

/** A list query's loading, failure text and retry, as ResponsiveList takes them. */
export function queryListState(query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => Promise<unknown> }, failedText: string) {
  return { loading: query.isPending, error: query.isError ? errorMessage(query.error, failedText) : null, onRetry: () => void query.refetch() };
}

const NO_ROWS: readonly never[] = [];

/**
 * A list page's body: loading, failure with retry, the empty text, then the rows: a table from `sm`
 * up and a card per row below it, both from the one column list.
 *
 * Rows render as a deferred value: a query's answer arrives in a synchronous update (TanStack Query's
 * useSyncExternalStore), and a year of payslip cards built there held a phone's main thread for 100–400 ms
 * at once. Deferred, that update only keeps the loader up, and React builds the rows in the background,
 * yielding every few milliseconds (issue 29, decision 0309).
 */
export function ResponsiveList<T>(props: ResponsiveListProps<T>) {
  // One empty array, so a caller's `data ?? []` (a new array each render) is no new value to defer. A list of its
  // own mounts with none (its loader stays up, as it was while loading, until the rows are built); a bare list,
  // which the caller shows once its rows are there, mounts with them: a spinner there first, then the rows, would
  // push what follows it on the page down (a layout shift). Its later changes are deferred (the old rows stay).
  const latest = props.rows.length === 0 ? (NO_ROWS as readonly T[]) : props.rows;
  const rows = useDeferredValue(latest, props.bare === true ? latest : (NO_ROWS as readonly T[]));
  const catchingUp = rows.length === 0 && latest.length > 0;
  const { label, columns, rowKey, error, onRetry, loadingLabel, emptyMessage, minWidth, groupOf, withHeader = true, rowStyle, onRowClick, bare = false } = props;
  const loading = props.loading || catchingUp;
  const narrow = useNarrowScreen();
  const ready = !loading && error === null && rows.length > 0;
  if (narrow && ready)
    return bare ? (
      <Box p="sm">
        <RowCards {...props} rows={rows} />
      </Box>
    ) : (
      <RowCards {...props} rows={rows} />
    );

  const table = (
    <Table aria-label={label} verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
      {withHeader && (
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label}>{c.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
      )}
      <Table.Tbody>
        {grouped(rows, groupOf).map((group) => (
          <Fragment key={group.name ?? ''}>
            {group.name !== null && (
              <Table.Tr>
                <Table.Th colSpan={columns.length} bg="var(--mantine-color-gray-0)">
                  {group.name}
                </Table.Th>
              </Table.Tr>
            )}
            {group.rows.map((row) => (
              <Table.Tr key={rowKey(row)} style={{ ...(onRowClick && { cursor: 'pointer' }), ...rowStyle?.(row) }} onClick={onRowClick && (() => onRowClick(row))}>
                {columns.map((c) => (
                  <Table.Td key={c.label} onClick={c.ownClicks ? stop : undefined} {...c.tdProps}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Fragment>
        ))}
      </Table.Tbody>
    </Table>
  );
  const body =
    minWidth === undefined ? (
      table
    ) : (
      <Table.ScrollContainer minWidth={minWidth} type="native">
        {table}
      </Table.ScrollContainer>
    );
  if (bare) return body;
  return (
    <ListCard loading={loading} error={error} onRetry={onRetry} empty={rows.length === 0} loadingLabel={loadingLabel} emptyMessage={emptyMessage}>
      {body}
    </ListCard>
  );
}

function RowCards<T>({ label, columns, rows, rowKey, groupOf, rowStyle, onRowClick }: ResponsiveListProps<T>) {
  const primary = columns.find((c) => c.primary);
  const actions = columns.find((c) => c.actions);
  const lines = columns.filter((c) => c !== primary && c !== actions);
  const card = (row: T) => (
    <Card
      key={rowKey(row)}
      component="li"
      withBorder
      radius="md"
      padding="md"
      style={{ ...(onRowClick && { cursor: 'pointer' }), ...rowStyle?.(row) }}
      onClick={onRowClick && (() => onRowClick(row))}
    >
      {(primary ?? actions) && (
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Box fw={600} fz="sm" miw={0} onClick={primary?.ownClicks ? stop : undefined}>
            {primary?.cell(row)}
          </Box>
          {actions && <Box onClick={actions.ownClicks ? stop : undefined}>{actions.cell(row)}</Box>}
        </Group>
      )}
      <Stack gap={6} mt={primary ?? actions ? 'xs' : 0}>
        {lines.map((c) => (
          <Group key={c.label} justify="space-between" wrap="nowrap" align="flex-start" gap="md">
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              {c.label}
            </Text>
            <Box fz="sm" ta="right" miw={0} onClick={c.ownClicks ? stop : undefined}>
              {c.cell(row)}
            </Box>
          </Group>
        ))}
      </Stack>
    </Card>
  );
  return (
    <Stack gap="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {grouped(rows, groupOf).map((group) =>
        group.name === null ? (
          group.rows.map(card)
        ) : (
          <Stack key={group.name} gap="sm" component="li">
            <Text fw={600} size="sm" c="dimmed">
              {group.name}
            </Text>
            <Stack gap="sm" component="ul" aria-label={group.name} p={0} m={0} style={{ listStyle: 'none' }}>
              {group.rows.map(card)}
            </Stack>
          </Stack>
        ),
      )}
    </Stack>
  );
}
