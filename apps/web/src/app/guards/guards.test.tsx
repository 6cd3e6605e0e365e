import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { MSG, Role } from '@tankha/contracts';
import { jsonResponse, makeOrganization, makeUser, mockFetch, ok, renderRoutes } from '../../test/helpers';
import { routes } from '../router';
import { setSessionUser } from '../session';
import { RequireAuth } from './RequireAuth';
import { RequireFeature } from './RequireFeature';
import { RequireMyTeam } from './RequireMyTeam';

const dashboard = {
  organization: { id: 't1', tenantName: 'Acme Labs', logoUrl: null, address: null, planName: null, isTenantOnTrial: true, trialDaysLeft: 12 },
  me: { id: 'u1', firstName: 'Asha', lastName: 'Rao', designation: 'Founder', departmentName: null, dateOfJoining: '2025-04-01', reportingManagerName: null, reporteeCount: 0 },
  counts: { activeUsers: 3, pendingUsers: 1, inactiveUsers: 0, restrictedUsers: 0, departments: 2, joinedThisMonth: 1 },
  departments: [],
  recentJoiners: [],
  upcomingBirthdays: [],
};

const complete = { orgDetails: true, settings: true };

describe('route guards', () => {
  it('sends a member from /profile to /403-Forbidden', async () => {
    setSessionUser(makeUser({ roleId: Role.Member }));
    mockFetch({ 'GET /Tenants': ok(makeOrganization()) });

    const { router } = renderRoutes(routes, '/profile?userId=abc');

    expect(await screen.findByRole('heading', { name: '403 - Forbidden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403-Forbidden');
  });

  it('shows the profile to a moderator', async () => {
    setSessionUser(makeUser({ roleId: Role.Moderator }));
    mockFetch({
      'GET /Tenants': ok(makeOrganization()),
      'GET /Users/abc': ok({
        id: 'abc',
        employeeNumber: 'EMP-7',
        firstName: 'Ravi',
        middleName: null,
        lastName: 'Kumar',
        email: 'ravi@example.in',
        phoneNumber: null,
        dateOfBirth: null,
        gender: 1,
        dateOfJoining: '2024-06-03',
        departmentId: null,
        departmentName: 'Engineering',
        designation: 'Engineer',
        workLocation: null,
        workLocationId: null,
        workLocationName: null,
        reportingManagerId: null,
        reportingManagerName: 'Asha Rao',
        pan: 'ABCDE1234F',
        regimeType: 1,
        roleId: 3,
        status: 1,
        lastLogin: null,
        imageUrl: null,
        // The rest of the full employee record (people contract employeeSchema).
        personalEmail: null,
        emergencyContact: null,
        maritalStatus: 0,
        marriageDate: null,
        spouseName: null,
        bloodGroup: null,
        address: null,
        experience: null,
        dateOfConfirmation: null,
        esiNumber: null,
        pfNumber: null,
        uan: null,
        userFieldValues: [],
        bankAccountNumber: null,
        bankName: null,
        ifscCode: null,
        accountHolderName: null,
        forceESICalc: false,
        annualCTC: null,
        earningAssociations: [],
        deductionAssociations: [],
      }),
    });

    renderRoutes(routes, '/profile?userId=abc');

    expect(await screen.findByRole('heading', { name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(screen.getByText('XXXXXX234F')).toBeInTheDocument();
    expect(screen.getByText('03 Jun 2024')).toBeInTheDocument();
  });

  it('sends a logged-out visitor to /login and back to the origin after login', async () => {
    const admin = makeUser();
    mockFetch({
      'POST /Account/login': ok(admin),
      'GET /orgprofilecompletionstatus': ok(complete),
      'GET /Tenants': ok(makeOrganization()),
      'GET /Account/me': ok(admin),
    });

    const { router } = renderRoutes(routes, '/org/organization-details');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: expect.objectContaining({ pathname: '/org/organization-details' }) });

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), admin.email);
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('region', { name: 'Financial Details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/org/organization-details');
  });

  it('sends an administrator with incomplete setup to the welcome screen; Cancel shows the banner', async () => {
    setSessionUser(makeUser());
    mockFetch({
      'GET /orgprofilecompletionstatus': ok({ orgDetails: false, settings: true }),
      'GET /Tenants': ok(makeOrganization()),
      'GET /dashboard': ok(dashboard),
    });

    const { router } = renderRoutes(routes, '/');

    expect(await screen.findByRole('heading', { name: 'Welcome to Tankha' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/required-details');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText('Your organization setup is incomplete')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Complete setup' })).toHaveAttribute('href', '/required-details');
  });

  it('keeps members and completed organizations out of /required-details', async () => {
    setSessionUser(makeUser({ roleId: Role.Member }));
    const calls = mockFetch({ 'GET /dashboard': ok(dashboard), 'GET /Tenants': ok(makeOrganization()) });

    const { router } = renderRoutes(routes, '/required-details/organization');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('region', { name: 'My details' })).toBeInTheDocument();
    // Only an Administrator's screens need the setup status: a member's pages never ask for it.
    expect(calls.map((c) => c.path)).not.toContain('/orgprofilecompletionstatus');
  });

  it('sends a member away from /org pages to the access screen', async () => {
    setSessionUser(makeUser({ roleId: Role.Member, planName: 'Basic', isTenantOnTrial: false }));
    mockFetch({ 'GET /Tenants': ok(makeOrganization()) });

    const { router } = renderRoutes(routes, '/org/logo-branding');

    expect(await screen.findByRole('heading', { name: 'Permission Required' })).toBeInTheDocument();
    expect(screen.getByText('Contact Admin')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });

  it('shows the not-found page for unknown paths', async () => {
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('RequireMyTeam', () => {
  const teamRoutes = (teamSize: number): RouteObject[] => [
    {
      element: <RequireAuth />,
      children: [
        { index: true, element: <p>Home</p> },
        {
          path: 'my-team',
          element: (
            <RequireMyTeam lookupTeam={() => Promise.resolve(teamSize)}>
              <p>Team overview</p>
            </RequireMyTeam>
          ),
        },
      ],
    },
  ];

  it('lets a member with reportees in', async () => {
    setSessionUser(makeUser({ roleId: Role.Member }));
    renderRoutes(teamRoutes(1), '/my-team');
    expect(await screen.findByText('Team overview')).toBeInTheDocument();
  });

  it('sends a member without a team home', async () => {
    setSessionUser(makeUser({ roleId: Role.Member }));
    const { router } = renderRoutes(teamRoutes(0), '/my-team');
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets a manager in without a lookup', async () => {
    setSessionUser(makeUser({ roleId: Role.Member, isManager: true }));
    renderRoutes(teamRoutes(0), '/my-team');
    expect(await screen.findByText('Team overview')).toBeInTheDocument();
  });
});

describe('RequireFeature', () => {
  const featureRoutes: RouteObject[] = [
    {
      element: <RequireAuth />,
      children: [
        {
          element: <Outlet />,
          children: [
            {
              path: 'form16',
              element: (
                <RequireFeature feature="Form16">
                  <p>Form 16</p>
                </RequireFeature>
              ),
            },
          ],
        },
      ],
    },
  ];

  it('shows the page when the feature is in the stored list', async () => {
    setSessionUser(makeUser({ accessableFeatures: [{ key: 'Form16' }] }));
    renderRoutes(featureRoutes, '/form16');
    expect(await screen.findByText('Form 16')).toBeInTheDocument();
  });

  it('shows Premium Plan Required with an Upgrade button to an administrator', async () => {
    setSessionUser(makeUser({ planName: 'Basic', isTenantOnTrial: false }));
    renderRoutes(featureRoutes, '/form16');
    expect(await screen.findByRole('heading', { name: 'Premium Plan Required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toBeInTheDocument();
  });

  it('shows No Active Subscription without a plan or trial', async () => {
    setSessionUser(makeUser({ roleId: Role.Member, planName: null, isTenantOnTrial: false }));
    renderRoutes(featureRoutes, '/form16');
    expect(await screen.findByRole('heading', { name: 'No Active Subscription' })).toBeInTheDocument();
    expect(screen.getByText('Contact Admin')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Explore Plans' })).not.toBeInTheDocument();
  });
});

describe('deactivated account', () => {
  it('lands on Access Restricted', async () => {
    setSessionUser(makeUser());
    mockFetch({
      'GET /orgprofilecompletionstatus': jsonResponse(403, { statusCode: 403, errorCode: 'ACCOUNT_DEACTIVATED', message: MSG.deactivated }),
    });

    const { router } = renderRoutes(routes, '/');

    expect(await screen.findByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403-Restricted');
    expect(screen.getByRole('link', { name: /Contact Support/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });
});
