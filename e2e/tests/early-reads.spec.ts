import { expect, test } from './fixtures';

/**
 * Issue 29: index.html's first script starts the first reads of an employee's most used pages while the app's
 * code downloads (apps/web/src/app/early-reads.ts). Its table names each page's reads by hand; this test is what
 * keeps it true: on each page the app takes every read started for it, and sends none of them again.
 */
test.use({ signedInAs: 'member', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PAGES = [
  { path: '/', shows: /Good (morning|afternoon|evening)/ },
  { path: '/payslips', shows: 'Payslips' },
  { path: '/leaves/my-leaves', shows: 'My Leaves' },
  { path: '/my-attendance', shows: 'My Attendance' },
  { path: '/payroll/taxes/employeeITDeclaration', shows: /Income Tax Declaration|Declaration/ },
];

test('each of the five member pages takes every read index.html started for it, and sends none twice', async ({ page }) => {
  for (const { path, shows } of PAGES) {
    const sent: string[] = [];
    const onRequest = (request: { url: () => string }) => {
      const url = request.url();
      if (url.includes('/backend/api/')) sent.push(url.slice(url.indexOf('/backend/api/')));
    };
    page.on('request', onRequest);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: shows }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const early = await page.evaluate(() => {
      const reads = (window as unknown as { __tankhaEarlyReads?: { reads: Map<string, unknown> } }).__tankhaEarlyReads;
      return reads ? { untaken: [...reads.reads.keys()] } : null;
    });
    page.off('request', onRequest);
    expect(early, `${path}: index.html started no reads`).not.toBeNull();
    expect(early?.untaken, `${path}: started but not taken by the page`).toEqual([]);
    expect(sent.filter((url, i) => sent.indexOf(url) !== i), `${path}: sent twice`).toEqual([]);
  }
});
