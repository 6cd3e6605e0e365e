import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { DateField, formatIndianDate, parseIndianDate } from './DateField';

function Field({ initial = '', min, max, onValue }: { initial?: string; min?: string; max?: string; onValue: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Date of joining"
      value={value}
      min={min}
      max={max}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

const renderField = (props: Parameters<typeof Field>[0]) =>
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <Field {...props} />
    </AppProviders>,
  );

describe('dd/MM/yyyy dates', () => {
  it('reads what a person types, only once it is a real date', () => {
    expect(parseIndianDate('15/08/2025')).toBe('2025-08-15');
    expect(parseIndianDate('5/8/2025')).toBe('2025-08-05');
    expect(parseIndianDate('05-08-2025')).toBe('2025-08-05');
    expect(parseIndianDate('2025-08-15')).toBe('2025-08-15');
    expect(parseIndianDate('29/02/2024')).toBe('2024-02-29');
    expect(parseIndianDate('29/02/2025')).toBeNull();
    expect(parseIndianDate('31/04/2025')).toBeNull();
    expect(parseIndianDate('08/15/2025')).toBeNull();
    expect(parseIndianDate('15/08/202')).toBeNull();
    expect(parseIndianDate('')).toBeNull();
    expect(formatIndianDate('2025-08-05')).toBe('05/08/2025');
  });

  it('shows the value as dd/MM/yyyy and hands typed dates to the form as YYYY-MM-DD', async () => {
    const onValue = vi.fn();
    renderField({ initial: '2026-04-01', onValue });
    const input = screen.getByLabelText('Date of joining');
    expect(input).toHaveValue('01/04/2026');
    await userEvent.clear(input);
    expect(onValue).toHaveBeenLastCalledWith('');
    await userEvent.type(input, '15/08/2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-08-15');
    fireEvent.blur(input);
    expect(input).toHaveValue('15/08/2026');
  });

  it('picks a day from the calendar; days past max are greyed out', async () => {
    const onValue = vi.fn();
    renderField({ initial: '2026-03-10', max: '2026-03-18', onValue });
    await userEvent.click(screen.getByLabelText('Date of joining'));
    expect(screen.getByRole('button', { name: '19/03/2026' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '16/03/2026' }));
    expect(onValue).toHaveBeenLastCalledWith('2026-03-16');
    expect(screen.getByLabelText('Date of joining')).toHaveValue('16/03/2026');
  });
});
