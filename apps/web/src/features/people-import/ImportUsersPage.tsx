import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, FileInput, Group, List, Progress, Radio, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importPreviewReplySchema, importSummaryReplySchema, type ImportMode, type ImportPreview, type ImportSummary } from '@tankha/contracts';
import { apiDownload, apiUploadWithProgress, errorMessage, toFormData } from '../../app/api';
import { PATHS } from '../../app/paths';
import { toast } from '../../app/toast';

type Stage = { kind: 'choose' } | { kind: 'checking'; progress: number } | { kind: 'preview'; preview: ImportPreview } | { kind: 'importing'; progress: number; preview: ImportPreview } | { kind: 'done'; summary: ImportSummary };

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const IMPORT_TOO_LARGE = 'The file is larger than 5 MB. Split it into smaller files.';
export const IMPORT_BAD_TYPE = 'Only CSV and Excel (.xlsx) files can be imported.';

/** A client-side first check; the server checks the content again. */
export function importFileProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return IMPORT_BAD_TYPE;
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_TOO_LARGE;
  if (file.size === 0) return 'The file is empty. Download the template and fill one row per employee.';
  return null;
}

/**
 * Import Users (docs/decisions/, people): template, upload, a row-by-row preview with the
 * employee form's own rules, an import that writes every row or none, and a summary.
 */
export function ImportUsersPage() {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mode, setMode] = useState<ImportMode>('invite');
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);

  const download = (format: 'csv' | 'xlsx') =>
    apiDownload('/Users/import/template', `tankha-users-import-template.${format}`, { query: { format } }).catch(() => toast.error('Failed to download the template'));

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFailure(null);
    setStage({ kind: 'choose' });
    setFileError(chosen ? importFileProblem(chosen) : null);
  };

  const check = async () => {
    if (!file || fileError) return;
    setFailure(null);
    setStage({ kind: 'checking', progress: 0 });
    try {
      const reply = await apiUploadWithProgress('/Users/import/preview', importPreviewReplySchema, toFormData({ file }), (progress) => setStage({ kind: 'checking', progress }), { quiet: true });
      setStage({ kind: 'preview', preview: reply.data });
    } catch (error) {
      setStage({ kind: 'choose' });
      setFailure(errorMessage(error, 'The file could not be checked. Please try again.'));
    }
  };

  const runImport = async (preview: ImportPreview) => {
    if (!file) return;
    setFailure(null);
    setStage({ kind: 'importing', progress: 0, preview });
    try {
      const reply = await apiUploadWithProgress('/Users/import', importSummaryReplySchema, toFormData({ file, mode }), (progress) => setStage({ kind: 'importing', progress, preview }), { quiet: true });
      setStage({ kind: 'done', summary: reply.data });
      toast.success(`${String(reply.data.created)} users imported`);
    } catch (error) {
      setStage({ kind: 'preview', preview });
      setFailure(errorMessage(error, 'Nothing was imported. Please try again.'));
    }
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={2}>Import Users</Title>
        <Anchor component={Link} to={PATHS.myPeople} size="sm">
          Back to My people
        </Anchor>
      </Group>

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Text fw={600}>1. Download the template</Text>
          <Text size="sm" c="dimmed">
            One row per employee. Columns marked * are required; departments and employment types must match names already in Tankha. Up to {IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows and 5 MB per file.
          </Text>
          <Group>
            <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => void download('xlsx')}>
              Excel template
            </Button>
            <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => void download('csv')}>
              CSV template
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Text fw={600}>2. Upload the filled file</Text>
          <FileInput
            label="File"
            placeholder="Choose a .csv or .xlsx file"
            accept={ACCEPT}
            value={file}
            onChange={choose}
            leftSection={<IconFileSpreadsheet size={16} />}
            error={fileError}
            clearable
            maw={420}
          />
          <Radio.Group label="How they join" value={mode} onChange={(value) => setMode(value === 'restricted' ? 'restricted' : 'invite')}>
            <Stack gap={6} mt={6}>
              <Radio value="invite" label="Invite by e-mail: each person gets a link to set a password (Pending Verification until they do)" />
              <Radio value="restricted" label="Add as restricted users: no login, counted as Active and part of payroll" />
            </Stack>
          </Radio.Group>
          <Group>
            <Button leftSection={<IconUpload size={16} />} onClick={() => void check()} disabled={!file || Boolean(fileError)} loading={stage.kind === 'checking'}>
              Check file
            </Button>
          </Group>
          {stage.kind === 'checking' && <Progress value={stage.progress * 100} aria-label="Upload progress" animated />}
          {failure && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
        </Stack>
      </Card>

      {(stage.kind === 'preview' || stage.kind === 'importing') && <PreviewCard preview={stage.preview} importing={stage.kind === 'importing' ? stage.progress : null} onImport={() => void runImport(stage.preview)} mode={mode} />}

      {stage.kind === 'done' && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Import complete">
          <List size="sm">
            <List.Item>{stage.summary.created} users created</List.Item>
            {stage.summary.invited > 0 && <List.Item>{stage.summary.invited} invited by e-mail (Pending Verification)</List.Item>}
            {stage.summary.restricted > 0 && <List.Item>{stage.summary.restricted} added as restricted users</List.Item>}
            {stage.summary.invitesFailed > 0 && <List.Item>{stage.summary.invitesFailed} invitations could not be e-mailed; resend them from My people</List.Item>}
          </List>
          <Anchor component={Link} to={PATHS.myPeople} size="sm" mt="sm" display="inline-block">
            Go to My people
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}

function PreviewCard({ preview, importing, onImport, mode }: { preview: ImportPreview; importing: number | null; onImport: () => void; mode: ImportMode }) {
  const [showAll, setShowAll] = useState(false);
  const invalid = preview.rows.filter((row) => row.errors.length > 0);
  const rows = showAll ? preview.rows : invalid.length > 0 ? invalid : preview.rows;
  const shown = rows.slice(0, 500);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>3. Review</Text>
          <Group gap="xs">
            <Badge variant="light">{preview.totalRows} rows</Badge>
            <Badge color="teal" variant="light">
              {preview.validRows} valid
            </Badge>
            <Badge color={preview.invalidRows > 0 ? 'red' : 'gray'} variant="light">
              {preview.invalidRows} with errors
            </Badge>
          </Group>
        </Group>
        {preview.invalidRows > 0 ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            Nothing will be imported until every row is valid. Fix the rows below in your file and upload it again.
          </Alert>
        ) : (
          <Alert color="teal" icon={<IconCircleCheck size={18} />}>
            Every row is valid. {mode === 'invite' ? 'Each person will get an invitation e-mail.' : 'They will be added as restricted users.'}
          </Alert>
        )}
        {invalid.length > 0 && invalid.length < preview.totalRows && (
          <Anchor component="button" type="button" size="sm" style={{ alignSelf: 'flex-start' }} onClick={() => setShowAll((v) => !v)}>
            {showAll ? 'Show only rows with errors' : 'Show all rows'}
          </Anchor>
        )}
        <ScrollArea.Autosize mah={420}>
          <Table striped highlightOnHover stickyHeader aria-label="Import preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Employee Number</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Work Email</Table.Th>
                <Table.Th>Problems</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row) => (
                <Table.Tr key={row.rowNumber}>
                  <Table.Td>{row.rowNumber}</Table.Td>
                  <Table.Td>{row.employeeNumber || '—'}</Table.Td>
                  <Table.Td>{row.name || '—'}</Table.Td>
                  <Table.Td>{row.email || '—'}</Table.Td>
                  <Table.Td>
                    {row.errors.length === 0 ? (
                      <Text size="sm" c="teal">
                        OK
                      </Text>
                    ) : (
                      <List size="sm" c="red">
                        {row.errors.map((e) => (
                          <List.Item key={e.column}>
                            {e.column}: {e.message}
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {rows.length > shown.length && (
          <Text size="xs" c="dimmed">
            Showing the first {shown.length} of {rows.length} rows.
          </Text>
        )}
        {importing !== null && <Progress value={importing * 100} aria-label="Import progress" animated />}
        <Group>
          <Button onClick={onImport} disabled={preview.invalidRows > 0} loading={importing !== null}>
            Import {preview.validRows} users
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
