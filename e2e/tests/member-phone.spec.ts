import { expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';

/**
 * Issue 29 point 2, the browser test: every page a member uses works on a 360 px phone: the page never
 * scrolls sideways, and its main touch targets are at least 44 px high. Read-only: it opens pages and
 * dialogs and submits nothing, so it changes no demo data other specs rely on.
 */
test.use({ signedInAs: 'member', viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

/** 44 px: the least touch target the issue asks for (the WCAG 2.5.5 size). */
const TOUCH = 44;

async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  // Let late content (cards after the list query) settle before measuring.
  await page.waitForLoadState('networkidle');
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, `${name}: the page is ${String(scroll)} px wide in a ${String(client)} px window`).toBeLessThanOrEqual(client);
}

async function expectTouchTarget(target: Locator, name: string): Promise<void> {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  expect(box?.height ?? 0, `${name} is ${String(box?.height)} px high`).toBeGreaterThanOrEqual(TOUCH);
}

interface MemberPage {
  name: string;
  path: string;
  /** The page is there: a heading, tab or text that only it shows. */
  ready: (page: Page) => Locator;
  /** The page's main buttons, the ones a thumb presses. */
  targets?: (page: Page) => Locator[];
}

const PAGES: MemberPage[] = [
  { name: 'Dashboard', path: '/', ready: (p) => p.getByRole('heading', { name: /Aditi/ }), targets: (p) => [p.getByRole('button', { name: /^Check (In|Out)$/ }).first()] },
  { name: 'My attendance', path: '/my-attendance', ready: (p) => p.getByRole('button', { name: /^Check (In|Out)$/ }).first(), targets: (p) => [p.getByRole('button', { name: /^Check (In|Out)$/ }).first()] },
  { name: 'My leaves', path: '/leaves/my-leaves', ready: (p) => p.getByRole('button', { name: 'Apply Leave' }), targets: (p) => [p.getByRole('button', { name: 'Apply Leave' })] },
  { name: 'Holidays', path: '/holidays', ready: (p) => p.getByRole('heading', { name: 'Holidays', exact: false }).first() },
  // Members file regularization requests on My attendance, under the check-in card.
  {
    name: 'Regularization',
    path: '/my-attendance',
    ready: (p) => p.getByRole('heading', { name: 'Regularization requests' }),
    targets: (p) => [p.getByRole('button', { name: 'Create Request' })],
  },
  { name: 'Payslips', path: '/payroll/payslips', ready: (p) => p.getByRole('heading', { name: 'Payslips' }) },
  { name: 'IT declaration', path: '/payroll/taxes/employeeITDeclaration', ready: (p) => p.getByRole('tab').first() },
  { name: 'Declaration form', path: '/payroll/taxes/employeeDeclaration', ready: (p) => p.getByRole('tab').first() },
  { name: 'Proof of investment', path: '/payroll/taxes/initialemployeePOI', ready: (p) => p.getByRole('tab').first() },
  {
    name: 'Reimbursements',
    path: '/payroll/reimbursement-requests',
    ready: (p) => p.getByRole('button', { name: 'Create Request' }),
    targets: (p) => [p.getByRole('button', { name: 'Create Request' })],
  },
  { name: 'My loans', path: '/payroll/my-loans', ready: (p) => p.getByRole('heading', { name: 'My loans and advances' }) },
  { name: 'Form 16', path: '/payroll/taxes/form16', ready: (p) => p.getByRole('button', { name: 'Download 16A' }), targets: (p) => [p.getByRole('button', { name: 'Download 16A' })] },
  { name: 'Resignation', path: '/exit/my-requests', ready: (p) => p.getByRole('heading', { name: 'My exit requests' }) },
  { name: 'Profile', path: '/my-profile', ready: (p) => p.getByRole('heading', { name: /Aditi/ }).first() },
];

for (const member of PAGES) {
  test(`${member.name} fits a 360 px phone`, async ({ page }) => {
    await page.goto(member.path);
    await expect(member.ready(page)).toBeVisible();
    await expectNoSidewaysScroll(page, member.name);
    for (const target of member.targets?.(page) ?? []) await expectTouchTarget(target, `${member.name}: ${await target.innerText()}`);
  });
}

test('a payslip and its PDF button fit a 360 px phone', async ({ page }) => {
  await page.goto('/payroll/payslips');
  const view = page.getByRole('link', { name: /^View payslip for / }).first();
  await expect(view).toBeVisible();
  await expectTouchTarget(view, 'View payslip');
  await expectTouchTarget(page.getByRole('button', { name: /^Download PDF for / }).first(), "A card's Download PDF");
  await view.click();
  await expect(page).toHaveURL(/\/payroll\/payslips\/.+/);
  const pdf = page.getByRole('button', { name: 'Download PDF', exact: true });
  await expectTouchTarget(pdf, 'Download PDF');
  await expectNoSidewaysScroll(page, 'Payslip');
});

test('the navigation is a drawer behind the burger, with 44 px links', async ({ page }) => {
  await page.goto('/');
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  await expectTouchTarget(burger, 'The burger');
  await burger.click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expectTouchTarget(nav.getByRole('link', { name: 'My leaves' }), 'The My leaves link');
  await nav.getByRole('link', { name: 'My leaves' }).click();
  await expect(page.getByRole('button', { name: 'Apply Leave' })).toBeVisible();
  // The collapsed navbar slides out of the window; it stays in the page.
  await expect(nav).not.toBeInViewport();
  await expectNoSidewaysScroll(page, 'My leaves after the drawer');
});

test('the notifications fit a 360 px phone', async ({ page }) => {
  await page.goto('/');
  const bell = page.getByRole('button', { name: /notifications/i });
  await expectTouchTarget(bell, 'The bell');
  await bell.click();
  await expectNoSidewaysScroll(page, 'Notifications');
});

test('the dialogs a member fills fit a 360 px phone', async ({ page }) => {
  await page.goto('/payroll/reimbursement-requests');
  await page.getByRole('button', { name: 'Create Request' }).click();
  const claim = page.getByRole('dialog', { name: 'Create Reimbursement Request' });
  await expect(claim).toBeVisible();
  await expectTouchTarget(claim.getByRole('button', { name: 'Submit Request' }), 'Submit Request');
  await expectNoSidewaysScroll(page, 'The reimbursement dialog');

  await page.goto('/leaves/my-leaves');
  await page.getByRole('button', { name: 'Apply Leave' }).click();
  const leave = page.getByRole('dialog', { name: 'Apply Leave' });
  await expect(leave).toBeVisible();
  await expectTouchTarget(leave.getByRole('button', { name: 'Apply', exact: true }), 'Apply');
  await expectTouchTarget(leave.getByRole('button', { name: 'Cancel' }), 'Cancel');
  await expectNoSidewaysScroll(page, 'The leave dialog');
});
