import { useState } from 'react';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { downloadMyData } from './data-rights.api';

/** My profile → Your data: everything the organisation holds about the signed-in person, as one ZIP (DPDP Act 2023 s.11). */
export function DownloadMyDataCard() {
  const [preparing, setPreparing] = useState(false);
  const download = () => {
    setPreparing(true);
    downloadMyData()
      .catch((error: unknown) => toastApiError(error, 'Could not prepare your data. Please try again.'))
      .finally(() => setPreparing(false));
  };
  return (
    <Card withBorder mt="md" component="section" aria-label="Your data">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Your data
        </Title>
        <Text size="sm" c="dimmed">
          One ZIP of everything your organisation holds about you here: profile, attendance, leave, payslips with their PDFs, tax declarations and proofs, reimbursements, loans,
          documents, Form 16 and exit records.
        </Text>
        <Button leftSection={<IconDownload size={16} />} onClick={download} loading={preparing} loaderProps={{ type: 'dots' }} style={{ alignSelf: 'flex-start', maxWidth: '100%' }}>
          {preparing ? 'Preparing your data…' : 'Download my data'}
        </Button>
        {preparing && (
          <Text size="xs" c="dimmed" role="status">
            Preparing your data — a large history can take a minute.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
