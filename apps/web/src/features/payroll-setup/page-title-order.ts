import { createContext, useContext } from 'react';

/**
 * Pages inside the Payroll area sit under its 'Payroll' heading; the same page on its own (/payslips) does not. Its own module: a
 * page asking its title's level must not load the Payroll area's tabs with it.
 */
export const InPayrollArea = createContext(false);

/** The heading level of a page's title: 3 under the Payroll area's heading, 2 when the page stands alone. */
export function usePageTitleOrder(): 2 | 3 {
  return useContext(InPayrollArea) ? 3 : 2;
}
