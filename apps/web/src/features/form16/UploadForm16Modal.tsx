import { useState } from 'react';
import { Alert, Button, FileInput, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { FORM16_MSG, FORM16_TYPES, precheckForm16File, type Form16TypeId } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { useUploadForm16 } from './form16.api';

const TYPE_OPTIONS = FORM16_TYPES.map((t) => ({ value: String(t.id), label: t.label }));

export interface UploadForm16ModalProps {
  /** The employee the form is for; null keeps the dialog closed. */
  employee: { id: string; name: string } | null;
  years: readonly string[];
  defaultYear: string;
  onClose: () => void;
}

/**
 * 'Upload Form 16' (payroll spec §2, §5): the employee read-only, Form Type, Financial Year and the
 * PDF. The file is checked when chosen and again on Upload; the server checks it by content. The
 * parent gives each opening its own `key`, so every opening starts blank.
 */
export function UploadForm16Modal({ employee, years, defaultYear, onClose }: UploadForm16ModalProps) {
  const upload = useUploadForm16();
  const [formType, setFormType] = useState<string | null>(null);
  const [financialYear, setFinancialYear] = useState<string | null>(defaultYear);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const choose = (picked: File | null) => {
    setFile(picked);
    setFormError(null);
    setFileError(precheckForm16File(picked));
  };

  const submit = async () => {
    if (!employee) return;
    if (!formType || !financialYear || !file) {
      setFormError(FORM16_MSG.requiredFields);
      if (!file) setFileError(FORM16_MSG.noFile);
      return;
    }
    const problem = precheckForm16File(file);
    setFileError(problem);
    if (problem) return;
    setFormError(null);
    try {
      await upload.mutateAsync({ employeeId: employee.id, formType: Number(formType) as Form16TypeId, financialYear, file });
      toast.success(FORM16_MSG.uploaded);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.handled) return;
      const message = errorMessage(error, FORM16_MSG.uploadFailed);
      if (error instanceof ApiError && error.errors.File) setFileError(error.errors.File);
      else setFormError(message);
      toast.error(message);
    }
  };

  return (
    <Modal opened={employee !== null} onClose={onClose} title="Upload Form 16" centered>
      <Stack>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput label="Employee" value={employee?.name ?? ''} readOnly />
        <Select label="Form Type" placeholder="Select form type" data={TYPE_OPTIONS} value={formType} onChange={setFormType} allowDeselect={false} withAsterisk />
        <Select label="Financial Year" placeholder="Select financial year" data={[...years]} value={financialYear} onChange={setFinancialYear} allowDeselect={false} withAsterisk />
        <FileInput
          label="Form 16 (PDF)"
          placeholder="Choose a PDF file"
          accept="application/pdf,.pdf"
          description={FORM16_MSG.fileHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          fileInputProps={{ 'aria-label': 'Form 16 PDF file' }}
          value={file}
          onChange={choose}
          error={fileError}
          clearable
          withAsterisk
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
