import { describe, expect, it } from 'vitest';
import { BANK_FORMAT_PRESET_KEYS } from '@tankha/domain';
import { bankFileFormatInputSchema, presetAsInput } from './payroll-bank-format.contract';

describe('bank presets as formats of one’s own', () => {
  // "Copy the preset into your own format" is how an organisation fills in Kotak's client code: each
  // copy must be a format the API accepts as it stands.
  it.each(BANK_FORMAT_PRESET_KEYS)('%s copied is a valid format', (key) => {
    const parsed = bankFileFormatInputSchema.safeParse(presetAsInput(key));
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });
});
