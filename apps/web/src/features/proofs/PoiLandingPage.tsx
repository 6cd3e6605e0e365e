import { Button } from '@mantine/core';
import { IconFileCheck, IconLock } from '@tabler/icons-react';
import { Navigate, useNavigate } from 'react-router';
import { PROOF_MSG } from '@tankha/contracts';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { StatusScreen } from '../../ui/StatusScreen';
import { POI_PATHS } from './poi-paths';
import { usePoiStatus } from './proofs.api';

/** Payroll spec §2 "Employee POI landing" at /payroll/taxes/initialemployeePOI. */
export function PoiLandingPage() {
  const status = usePoiStatus();
  const navigate = useNavigate();
  if (status.isLoading) return <PageLoader />;
  if (status.isError || !status.data) return <ErrorState message="Failed to load the proof of investment status" onRetry={() => void status.refetch()} />;
  if (status.data.isPOIFormSubmitted) return <Navigate to={POI_PATHS.summary} replace />;
  if (status.data.status === 0) return <StatusScreen icon={<IconLock size={28} />} color="red" title={PROOF_MSG.locked} />;
  return (
    <StatusScreen
      icon={<IconFileCheck size={28} />}
      title={PROOF_MSG.open}
      actions={
        <Button onClick={() => void navigate(POI_PATHS.form)}>{PROOF_MSG.submitProofs}</Button>
      }
    />
  );
}
