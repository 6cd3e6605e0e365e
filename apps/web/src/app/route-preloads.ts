/**
 * The pages an employee opens most, and the modules each lazy-loads before it can paint (the route's
 * page, and the layouts around it). The build (vite.config.ts, tankha:route-preloads) writes the chunks
 * of each to dist/route-preloads.json, and the server lists them as `<link rel="modulepreload">` in the
 * index.html it sends for that path: the page's code downloads beside the entry instead of after it has
 * run. A module missing from the build fails it. No browser globals: vite.config.ts imports this file.
 */
export const ROUTE_PRELOADS: Readonly<Record<string, readonly string[]>> = {
  '/': ['src/features/dashboard/index.ts'],
  '/payslips': ['src/features/payroll/PayslipsPage.tsx'],
  '/leaves/my-leaves': ['src/features/leave/MyLeavesPage.tsx'],
  '/my-attendance': ['src/features/attendance/MyAttendancePage.tsx'],
  // The landing sends a member who has declared on to the summary (where most land once the year is under way).
  '/payroll/taxes/employeeITDeclaration': [
    'src/features/payroll-setup/PayrollLayout.tsx',
    'src/features/investments/InvestmentsArea.tsx',
    'src/features/declarations/DeclarationLandingPage.tsx',
    'src/features/declarations/DeclarationSummaryPage.tsx',
  ],
};

/** The file the build writes beside index.html: path → the chunk URLs to modulepreload there. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';
