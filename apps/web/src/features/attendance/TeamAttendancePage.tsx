import { useEffect, useState } from 'react';
import { ActionIcon, Button, Card, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload, IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ATTENDANCE_GRID_PAGE_SIZE, can } from '@tankha/contracts';
import { datesOfMonth } from '@tankha/domain';
import { useCurrentUser } from '../../app/current-user';
import { profilePath } from '../../app/paths';
import { useToday as useOrganizationToday } from '../../app/today';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { AttendanceGrid, GridLegend } from './AttendanceGrid';
import { ExportModal } from './ExportModal';
import { monthTitle, shiftMonth } from './attendance-rules';
import { useGrid, useToday } from './attendance.api';

/** /my-team/attendance: the monthly grid (people spec §2.11) with search, pages, a legend and the export. */
export function TeamAttendancePage() {
  const today = useToday();
  const organizationToday = useOrganizationToday();
  const todayDate = today.data?.date ?? organizationToday;
  const [month, setMonth] = useState<string | null>(null);
  const shown = month ?? todayDate.slice(0, 7);
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [exporting, setExporting] = useState(false);
  const navigate = useNavigate();
  // The profile route is for those who may view profiles (platform permission table); a manager is not.
  const mayOpenProfile = can(useCurrentUser().roleId, 'users.viewProfile');

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const grid = useGrid({ month: shown, page, pageSize: ATTENDANCE_GRID_PAGE_SIZE, search });
  const totalPages = Math.max(1, Math.ceil((grid.data?.totalRecords ?? 0) / ATTENDANCE_GRID_PAGE_SIZE));

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Team Attendance</Title>
        <Button leftSection={<IconDownload size={16} />} variant="light" onClick={() => setExporting(true)}>
          Export
        </Button>
      </Group>
      <Card>
        <Group justify="space-between" mb="sm">
          <Group gap="xs">
            <ActionIcon variant="subtle" aria-label="Previous month" onClick={() => setMonth(shiftMonth(shown, -1))}>
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Text fw={600} miw={140} ta="center">
              {monthTitle(shown)}
            </Text>
            <ActionIcon variant="subtle" aria-label="Next month" onClick={() => setMonth(shiftMonth(shown, 1))}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
          <TextInput leftSection={<IconSearch size={16} />} placeholder="Search employees" aria-label="Search employees" value={searchText} onChange={(e) => setSearchText(e.currentTarget.value)} />
        </Group>
        <GridLegend />
        {grid.isPending && <PageLoader label="Loading attendance" />}
        {grid.isError && <ErrorState message={grid.error.message} onRetry={() => void grid.refetch()} />}
        {grid.data && grid.data.rows.length === 0 && <EmptyState message="No employees found" />}
        {grid.data && grid.data.rows.length > 0 && (
          <>
            <AttendanceGrid rows={grid.data.rows} dates={datesOfMonth(shown)} onOpen={mayOpenProfile ? (id) => void navigate(profilePath(id)) : undefined} />
            {totalPages > 1 && (
              <Group justify="flex-end" mt="sm">
                <Pagination total={totalPages} value={page} onChange={setPage} />
              </Group>
            )}
          </>
        )}
      </Card>
      {exporting && <ExportModal opened onClose={() => setExporting(false)} today={todayDate} />}
    </Stack>
  );
}
