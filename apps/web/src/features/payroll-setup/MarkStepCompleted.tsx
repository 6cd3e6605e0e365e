import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { PAYROLL_SETUP_KEY, completeSetupStep, usePayrollSetup } from './setup.api';
import { toastApiError } from '../../ui/kit/api-error-toast';

/**
 * The components pages' 'Mark as Completed' (platform §2.6): completes the checklist step and returns
 * to /payroll-setup. Shown while the step is open and payroll is not yet enabled.
 */
export function MarkStepCompleted({ step }: { step: 'salaryComponents' | 'statutoryComponents' }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setup = usePayrollSetup();
  const [busy, setBusy] = useState(false);
  if (!setup.data || setup.data.isEnabled || setup.data[step] !== false) return null;

  const complete = async () => {
    setBusy(true);
    try {
      await completeSetupStep(step);
      await queryClient.invalidateQueries({ queryKey: [PAYROLL_SETUP_KEY] });
      void navigate(PATHS.payrollSetup);
    } catch (error) {
      toastApiError(error, 'Failed to mark the step as completed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="light" color="teal" leftSection={<IconCheck size={16} />} loading={busy} onClick={() => void complete()}>
      Mark as Completed
    </Button>
  );
}
