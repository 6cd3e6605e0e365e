import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, List, Modal, Popover, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconDownload, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { monthLabel, type EcrCheck, type EsicCheck, type FilingIssue, type PayrollRun } from '@tankha/contracts';
import { groupIndian } from '@tankha/domain';
import { ApiError, errorMessage } from '../../app/api';
import { profilePath } from '../../app/paths';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { downloadFiling, useEcrCheck, useEsicCheck } from './filings.api';
import { inr } from '../../ui/format';

const FIELD_LABELS: Record<string, string> = { uan: 'UAN', name: 'Name', ipNumber: 'ESI IP number', eps: 'EPS', esi: 'ESI' };
const count = (n: number, one: string, many: string) => `${groupIndian(n)} ${n === 1 ? one : many}`;

/** How a line's figures were reached, behind a small button (every figure explains itself). */
function Explanation({ who, lines }: { who: string; lines: readonly string[] }) {
  return (
    <Popover width={360} position="left" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" size="sm" aria-label={`How ${who}'s line was reached`}>
          <IconInfoCircle size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <List size="xs" spacing={2}>
          {lines.map((l) => (
            <List.Item key={l}>{l}</List.Item>
          ))}
        </List>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The lines the portal would reject, each with what to fix and a link to the profile where it is fixed. */
function IssuesTable({ issues, label }: { issues: readonly FilingIssue[]; label: string }) {
  return (
    <ScrollArea.Autosize mah={220} type="auto">
      <Table aria-label={label} verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Employee</Table.Th>
            <Table.Th>Field</Table.Th>
            <Table.Th>Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {issues.map((i) => (
            <Table.Tr key={`${i.userId}-${i.field}-${i.message}`}>
              <Table.Td>
                <Anchor component={Link} to={profilePath(i.userId)} size="sm" fw={600}>
                  {i.name || 'Unnamed'}
                </Anchor>
                {i.employeeNumber && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {i.employeeNumber}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{FIELD_LABELS[i.field] ?? i.field}</Table.Td>
              <Table.Td>{i.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

interface CheckProps {
  run: PayrollRun;
  /** The file's path under the run's filings, as the overview gives it. */
  path: string;
  onClose: () => void;
}

interface CheckLayoutProps {
  portal: string;
  unit: [string, string];
  errors: readonly FilingIssue[];
  warnings: readonly FilingIssue[];
  rejectedCount: number;
  validCount: number;
  totals: ReactNode;
  table: ReactNode;
  fileLabel: string;
  onRecheck: () => void;
  rechecking: boolean;
  onDownload: (validOnly: boolean) => Promise<void>;
  onClose: () => void;
}

/**
 * The check before a return is downloaded: every line, the ones the portal would
 * reject with why, what the file changes (warnings). While a line would be rejected the full file is
 * refused (the server says 409 too); the valid lines alone can be downloaded on purpose, and the rest
 * filed once fixed.
 */
function CheckLayout(p: CheckLayoutProps) {
  const [busy, setBusy] = useState<'all' | 'valid' | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const hasErrors = p.errors.length > 0;

  const download = async (validOnly: boolean) => {
    setBusy(validOnly ? 'valid' : 'all');
    setFailure(null);
    try {
      await p.onDownload(validOnly);
      toast.success(`${p.fileLabel} downloaded`);
      p.onClose();
    } catch (error) {
      if (error instanceof ApiError) setFailure(error);
      else toast.error(errorMessage(error, `Failed to download the ${p.fileLabel}`));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      {hasErrors ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={`${count(p.rejectedCount, p.unit[0], p.unit[1])} ${p.portal} would reject`}>
          <Text size="sm" mb="xs">
            Fix each in the employee’s profile and check again, or download the {count(p.validCount, `valid ${p.unit[0]}`, `valid ${p.unit[1]}`)} only and file the rest once fixed.
          </Text>
          <IssuesTable issues={p.errors} label={`${p.unit[1]} ${p.portal} would reject`} />
        </Alert>
      ) : (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
          {`Every ${p.unit[0]} passes the checks ${p.portal} makes on upload.`}
        </Alert>
      )}
      {p.warnings.length > 0 && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Worth a look">
          <IssuesTable issues={p.warnings} label="Warnings" />
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert" title={failure.message}>
          {Object.keys(failure.errors).length > 0 && (
            <List size="sm">
              {Object.entries(failure.errors).map(([who, why]) => (
                <List.Item key={who}>
                  {who}: {why}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {p.totals}
      {p.table}
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconRefresh size={16} />} loading={p.rechecking} onClick={p.onRecheck}>
          Check again
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={p.onClose} disabled={busy !== null}>
            Cancel
          </Button>
          {hasErrors ? (
            <Button leftSection={<IconDownload size={16} />} disabled={p.validCount === 0} loading={busy === 'valid'} onClick={() => void download(true)}>
              {`Download valid ${p.unit[1]} only (${groupIndian(p.validCount)})`}
            </Button>
          ) : (
            <Button leftSection={<IconDownload size={16} />} loading={busy === 'all'} onClick={() => void download(false)}>
              Download {p.fileLabel}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

const num = (n: number) => groupIndian(n);
const rejectedRow = (rejected: boolean) => (rejected ? { bg: 'var(--mantine-color-red-light)' } : {});

/** EPFO ECR 2.0: the validation screen before the text file is downloaded. */
export function EcrCheckModal({ run, path, onClose }: CheckProps) {
  const check = useEcrCheck(run.id);
  return (
    <Modal opened onClose={onClose} title={`EPF ECR — ${monthLabel(run.month)}`} size={1100} centered>
      {check.isPending ? (
        <PageLoader label="Checking the ECR" />
      ) : check.isError ? (
        <ErrorState message={errorMessage(check.error, 'Failed to check the ECR.')} onRetry={() => void check.refetch()} />
      ) : (
        <EcrBody ecr={check.data} run={run} path={path} onClose={onClose} onRecheck={() => void check.refetch()} rechecking={check.isFetching} />
      )}
    </Modal>
  );
}

function EcrBody({ ecr, run, path, onClose, onRecheck, rechecking }: { ecr: EcrCheck; run: PayrollRun; path: string; onClose: () => void; onRecheck: () => void; rechecking: boolean }) {
  const rejected = ecr.lines.filter((l) => l.rejected).length;
  const t = ecr.totals;
  return (
    <CheckLayout
      portal="EPFO"
      unit={['line', 'lines']}
      errors={ecr.errors}
      warnings={ecr.warnings}
      rejectedCount={rejected}
      validCount={t.members}
      fileLabel="ECR"
      onRecheck={onRecheck}
      rechecking={rechecking}
      onClose={onClose}
      onDownload={(validOnly) => downloadFiling(run.id, { path, fileName: ecr.fileName }, { validOnly })}
      totals={
        <Text size="sm" c="dimmed" aria-label="ECR totals">
          {`${count(t.members, 'member', 'members')} in the file · EPF wages ${inr(t.epfWages)} · employee share ${inr(t.employeeShare)} · EPS ${inr(t.epsShare)} · employer EPF ${inr(t.employerShare)}`}
        </Text>
      }
      table={
        <ScrollArea.Autosize mah={320} type="auto">
          <Table aria-label="ECR lines" striped={false} verticalSpacing={4} fz="sm" miw={880}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Member</Table.Th>
                <Table.Th>UAN</Table.Th>
                <Table.Th ta="right">Gross</Table.Th>
                <Table.Th ta="right">EPF wages</Table.Th>
                <Table.Th ta="right">EPS wages</Table.Th>
                <Table.Th ta="right">EDLI wages</Table.Th>
                <Table.Th ta="right">EE share</Table.Th>
                <Table.Th ta="right">EPS</Table.Th>
                <Table.Th ta="right">ER share</Table.Th>
                <Table.Th ta="right">NCP</Table.Th>
                <Table.Th aria-label="Explanation" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ecr.lines.map((l) => (
                <Table.Tr key={l.userId} style={rejectedRow(l.rejected)} aria-label={`${l.name}${l.rejected ? ' (rejected)' : ''}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {l.memberName || l.name}
                    </Text>
                    {l.rejected && (
                      <Badge color="red" variant="light" size="xs">
                        Would be rejected
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ff="monospace">{l.uan || '—'}</Table.Td>
                  <Table.Td ta="right">{num(l.grossWages)}</Table.Td>
                  <Table.Td ta="right">{num(l.epfWages)}</Table.Td>
                  <Table.Td ta="right">{num(l.epsWages)}</Table.Td>
                  <Table.Td ta="right">{num(l.edliWages)}</Table.Td>
                  <Table.Td ta="right">{num(l.employeeShare)}</Table.Td>
                  <Table.Td ta="right">{num(l.epsShare)}</Table.Td>
                  <Table.Td ta="right">{num(l.employerShare)}</Table.Td>
                  <Table.Td ta="right">{num(l.ncpDays)}</Table.Td>
                  <Table.Td>
                    <Explanation who={l.name} lines={l.explanation} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      }
    />
  );
}

/** ESIC monthly contribution: the check before the upload workbook is downloaded. */
export function EsicCheckModal({ run, path, onClose }: CheckProps) {
  const check = useEsicCheck(run.id);
  return (
    <Modal opened onClose={onClose} title={`ESIC contribution — ${monthLabel(run.month)}`} size={1100} centered>
      {check.isPending ? (
        <PageLoader label="Checking the ESIC file" />
      ) : check.isError ? (
        <ErrorState message={errorMessage(check.error, 'Failed to check the ESIC file.')} onRetry={() => void check.refetch()} />
      ) : (
        <EsicBody esic={check.data} run={run} path={path} onClose={onClose} onRecheck={() => void check.refetch()} rechecking={check.isFetching} />
      )}
    </Modal>
  );
}

function EsicBody({ esic, run, path, onClose, onRecheck, rechecking }: { esic: EsicCheck; run: PayrollRun; path: string; onClose: () => void; onRecheck: () => void; rechecking: boolean }) {
  const rejected = esic.rows.filter((r) => r.rejected).length;
  return (
    <CheckLayout
      portal="ESIC"
      unit={['row', 'rows']}
      errors={esic.errors}
      warnings={esic.warnings}
      rejectedCount={rejected}
      validCount={esic.totals.members}
      fileLabel="ESIC file"
      onRecheck={onRecheck}
      rechecking={rechecking}
      onClose={onClose}
      onDownload={(validOnly) => downloadFiling(run.id, { path, fileName: esic.fileName }, { validOnly })}
      totals={
        <Text size="sm" c="dimmed" aria-label="ESIC totals">
          {`${count(esic.totals.members, 'insured person', 'insured persons')} in the file · total wages ${inr(esic.totals.wages)}`}
        </Text>
      }
      table={
        <ScrollArea.Autosize mah={320} type="auto">
          <Table aria-label="ESIC rows" verticalSpacing={4} fz="sm" miw={760}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>IP name</Table.Th>
                <Table.Th>IP number</Table.Th>
                <Table.Th ta="right">Days</Table.Th>
                <Table.Th ta="right">Wages</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Last working day</Table.Th>
                <Table.Th aria-label="Explanation" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {esic.rows.map((r) => (
                <Table.Tr key={r.userId} style={rejectedRow(r.rejected)} aria-label={`${r.name}${r.rejected ? ' (rejected)' : ''}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {r.ipName || r.name}
                    </Text>
                    {r.rejected && (
                      <Badge color="red" variant="light" size="xs">
                        Would be rejected
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ff="monospace">{r.ipNumber || '—'}</Table.Td>
                  <Table.Td ta="right">{num(r.days)}</Table.Td>
                  <Table.Td ta="right">{inr(r.wages)}</Table.Td>
                  <Table.Td>{`${String(r.reasonCode)} · ${r.reasonLabel}`}</Table.Td>
                  <Table.Td>{r.lastWorkingDay || '—'}</Table.Td>
                  <Table.Td>
                    <Explanation who={r.name} lines={r.explanation} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      }
    />
  );
}
