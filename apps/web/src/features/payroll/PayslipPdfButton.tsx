import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { monthLabel, type Payslip } from '@tankha/contracts';
import { useTouchSize } from '../../ui/kit/touch';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { downloadPayslipPdf } from './payslips.api';

/** Why the PDF button is disabled: not finalized yet, or finalized and still being rendered. */
export function pdfHint(payslip: Pick<Payslip, 'status' | 'hasPdf'>): string | null {
  if (payslip.hasPdf) return null;
  if (payslip.status === 'finalized' || payslip.status === 'paid') return 'The PDF is being generated; it is ready a moment after the payroll is finalized.';
  return 'The PDF is generated when the payroll is finalized.';
}

export function PayslipPdfButton({ payslip, compact = false }: { payslip: Payslip | Pick<Payslip, 'id' | 'month' | 'status' | 'hasPdf'>; compact?: boolean }) {
  const [busy, setBusy] = useState(false);
  const touch = useTouchSize();
  const name = 'employee' in payslip ? payslip.employee.name : undefined;
  const download = async () => {
    setBusy(true);
    try {
      await downloadPayslipPdf(payslip, name);
    } catch (error) {
      toastApiError(error, 'Failed to download the payslip');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={compact ? 'subtle' : 'filled'}
      // In a list's row or card the touch size is a 44 px minimum at the list's own text size, not `lg` type.
      size={compact ? 'xs' : (touch.button ?? 'sm')}
      mih={compact ? touch.minHeight : undefined}
      leftSection={<IconDownload size={16} />}
      disabled={!payslip.hasPdf}
      loading={busy}
      title={pdfHint(payslip) ?? undefined}
      aria-label={compact ? `Download PDF for ${monthLabel(payslip.month)}` : undefined}
      onClick={() => void download()}
    >
      Download PDF
    </Button>
  );
}
