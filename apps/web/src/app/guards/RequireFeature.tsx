import type { ReactNode } from 'react';
import type { FeatureKey } from '@tankha/contracts';
import { AccessScreen, accessVariantFor } from '../../features/access/AccessScreen';
import { useCurrentUser } from '../current-user';

/** Feature gating by key (platform §2.2): a gated page whose key is missing shows the access screen. */
export function RequireFeature({ feature, children }: { feature: FeatureKey; children: ReactNode }) {
  const user = useCurrentUser();
  if (user.accessableFeatures.some((f) => f.key === feature)) return children;
  return <AccessScreen variant={accessVariantFor(user)} />;
}
