import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { formatFileSize } from '@tankha/domain';
import { FORM16_MSG, FORM16_TYPES, form16TypeLabel, type Form16BulkPreview, type Form16TypeId } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { cancelBulkUpload, useBulkConfirm, useBulkPreview } from './form16.api';

const TYPE_OPTIONS = FORM16_TYPES.map((t) => ({ value: String(t.id), label: t.label }));

export interface BulkUploadModalProps {
  opened: boolean;
  years: readonly string[];
  defaultYear: string;
  onClose: () => void;
}

/**
 * Bulk upload: a ZIP of PDFs, or many PDFs, each named with the employee's PAN. Step one
 * previews who each file matches and why the others do not; nothing is stored until 'Upload'.
 */
export function BulkUploadModal({ opened, years, defaultYear, onClose }: BulkUploadModalProps) {
  const previewCall = useBulkPreview();
  const confirmCall = useBulkConfirm();
  const [financialYear, setFinancialYear] = useState<string | null>(defaultYear);
  const [formType, setFormType] = useState<string | null>('1');
  const [files, setFiles] = useState<File[]>([]);
  const [preview, setPreview] = useState<Form16BulkPreview | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFiles([]);
    setPreview(null);
    setError(null);
  };
  const close = () => {
    if (preview?.token) void cancelBulkUpload(preview.token);
    reset();
    onClose();
  };

  const runPreview = async () => {
    if (!financialYear || !formType || files.length === 0) {
      setError(FORM16_MSG.requiredFields);
      return;
    }
    setError(null);
    try {
      const reply = await previewCall.mutateAsync({ financialYear, formType: Number(formType) as Form16TypeId, files });
      setPreview(reply.data);
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e, FORM16_MSG.uploadFailed));
    }
  };

  const confirm = async () => {
    if (!preview?.token) return;
    try {
      const reply = await confirmCall.mutateAsync(preview.token);
      toast.success(reply.message);
      if (reply.data.skipped.length > 0) toast.error(`${String(reply.data.skipped.length)} file(s) were skipped: the form was uploaded meanwhile.`);
      reset();
      onClose();
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e, FORM16_MSG.uploadFailed));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Bulk upload Form 16" size="xl" centered>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {preview === null ? (
          <>
            <Text size="sm" c="dimmed">
              Upload a ZIP of PDF files, or the PDF files themselves. Each file name must contain the employee’s PAN (for example ABCDE1234F_PartA.pdf); a name with Part A / 16A or Part B / 16B sets the form type.
            </Text>
            <Group grow>
              <Select label="Financial Year" data={[...years]} value={financialYear} onChange={setFinancialYear} allowDeselect={false} />
              <Select label="Form type when the file name does not say" data={TYPE_OPTIONS} value={formType} onChange={setFormType} allowDeselect={false} />
            </Group>
            <FileInput
              label="Files"
              placeholder="Choose a ZIP or PDF files"
              accept=".zip,application/zip,.pdf,application/pdf"
              description="ZIP or PDF, at most 5MB per PDF and 50MB in all"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              fileInputProps={{ 'aria-label': 'Bulk Form 16 files' }}
              multiple
              value={files}
              onChange={(picked) => {
                setFiles(picked);
                setError(null);
              }}
              clearable
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button onClick={() => void runPreview()} loading={previewCall.isPending}>
                Preview
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">
              {preview.matched} ready to upload, {preview.mismatched} not matched — {preview.financialYear}
            </Text>
            <Table.ScrollContainer minWidth={640}>
              <Table striped aria-label="Bulk upload preview">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>File</Table.Th>
                    <Table.Th>PAN</Table.Th>
                    <Table.Th>Employee</Table.Th>
                    <Table.Th>Form</Table.Th>
                    <Table.Th>Size</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.items.map((item, i) => (
                    <Table.Tr key={`${item.fileName}-${String(i)}`}>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{item.fileName}</Table.Td>
                      <Table.Td>{item.pan ?? '—'}</Table.Td>
                      <Table.Td>{item.employeeName ? `${item.employeeName}${item.employeeNumber ? ` (${item.employeeNumber})` : ''}` : '—'}</Table.Td>
                      <Table.Td>{form16TypeLabel(item.formType)}</Table.Td>
                      <Table.Td>{formatFileSize(item.sizeBytes)}</Table.Td>
                      <Table.Td>
                        <Badge color={item.status === 'matched' ? 'green' : 'orange'} variant="light">
                          {item.message}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {preview.matched === 0 && <Alert color="orange">{FORM16_MSG.bulkNothingToStore}</Alert>}
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  if (preview.token) void cancelBulkUpload(preview.token);
                  setPreview(null);
                }}
              >
                Back
              </Button>
              <Button onClick={() => void confirm()} loading={confirmCall.isPending} disabled={!preview.token}>
                Upload {preview.matched} {preview.matched === 1 ? 'form' : 'forms'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
