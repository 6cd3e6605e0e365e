import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { DECLARATION_MSG, TaxWindowStatus } from '@tankha/contracts';
import { financialYearStartOf } from '@tankha/domain';
import { errorMessage } from '../../app/api';
import { useToday } from '../../app/today';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { useDeclaration, useDeclarationWindow } from './declarations.api';
import { DECLARATION_PATHS } from './paths';

/**
 * /payroll/taxes/employeeITDeclaration (payroll spec §2 "Employee IT declaration landing"): an existing
 * declaration goes to its overall summary; otherwise the window's state: locked, or open with
 * 'Declare Investments'.
 */
export function DeclarationLandingPage() {
  const year = financialYearStartOf(useToday());
  const window = useDeclarationWindow(year);
  const declaration = useDeclaration(year);
  if (window.isError || declaration.isError) {
    return <ErrorState message={errorMessage(window.error ?? declaration.error, 'Failed to load the declaration')} onRetry={() => void Promise.all([window.refetch(), declaration.refetch()])} />;
  }
  if (!window.data || declaration.data === undefined) return <PageLoader label="Loading declaration" />;
  if (declaration.data) return <Navigate to="overallSummary" replace />;
  return (
    <Card withBorder padding="xl">
      <Stack align="center" gap="md">
        <Title order={3}>Income Tax Declaration {year}-{year + 1}</Title>
        {window.data.status === TaxWindowStatus.Locked ? (
          <Text c="red" fw={600}>
            {DECLARATION_MSG.locked}
          </Text>
        ) : (
          <>
            <Text fw={600}>{DECLARATION_MSG.open}</Text>
            <Button component={Link} to={DECLARATION_PATHS.form}>
              Declare Investments
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
