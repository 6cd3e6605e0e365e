import { describe, expect, it } from 'vitest';
import { organizationInputSchema, organizationSettingsInputSchema } from './tenants.contract';
import { registerSchema } from './account.contract';

describe('organisation input', () => {
  it('upper-cases identifiers and turns empty optional ones into null', () => {
    const parsed = organizationInputSchema.parse({ tenantName: ' Acme ', address: 'Pune', pan: 'abcde1234f', tan: '', gstNumber: '27abcde1234f1z5' });
    expect(parsed).toMatchObject({ tenantName: 'Acme', pan: 'ABCDE1234F', tan: null, gstNumber: '27ABCDE1234F1Z5', cinNumber: null });
  });

  it('settings: hours as text are coerced, days off become a list', () => {
    expect(organizationSettingsInputSchema.parse({ workingHours: '9', weekDaysOff: 'Sunday,Saturday' })).toEqual({ workingHours: 9, weekDaysOff: ['Sunday', 'Saturday'] });
  });
});

describe('registration', () => {
  it('lower-cases the e-mail', () => {
    const parsed = registerSchema.parse({ firstName: 'Asha', lastName: 'Rao', organizationName: 'Rao & Sons', email: ' Asha@Rao.IN ', password: 'Secret123', confirmPassword: 'Secret123' });
    expect(parsed.email).toBe('asha@rao.in');
  });
});
