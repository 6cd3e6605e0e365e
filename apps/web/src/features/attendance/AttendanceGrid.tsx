import { Avatar, Box, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { AttendanceDayView, AttendanceGridRow } from '@tankha/contracts';
import { initials } from '../../ui/format';
import { DAY_COLOURS, DAY_LEGEND, dayKind, dayName, tooltipLines, truncateGridText } from './attendance-rules';

/** One circle per day with the day number, coloured by kind, with the §2.11 tooltip. */
export function DayCircle({ day }: { day: AttendanceDayView }) {
  // Before the organisation existed there is nothing to report: a blank day, no status.
  if (day.beforeOrganisation) {
    return (
      <Box data-testid={`day-${day.date}`} data-kind="blank" aria-label={`${day.date} before the organisation was created`} style={{ width: 28, height: 28, margin: '0 auto' }} />
    );
  }
  const colour = DAY_COLOURS[dayKind(day)];
  return (
    <Tooltip
      withArrow
      label={
        <Stack gap={0}>
          {tooltipLines(day).map((l) => (
            <Text key={l.label} size="xs">
              {l.label}: {l.value}
            </Text>
          ))}
        </Stack>
      }
    >
      <Box
        data-testid={`day-${day.date}`}
        data-kind={colour.kind}
        aria-label={`${day.date} ${day.attendanceStatus}`}
        style={{
          width: 28,
          height: 28,
          borderRadius: '50%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: 11,
          fontWeight: 600,
          background: colour.background,
          color: colour.text,
          border: `2px solid ${colour.border}`,
          margin: '0 auto',
        }}
      >
        {Number(day.date.slice(8, 10))}
      </Box>
    </Tooltip>
  );
}

export function GridLegend() {
  return (
    <Group gap="md" aria-label="Legend">
      {DAY_LEGEND.map((l) => {
        const c = DAY_COLOURS[l.kind];
        return (
          <Group key={l.kind} gap={6}>
            <Box style={{ width: 12, height: 12, borderRadius: '50%', background: c.background, border: `2px solid ${c.border}` }} />
            <Text size="xs">{l.label}</Text>
          </Group>
        );
      })}
    </Group>
  );
}

const STICKY = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)', minWidth: 220 } as const;

/**
 * The monthly grid (people spec §2.11): a row per employee, sticky names, a circle per day. A row
 * click opens the profile when onOpen is given, that is when the viewer may see profiles; for the
 * others (a manager) the rows are not clickable rather than leading to a 403 page.
 */
export function AttendanceGrid({ rows, dates, onOpen }: { rows: readonly AttendanceGridRow[]; dates: readonly string[]; onOpen?: (employeeId: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={dates.length * 36 + 220}>
      <Table highlightOnHover aria-label="Attendance grid" withRowBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={STICKY}>Employee</Table.Th>
            {dates.map((d) => (
              <Table.Th key={d} ta="center" px={2} fz="xs">
                {dayName(d)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const [first = '', ...rest] = row.employeeName.split(' ');
            return (
              <Table.Tr
                key={row.employeeId}
                style={onOpen ? { cursor: 'pointer' } : undefined}
                onClick={onOpen ? () => onOpen(row.employeeId) : undefined}
                data-testid={`grid-row-${row.employeeId}`}
              >
                <Table.Td style={STICKY}>
                  <Group gap="xs" wrap="nowrap">
                    <Avatar size="sm" radius="xl" src={row.imageUrl} color="indigo">
                      {initials(first, rest.join(' '))}
                    </Avatar>
                    <div>
                      <Text size="sm" fw={500} title={row.employeeName}>
                        {truncateGridText(row.employeeName)}
                      </Text>
                      <Text size="xs" c="dimmed" title={row.email}>
                        {truncateGridText(row.email)}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                {row.days.map((d) => (
                  <Table.Td key={d.date} px={2}>
                    <DayCircle day={d} />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
