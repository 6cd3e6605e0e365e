import { useContext } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { Organization } from '@tankha/contracts';
import { dateInZone } from '@tankha/domain';
import { organizationKey } from '../features/organization/organization.api';
import { CurrentUserContext } from './current-user';

/** The zone business dates are judged in until the organisation's has loaded (DESIGN §5: default Asia/Kolkata). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/**
 * The signed-in organisation's time zone, or the default (also outside the signed-in area). Read
 * from the query cache only: the header of every signed-in page (OrganizationBrand) loads
 * GET /Tenants, so asking again here would only add a request to each page.
 */
export function useOrganizationTimeZone(): string {
  const user = useContext(CurrentUserContext);
  const org = useQuery<Organization>({ queryKey: organizationKey(user?.tenantId), queryFn: skipToken });
  return org.data?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** Today's date, YYYY-MM-DD, in the organisation's time zone: not the UTC date, nor the browser's. */
export function useToday(): string {
  return dateInZone(new Date(), useOrganizationTimeZone());
}
