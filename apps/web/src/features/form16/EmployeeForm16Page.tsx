import { useMemo, useState } from 'react';
import { Alert, Button, Card, Group, List, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { FORM16_MSG, Form16Type, form16DefaultYear, form16Years, type Form16Record } from '@tankha/contracts';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useTouchSize } from '../../ui/kit/touch';
import { usePageTitleOrder } from '../payroll-setup/page-title-order';
import { downloadForm16, downloadMergedForm16, useEmployeeForms } from './form16.api';
import { hasBothParts } from './form16.parts';
import { uploadedOn } from './Form16ManagementPage';
import { toastApiError } from '../../ui/kit/api-error-toast';

const reportFailure = (fallback: string) => (error: unknown) => {
  toastApiError(error, fallback);
};

/** The employee's Form 16 page (payroll spec §2): the year's forms, Quick Actions and 'About Form 16'. */
export function EmployeeForm16Page({ today: todayProp }: { today?: string }) {
  const organizationToday = useToday();
  const today = todayProp ?? organizationToday;
  const user = useCurrentUser();
  const titleOrder = usePageTitleOrder();
  const years = useMemo(() => form16Years(today), [today]);
  const [financialYear, setFinancialYear] = useState(() => form16DefaultYear(today));
  const forms = useEmployeeForms(user.id, financialYear);
  const list = forms.data ?? [];
  const touch = useTouchSize();
  const of = (formType: number) => list.find((f) => f.formType === formType);

  const download = (form: Form16Record | undefined) => {
    if (!form) return;
    void downloadForm16(form.id)
      .then(() => toast.success(FORM16_MSG.downloadStarted))
      .catch(reportFailure(FORM16_MSG.downloadFailed));
  };
  const downloadMerged = () =>
    void downloadMergedForm16(user.id, financialYear)
      .then(() => toast.success(FORM16_MSG.mergedDownloadStarted))
      .catch(reportFailure(FORM16_MSG.mergedDownloadFailed));

  const columns: ListColumn<Form16Record>[] = [
    { label: 'Form Type', cell: (form) => form.formTypeName, primary: true },
    { label: 'Financial Year', cell: (form) => form.financialYear },
    { label: 'Upload Date', cell: (form) => uploadedOn(form.dateCreated) },
    {
      label: 'Actions',
      actions: true,
      cell: (form) => (
        <Button size={touch.button ?? 'xs'} variant="subtle" leftSection={<IconDownload size={14} />} aria-label={`Download ${form.formTypeName} ${form.financialYear}`} onClick={() => download(form)}>
          Download
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={titleOrder}>Form 16</Title>
        <Select label="Financial Year" data={years} value={financialYear} onChange={(v) => v && setFinancialYear(v)} allowDeselect={false} w={170} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Stack style={{ gridColumn: 'span 2' }}>
          <ResponsiveList
            label="My Form 16 documents"
            columns={columns}
            rows={list}
            rowKey={(form) => form.id}
            loading={forms.isPending}
            error={forms.isError ? FORM16_MSG.loadFailed : null}
            onRetry={() => void forms.refetch()}
            loadingLabel="Loading Form 16…"
            emptyMessage={FORM16_MSG.noForms}
            minWidth={480}
          />
        </Stack>
        <Stack>
          <Card withBorder radius="md" component="section" aria-label="Quick Actions">
            <Text fw={600} mb="sm">
              Quick Actions
            </Text>
            <Stack gap="xs">
              <Button size={touch.button} variant="light" leftSection={<IconDownload size={16} />} disabled={!of(Form16Type.PartA)} onClick={() => download(of(Form16Type.PartA))}>
                Download 16A
              </Button>
              <Button size={touch.button} variant="light" leftSection={<IconDownload size={16} />} disabled={!of(Form16Type.PartB)} onClick={() => download(of(Form16Type.PartB))}>
                Download 16B
              </Button>
              <Button size={touch.button} variant="light" leftSection={<IconDownload size={16} />} disabled={!hasBothParts(list)} onClick={downloadMerged}>
                Download Merged
              </Button>
            </Stack>
          </Card>
          <Alert color="blue" icon={<IconInfoCircle size={18} />} title="About Form 16">
            <Text size="sm">Form 16 is the certificate of tax deducted at source (TDS) on your salary, issued by your employer under section 203 of the Income-tax Act.</Text>
            <List size="sm" mt="xs">
              <List.Item>Part A (Form 16A): the tax deducted and deposited each quarter, from TRACES.</List.Item>
              <List.Item>Part B (Form 16B): the salary paid, exemptions, deductions and the tax computed.</List.Item>
            </List>
            <Text size="sm" mt="xs">
              Keep it for filing your income-tax return. Your employer issues it after the financial year ends, by 15 June.
            </Text>
          </Alert>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
