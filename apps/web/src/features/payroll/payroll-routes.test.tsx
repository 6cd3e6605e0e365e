import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PAYROLL_MSG, Role } from '@tankha/contracts';
import { routes } from '../../app/router';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeOrganization, makeUser, mockFetch, ok, renderRoutes } from '../../test/helpers';

const list = (data: unknown[]) => jsonResponse(200, { statusCode: 200, message: 'OK', data, totalRecords: data.length });

describe('payroll routes', () => {
  it('keeps a member out of the payroll run', async () => {
    setSessionUser(makeUser({ roleId: Role.Member, planName: 'Basic', isTenantOnTrial: false, accessableFeatures: [{ key: 'Payslips' }] }));
    mockFetch({ 'GET /Tenants': ok(makeOrganization()) });
    const { router } = renderRoutes(routes, '/payroll/payroll-run');
    expect(await screen.findByRole('heading', { name: 'Permission Required' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });

  it('shows a member their payslips at /payslips and /payroll/payslips', async () => {
    // On its own the page's title is its main heading; in the Payroll area it sits under 'Payroll'.
    for (const [path, level] of [
      ['/payslips', 2],
      ['/payroll/payslips', 3],
    ] as const) {
      setSessionUser(makeUser({ roleId: Role.Member, accessableFeatures: [{ key: 'Payslips' }] }));
      mockFetch({ 'GET /Tenants': ok(makeOrganization()), 'GET /Payslips': list([]) });
      const { unmount } = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { name: 'Payslips', level })).toBeInTheDocument();
      expect(await screen.findByText(/^No payslips yet/)).toBeInTheDocument();
      unmount();
    }
  });

  it('gates the administrator pages on the Payroll feature', async () => {
    setSessionUser(makeUser({ planName: 'Basic', isTenantOnTrial: false, accessableFeatures: [{ key: 'Payslips' }] }));
    mockFetch({ 'GET /Tenants': ok(makeOrganization()) });
    renderRoutes(routes, '/payroll/payroll-history');
    expect(await screen.findByRole('heading', { name: 'Premium Plan Required' })).toBeInTheDocument();
  });

  it('opens the payroll run for an administrator with the Payroll feature', async () => {
    setSessionUser(makeUser({ accessableFeatures: [{ key: 'Payroll' }, { key: 'Payslips' }] }));
    mockFetch({
      'GET /Tenants': ok(makeOrganization()),
      'GET /PayrollRuns/current': jsonResponse(404, { statusCode: 404, errorCode: 'NOT_FOUND', message: PAYROLL_MSG.payrollNotEnabled }),
    });
    renderRoutes(routes, '/payroll/payroll-run');
    // The run page is a lazy chunk: on a loaded machine its first import has taken 5 s.
    expect(await screen.findByRole('heading', { name: PAYROLL_MSG.payrollNotEnabled }, { timeout: 15_000 })).toBeInTheDocument();
  });
});
