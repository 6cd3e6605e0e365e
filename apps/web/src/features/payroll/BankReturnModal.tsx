import { useState } from 'react';
import { Alert, Button, Code, FileInput, Group, List, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { BANK_RETURN_MAX_BYTES, PAYROLL_BANK_MSG, monthLabel, type BankReturnResult, type PayrollRun } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { uploadBankReturn } from './bank.api';
import { inr } from '../../ui/format';
import { PAYROLL_KEY } from './payroll.api';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A first check in the browser; the server checks size, type and content again. */
export function bankReturnFileProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return PAYROLL_BANK_MSG.returnFileType;
  if (file.size > BANK_RETURN_MAX_BYTES) return PAYROLL_BANK_MSG.returnFileTooLarge;
  if (file.size === 0) return PAYROLL_BANK_MSG.returnFileEmpty;
  return null;
}

interface RowProblem {
  row: number;
  message: string;
}

/** The server lists a refused file's rows as { 'row 7': 'message; message' }. */
function rowProblems(errors: Readonly<Record<string, string>>): RowProblem[] {
  return Object.entries(errors)
    .flatMap(([key, message]) => {
      const m = /^row (\d+)$/.exec(key);
      return m ? [{ row: Number(m[1]), message }] : [];
    })
    .sort((a, b) => a.row - b.row);
}

/**
 * The bank's return file: each payment's status by its reference. The file is
 * recorded whole or not at all; a refused file lists every wrong row with its number.
 */
export function BankReturnModal({ run, onClose }: { run: PayrollRun; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BankReturnResult | null>(null);
  const [failure, setFailure] = useState<{ message: string; rows: RowProblem[] } | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    setFailure(null);
    setFileError(chosen ? bankReturnFileProblem(chosen) : null);
  };

  const submit = async () => {
    if (!file) {
      setFileError(PAYROLL_BANK_MSG.returnFileRequired);
      return;
    }
    if (fileError) return;
    setBusy(true);
    setFailure(null);
    try {
      const recorded = await uploadBankReturn(run.id, file);
      setResult(recorded);
      toast.success(PAYROLL_BANK_MSG.returnRecorded(recorded.paid, recorded.failed));
      await queryClient.invalidateQueries({ queryKey: [PAYROLL_KEY] });
    } catch (error) {
      if (error instanceof ApiError && error.handled) return;
      const rows = error instanceof ApiError ? rowProblems(error.errors) : [];
      setFailure({ message: errorMessage(error, 'The return file could not be recorded. Please try again.'), rows });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Upload bank return file — ${monthLabel(run.month)}`} centered size="xl">
      <Stack>
        <Text size="sm">
          The status file your bank gives after processing the transfer, as CSV or Excel. It needs a <Code>Reference</Code> column (the payment reference of the bank file) and a{' '}
          <Code>Status</Code> column (Paid or Failed; Success, Credited, Rejected and Returned are read too), with the <Code>UTR</Code> of each paid payment and the <Code>Reason</Code>{' '}
          of each failure. An <Code>Amount</Code> column, if present, is checked against the amount sent.
        </Text>
        <FileInput
          label="Return file"
          placeholder="Choose a CSV or Excel file"
          accept={ACCEPT}
          value={file}
          onChange={choose}
          error={fileError}
          clearable
          leftSection={<IconFileSpreadsheet size={16} />}
          description="At most 5 MB. Nothing is recorded unless every row is right."
        />
        {failure && (
          <Alert color="red" variant="light" title="Nothing was recorded" role="alert">
            <Stack gap="xs">
              <Text size="sm">{failure.message}</Text>
              {failure.rows.length > 0 && (
                <ScrollArea.Autosize mah={260}>
                  <Table aria-label="Rows with errors" verticalSpacing={4}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={70}>Row</Table.Th>
                        <Table.Th>Problem</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {failure.rows.map((r) => (
                        <Table.Tr key={r.row}>
                          <Table.Td>{r.row}</Table.Td>
                          <Table.Td>{r.message}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              )}
            </Stack>
          </Alert>
        )}
        {result && (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title="Return file recorded" role="status">
            <List size="sm" spacing={2}>
              <List.Item>
                {result.paid} paid · {inr(result.paidAmount)}
              </List.Item>
              <List.Item>
                {result.failed} failed · {inr(result.failedAmount)}
                {result.failed > 0 ? ' — re-export them from “Re-export failed”' : ''}
              </List.Item>
              {result.unchanged > 0 && <List.Item>{result.unchanged} already recorded, unchanged</List.Item>}
            </List>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button leftSection={<IconUpload size={16} />} loading={busy} disabled={fileError !== null} onClick={() => void submit()}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
