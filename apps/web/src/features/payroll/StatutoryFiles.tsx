import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChecklist, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { can, monthLabel, type PayrollFiling, type PayrollFilingDownload, type PayrollRun } from '@tankha/contracts';
import { groupIndian } from '@tankha/domain';
import { errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { ledgerAccountsPath } from '../../app/paths';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { EcrCheckModal, EsicCheckModal } from './FilingCheckModal';
import { downloadFiling, useFilings } from './filings.api';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useNarrowScreen } from '../../ui/kit/narrow';

/** Statutory files exist for a month whose payslips can no longer change. */
export function hasStatutoryFiles(run: Pick<PayrollRun, 'status'>): boolean {
  return run.status === 'finalized' || run.status === 'paid';
}

/** The check views of the formats whose card opens a check (`check` in the server's registry). */
const CHECKS: Partial<Record<string, typeof EcrCheckModal>> = { ecr: EcrCheckModal, esic: EsicCheckModal };

function statusOf(f: PayrollFiling): string {
  if (!f.available) return f.reason ?? 'Not available';
  const { one, many } = f.units;
  const parts = [`${groupIndian(f.rows)} ${f.rows === 1 ? one : many}`];
  if (f.errors > 0) parts.push(`${groupIndian(f.errors)} ${f.errors === 1 ? 'problem' : 'problems'} to fix`);
  if (f.warnings > 0) parts.push(`${groupIndian(f.warnings)} ${f.warnings === 1 ? 'note' : 'notes'}`);
  return parts.join(' · ');
}

/**
 * "Statutory files" of a finalized month: the ECR and ESIC files open their
 * validation first; the PT and LWF statements and the journal download at once. A file that cannot
 * be made says why (nothing to file, not due, components without a ledger account).
 */
export function StatutoryFiles({ run }: { run: PayrollRun }) {
  const user = useCurrentUser();
  const shown = hasStatutoryFiles(run) && can(user.roleId, 'payroll.filings.download');
  const filings = useFilings(run.id, shown);
  const [checking, setChecking] = useState<PayrollFiling | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const narrow = useNarrowScreen();
  if (!shown) return null;
  const CheckView = checking ? CHECKS[checking.kind] : undefined;

  const download = async (f: PayrollFiling, file: PayrollFilingDownload) => {
    setBusy(`${f.kind}-${file.path}`);
    try {
      await downloadFiling(run.id, file);
      toast.success(`${f.label} downloaded`);
    } catch (error) {
      toastApiError(error, `Failed to download the ${f.label}`);
    } finally {
      setBusy(null);
    }
  };

  // As the server's registry describes each format: a check first, one file, or a choice of files.
  const action = (f: PayrollFiling) => {
    if (f.check) {
      return (
        <Button size="xs" variant="light" leftSection={<IconChecklist size={14} />} disabled={!f.available} onClick={() => setChecking(f)} aria-label={`Check and download ${f.label}`}>
          Check and download
        </Button>
      );
    }
    if (f.downloads.length > 1) {
      return (
        <Group gap={6} justify="flex-end">
          {f.downloads.map((file) => (
            <Tooltip key={file.path} label={f.reason ?? ''} disabled={f.available} multiline w={280}>
              <span>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} />}
                  disabled={!f.available}
                  loading={busy === `${f.kind}-${file.path}`}
                  onClick={() => void download(f, file)}
                  aria-label={`Download ${f.label} (${file.format})`}
                >
                  {file.format}
                </Button>
              </span>
            </Tooltip>
          ))}
        </Group>
      );
    }
    const file = f.downloads[0];
    return (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDownload size={14} />}
        disabled={!f.available || !file}
        loading={busy === `${f.kind}-${file?.path ?? ''}`}
        onClick={() => file && void download(f, file)}
        aria-label={`Download ${f.label}`}
      >
        Download
      </Button>
    );
  };

  // The web kit's list: a table from `sm` up, a card per file on a phone with its buttons in reach.
  const columns: ListColumn<PayrollFiling>[] = [
    {
      label: 'File',
      primary: true,
      cell: (f) => (
        <>
          <Text size="sm" fw={600}>
            {f.label}
          </Text>
          <Text size="xs" c="dimmed" fw={400}>
            {f.description}
          </Text>
        </>
      ),
    },
    {
      label: 'Status',
      cell: (f) => (
        <>
          <Group gap={6} justify={narrow ? 'flex-end' : undefined}>
            {f.available && f.errors > 0 && (
              <Badge color="red" variant="light" size="sm">
                Check
              </Badge>
            )}
            <Text size="sm" c={f.available ? undefined : 'dimmed'}>
              {statusOf(f)}
            </Text>
          </Group>
          {f.kind === 'journal' && !f.available && can(user.roleId, 'payroll.ledger.view') && (
            <Anchor component={Link} to={ledgerAccountsPath(run.id)} size="sm">
              Map ledger accounts
            </Anchor>
          )}
        </>
      ),
    },
    { label: 'Download', tdProps: { ta: 'right' }, cell: action },
  ];

  return (
    <Card component="section" aria-label="Statutory files">
      <Stack gap="sm">
        <div>
          <Title order={4} size="h5">
            Statutory files
          </Title>
          <Text size="sm" c="dimmed">
            Returns and the journal for {monthLabel(run.month)}, made from its finalized payslips. Each download is recorded in the payroll reports.
          </Text>
        </div>
        {filings.isPending ? (
          <PageLoader label="Loading the statutory files" />
        ) : filings.isError ? (
          <ErrorState message={errorMessage(filings.error, 'Failed to load the statutory files.')} onRetry={() => void filings.refetch()} />
        ) : (
          <ResponsiveList
            bare
            withHeader={false}
            label="Statutory files of the month"
            columns={columns}
            rows={filings.data.files}
            rowKey={(f) => f.kind}
            loading={false}
            error={null}
            onRetry={() => void filings.refetch()}
            loadingLabel="Loading the statutory files"
            emptyMessage="No statutory files"
          />
        )}
      </Stack>
      {checking && CheckView && (
        <CheckView
          run={run}
          path={checking.downloads[0]?.path ?? ''}
          onClose={() => {
            setChecking(null);
            void filings.refetch();
          }}
        />
      )}
    </Card>
  );
}
