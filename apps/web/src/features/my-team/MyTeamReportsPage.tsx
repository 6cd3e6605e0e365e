import { useState } from 'react';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { MY_TEAM_REPORT_MAX_DAYS, TEAM_REPORT_KINDS, TEAM_REPORT_LABELS, teamReportQuerySchema, type TeamReportKind } from '@tankha/contracts';
import { addDaysToDate } from '@tankha/domain';
import { apiDownload } from '../../app/api';
import { useToday } from '../../app/today';
import { DateField } from '../../ui/DateField';

/** My team > Reports: attendance, leave and late arrivals for a date range, as XLSX. */
export function MyTeamReportsPage() {
  const today = useToday();
  const [kind, setKind] = useState<TeamReportKind>('attendance');
  const [startDate, setStartDate] = useState(() => addDaysToDate(today, -29));
  const [endDate, setEndDate] = useState(today);
  const [busy, setBusy] = useState(false);
  const parsed = teamReportQuerySchema.safeParse({ kind, startDate, endDate });
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const download = async () => {
    setBusy(true);
    try {
      await apiDownload('/MyTeam/reports', `team-${kind}-report-${startDate}-to-${endDate}.xlsx`, { query: { kind, startDate, endDate } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Title order={2}>Team reports</Title>
      <Card withBorder component="section" aria-label="Download a report">
        <Stack>
          <Select
            label="Report"
            data={TEAM_REPORT_KINDS.map((k) => ({
              value: k,
              label: TEAM_REPORT_LABELS[k],
            }))}
            value={kind}
            onChange={(v) => v && setKind(v as TeamReportKind)}
            allowDeselect={false}
          />
          <Group grow>
            <DateField label="Start date" value={startDate} onChange={setStartDate} />
            <DateField label="End date" value={endDate} onChange={setEndDate} />
          </Group>
          <Text size="sm" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined}>
            {problem ?? `A range of up to ${String(MY_TEAM_REPORT_MAX_DAYS)} days.`}
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => void download()} loading={busy} disabled={problem !== null}>
              Download XLSX
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
