import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLock, IconPointFilled } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { allStepsDone, checklistSteps, type ChecklistStep } from './checklist';
import { PAYROLL_SETUP_KEY, completePayrollSetup, usePayrollSetup } from './setup.api';
import { toastApiError } from '../../ui/kit/api-error-toast';

function StepRow({ step, index }: { step: ChecklistStep; index: number }) {
  const color = step.done ? 'teal' : step.locked ? 'gray' : 'indigo';
  return (
    <Card withBorder radius="md" padding="md" aria-label={step.title} component="li">
      <Group justify="space-between" wrap="nowrap" align="center">
        <Group wrap="nowrap" gap="md">
          <ThemeIcon size={36} radius="xl" variant={step.done ? 'filled' : 'light'} color={color} aria-hidden>
            {step.done ? <IconCheck size={20} /> : step.locked ? <IconLock size={18} /> : <IconPointFilled size={18} />}
          </ThemeIcon>
          <div>
            <Text fw={600}>
              {index + 1}. {step.title}
            </Text>
            <Text size="sm" c="dimmed">
              {step.locked ? 'Complete the previous step first.' : step.description}
            </Text>
          </div>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Badge variant="light" color={step.done ? 'teal' : 'gray'}>
            {step.done ? 'Completed' : step.locked ? 'Locked' : 'Pending'}
          </Badge>
          {step.locked ? (
            <Button variant="default" disabled aria-label={`Open ${step.title}`}>
              Open
            </Button>
          ) : (
            <Button component={Link} to={step.to} variant={step.done ? 'default' : 'filled'} aria-label={`Open ${step.title}`}>
              {step.done ? 'Review' : 'Start'}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/**
 * /payroll-setup (platform §2.6, §4): Salary Components, Statutory Components (absent on the free
 * plan) and Settings, each with its done state, unlocking in order; 'Complete Payroll Setup' when all
 * are done enables payroll and goes to /payroll/payroll-run.
 */
export function PayrollSetupPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setup = usePayrollSetup();
  const [completing, setCompleting] = useState(false);

  const complete = async () => {
    setCompleting(true);
    try {
      await completePayrollSetup();
      await queryClient.invalidateQueries({ queryKey: [PAYROLL_SETUP_KEY] });
      void navigate(PATHS.payrollRun);
    } catch (error) {
      toastApiError(error, 'Failed to complete the payroll setup');
    } finally {
      setCompleting(false);
    }
  };

  return (
    <Stack gap="md" maw={860}>
      <div>
        <Title order={2}>Payroll Setup</Title>
        <Text c="dimmed">Complete these steps to start running payroll.</Text>
      </div>
      {setup.isPending ? (
        <PageLoader label="Loading payroll setup" />
      ) : setup.isError ? (
        <ErrorState message={errorMessage(setup.error, 'Failed to load the payroll setup.')} onRetry={() => void setup.refetch()} />
      ) : (
        <>
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Payroll setup steps">
            {checklistSteps(setup.data).map((step, i) => (
              <StepRow key={step.key} step={step} index={i} />
            ))}
          </Stack>
          {setup.data.isEnabled ? (
            <Group justify="space-between">
              <Text c="teal" fw={500}>
                Payroll setup is complete.
              </Text>
              <Button component={Link} to={PATHS.payrollRun}>
                Go to Payroll
              </Button>
            </Group>
          ) : (
            allStepsDone(setup.data) && (
              <Group justify="flex-end">
                <Button size="md" loading={completing} onClick={() => void complete()}>
                  Complete Payroll Setup
                </Button>
              </Group>
            )
          )}
        </>
      )}
    </Stack>
  );
}
