import { expect, signInAs, test } from './fixtures';
import { DEMO, apiAcceptInvite, apiInvite, apiLogin, login, uniqueTag } from './helpers';

/**
 * Check-in from the phone: a new employee assigned to a geofenced client site checks in on a
 * 390×844 screen with the browser's location granted. Standing 334 m from the site the check-in is
 * refused and the card says why; 111 m from it (inside its 200 m) it goes through. The administrator
 * then sees where the check-in came from in the team's logs. The organisation's settings are put
 * back afterwards (the worker's server is shared by the specs that follow).
 */
test.use({ viewport: { width: 390, height: 844 } });

// Whitefield, Bengaluru; 0.001° of latitude ≈ 111 m.
const site = { latitude: 12.9698, longitude: 77.75, radiusMetres: 200 };
const outside = { latitude: 12.9728, longitude: 77.75, accuracy: 15 };
const inside = { latitude: 12.9708, longitude: 77.75, accuracy: 15 };

test('an employee is refused outside their client site and checks in inside it; the administrator sees where', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, DEMO.administrator);
  const headers = { authorization: `Bearer ${admin.token}` };
  const api = '/backend/api';
  const original = ((await (await request.get(`${api}/Attendances/settings`, { headers })).json()) as { data: Record<string, unknown> }).data;
  // Check-in is refused on weekends and holidays under the demo's settings; this test runs on any day.
  expect((await request.put(`${api}/Attendances/settings`, { headers, data: { ...original, restrictLogsForWeekend: false, restrictLogsForHolidays: false } })).status()).toBe(200);
  const name = `Acme ${uniqueTag().letters}`;
  const created = await request.post(`${api}/AttendanceClients`, { headers, data: { name, address: 'ITPL Main Road, Whitefield, Bengaluru', ...site } });
  expect(created.status()).toBe(200);
  const siteId = ((await created.json()) as { data: { id: string } }).data.id;

  try {
    const person = await apiInvite(request);
    const password = 'Kavya@12345';
    await apiAcceptInvite(request, person.email, password);
    expect((await request.put(`${api}/AttendanceClients/${siteId}/employees`, { headers, data: { userIds: [person.id] } })).status()).toBe(200);
    expect((await request.put(`${api}/AttendanceClients/settings`, { headers, data: { requireLocation: true } })).status()).toBe(200);

    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(outside);
    await login(page, person.email, password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/my-attendance');
    const card = page.getByRole('region', { name: "Today's attendance" });
    const checkIn = card.getByRole('button', { name: 'Check In' });
    await expect(checkIn).toBeVisible();
    // A thumb's target on a phone.
    expect((await checkIn.boundingBox())?.height).toBeGreaterThanOrEqual(44);

    await checkIn.click();
    await expect(card.getByRole('alert')).toContainText(`You are outside your assigned client sites. The nearest, ${name}, is 334 m away; check in within 200 m of it.`);
    await expect(checkIn).toBeVisible();

    await context.setGeolocation(inside);
    await checkIn.click();
    await expect(card.getByRole('button', { name: 'Check Out' })).toBeVisible();
    await expect(card.getByRole('alert')).toHaveCount(0);
    // The page fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.getByRole('button', { name: 'Check Out' }).click();
    await expect(card.getByRole('button', { name: 'Check In' })).toBeVisible();

    await signInAs(page, 'administrator');
    await page.goto('/my-team/approvals');
    await page.locator('label').filter({ hasText: /^Approved$/ }).click();
    const row = page.getByRole('row', { name: new RegExp(person.lastName) }).first();
    await expect(row).toContainText(`In: At ${name} (111 m)`);
    await expect(row).toContainText(`Out: At ${name} (111 m)`);
    await expect(row.getByRole('link', { name: 'In on the map' })).toHaveAttribute('href', /openstreetmap\.org\/\?mlat=12\.970800&mlon=77\.750000/);
  } finally {
    await request.put(`${api}/AttendanceClients/settings`, { headers, data: { requireLocation: false } });
    await request.delete(`${api}/AttendanceClients/${siteId}`, { headers });
    await request.put(`${api}/Attendances/settings`, { headers, data: original });
  }
});
