import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { isIsoDate } from '@tankha/domain';

/** How every date input shows and accepts a date (DESIGN §6: dates as Indians write them). */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';

/**
 * Reads what a person typed: dd/MM/yyyy (a one-digit day or month, and '-' or '.' between parts,
 * are accepted too), or an ISO 'YYYY-MM-DD' pasted in. Null until the text is a real calendar date,
 * so half-typed text ('1/6/202') never becomes a value.
 */
export function parseIndianDate(text: string): string | null {
  const value = text.trim();
  if (isIsoDate(value)) return value;
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (!m) return null;
  const iso = `${m[3]!}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** 'YYYY-MM-DD' → 'dd/MM/yyyy'. */
export function formatIndianDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d ?? ''}/${m ?? ''}/${y ?? ''}`;
}

export interface DateFieldProps
  extends Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate' | 'min' | 'max'> {
  /** 'YYYY-MM-DD', or '' for no date: the strings the API takes. */
  value: string;
  /** Called with 'YYYY-MM-DD', or '' when the field is cleared. */
  onChange: (value: string) => void;
  /** Earliest and latest selectable days, 'YYYY-MM-DD'. */
  min?: string;
  max?: string;
}

/**
 * The one date input of the app: shows and accepts dd/MM/yyyy, typed or picked from the calendar,
 * and hands 'YYYY-MM-DD' strings to forms. Optional fields can be cleared.
 *
 * min/max grey out the calendar's days but do not refuse a typed date: the form's own check then
 * shows the spec's message ('Cannot regularize attendance for future dates', …) instead of the
 * input silently falling back to its previous value.
 */
export function DateField({ value, onChange, min, max, clearable, required, withAsterisk, ...rest }: DateFieldProps) {
  const outOfRange = min || max ? (day: string) => (min ? day < min : false) || (max ? day > max : false) : undefined;
  return (
    <DateInput
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={DATE_INPUT_FORMAT}
      dateParser={parseIndianDate}
      excludeDate={outOfRange}
      getDayAriaLabel={formatIndianDate}
      placeholder="dd/mm/yyyy"
      clearable={clearable ?? !(required || withAsterisk)}
      required={required}
      withAsterisk={withAsterisk}
      leftSection={<IconCalendar size={16} aria-hidden />}
      leftSectionPointerEvents="none"
      popoverProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
