import { useState } from 'react';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { monthLabel, type PayrollRun } from '@tankha/contracts';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { downloadRegister } from './payroll.api';

/** The register (XLSX) exists once the month has figures. */
export function hasRegister(run: Pick<PayrollRun, 'status'>): boolean {
  return run.status === 'processed' || run.status === 'finalized' || run.status === 'paid';
}

function useRegisterDownload(run: PayrollRun) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadRegister(run);
    } catch (error) {
      toastApiError(error, 'Failed to download the payroll register');
    } finally {
      setBusy(false);
    }
  };
  return { busy, download: () => void download() };
}

export function RegisterButton({ run }: { run: PayrollRun }) {
  const { busy, download } = useRegisterDownload(run);
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={download}>
      Download register
    </Button>
  );
}

export function RegisterIcon({ run }: { run: PayrollRun }) {
  const { busy, download } = useRegisterDownload(run);
  const ready = hasRegister(run);
  return (
    <Tooltip label={ready ? 'Download register' : 'The register is ready once the month is processed'}>
      <span>
        <ActionIcon variant="subtle" aria-label={`Download register for ${monthLabel(run.month)}`} disabled={!ready} loading={busy} onClick={download}>
          <IconDownload size={18} />
        </ActionIcon>
      </span>
    </Tooltip>
  );
}
