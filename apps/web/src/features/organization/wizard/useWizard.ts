import { useMemo, useState } from 'react';
import { MSG } from '@tankha/contracts';
import { MAX_WEEK_DAYS_OFF, WEEK_DAYS, type WeekDay } from '@tankha/domain';
import { IDENTIFIER_FIELDS } from '../organization.api';
import {
  BUSINESS_SUB_STEPS,
  TAB_FIELDS,
  WIZARD_TABS,
  canOpenTab,
  fieldsHaveErrors,
  isTabValid,
  missingRequired,
  wizardErrors,
  type WizardField,
  type WizardTabKey,
  type WizardValues,
} from './wizard-rules';

type TextField = Exclude<WizardField, 'weekDaysOff' | 'workingHours'>;

const addTo = <T,>(set: ReadonlySet<T>, ...items: T[]): ReadonlySet<T> => new Set([...set, ...items]);
const isIdentifier = (field: TextField): boolean => (IDENTIFIER_FIELDS as readonly string[]).includes(field);

/** The wizard's state: values, where the user is, what is done, and which messages are showing. */
export function useWizard(initialValues: WizardValues) {
  const [values, setValues] = useState(initialValues);
  const [current, setCurrent] = useState(0);
  const [subStep, setSubStep] = useState(0);
  const [marked, setMarked] = useState<ReadonlySet<WizardTabKey>>(new Set());
  const [visited, setVisited] = useState<ReadonlySet<WizardTabKey>>(new Set<WizardTabKey>(['basicInfo']));
  const [shown, setShown] = useState<ReadonlySet<WizardField>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [dayOffWarning, setDayOffWarning] = useState<string | null>(null);

  const errors = useMemo(() => wizardErrors(values), [values]);
  // A tab stays completed only while its fields are still valid.
  const completed = useMemo(() => new Set([...marked].filter((tab) => isTabValid(tab, errors))), [marked, errors]);
  const tab = WIZARD_TABS[current]?.key ?? 'basicInfo';
  const stepFields = tab === 'businessDetails' ? (BUSINESS_SUB_STEPS[subStep] ?? []) : TAB_FIELDS[tab];

  const goTo = (index: number, sub = 0) => {
    const target = WIZARD_TABS[index];
    if (!target) return;
    setCurrent(index);
    setSubStep(sub);
    setVisited((v) => addTo(v, target.key));
    setNotice(null);
  };

  /** Validates the step on screen; moves on when it passes. */
  const next = (): boolean => {
    setShown((s) => addTo(s, ...stepFields));
    if (missingRequired(values, stepFields)) {
      setNotice(MSG.fillRequired);
      return false;
    }
    setNotice(null);
    if (fieldsHaveErrors(errors, stepFields)) return false;
    if (tab === 'businessDetails' && subStep < BUSINESS_SUB_STEPS.length - 1) {
      setSubStep(subStep + 1);
      return true;
    }
    setMarked((m) => addTo(m, tab));
    goTo(current + 1);
    return true;
  };

  const back = () => {
    setNotice(null);
    if (tab === 'businessDetails' && subStep > 0) setSubStep(subStep - 1);
    else if (current > 0) goTo(current - 1, WIZARD_TABS[current - 1]?.key === 'businessDetails' ? BUSINESS_SUB_STEPS.length - 1 : 0);
  };

  const canOpen = (index: number) => canOpenTab(index, current, completed, visited);

  const open = (key: WizardTabKey) => {
    const index = WIZARD_TABS.findIndex((t) => t.key === key);
    if (index === current || !canOpen(index)) return;
    goTo(index);
  };

  /** The first tab that is not valid, or null when everything can be sent. */
  const firstInvalidTab = (): number | null => {
    const index = WIZARD_TABS.findIndex((t) => !isTabValid(t.key, errors));
    return index < 0 ? null : index;
  };

  /** Before finishing: shows the first incomplete tab with its messages. */
  const checkAll = (): boolean => {
    const invalid = firstInvalidTab();
    if (invalid === null) return true;
    const key = WIZARD_TABS[invalid]?.key ?? 'basicInfo';
    goTo(invalid);
    setShown((s) => addTo(s, ...TAB_FIELDS[key]));
    setNotice(MSG.fillRequired);
    return false;
  };

  const setText = (field: TextField, value: string) => {
    setValues((v) => ({ ...v, [field]: isIdentifier(field) ? value.toUpperCase() : value }));
  };

  const setWorkingHours = (value: number | string) => setValues((v) => ({ ...v, workingHours: value }));

  /** At most two days off; a third is refused with the spec's message. */
  const toggleDayOff = (day: WeekDay) => {
    const selected = values.weekDaysOff.includes(day);
    if (!selected && values.weekDaysOff.length >= MAX_WEEK_DAYS_OFF) {
      setDayOffWarning(MSG.tooManyDaysOff);
      return;
    }
    setDayOffWarning(null);
    const next = selected ? values.weekDaysOff.filter((d) => d !== day) : [...values.weekDaysOff, day];
    setValues((v) => ({ ...v, weekDaysOff: WEEK_DAYS.filter((d) => next.includes(d)) }));
  };

  const touch = (field: WizardField) => setShown((s) => addTo(s, field));

  /** A field's message once the user has left it or pressed Next; working hours warn as typed. */
  const errorOf = (field: WizardField): string | undefined =>
    shown.has(field) || field === 'workingHours' ? errors[field] : undefined;

  return {
    values,
    tab,
    current,
    subStep,
    completed,
    visited,
    notice,
    dayOffWarning,
    next,
    back,
    open,
    goTo,
    canOpen,
    checkAll,
    setText,
    setWorkingHours,
    toggleDayOff,
    touch,
    errorOf,
  };
}

export type Wizard = ReturnType<typeof useWizard>;
