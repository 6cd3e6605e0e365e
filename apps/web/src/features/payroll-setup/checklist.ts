import type { PayrollSetup, PayrollSetupStep } from '@tankha/contracts';
import { PAYROLL_SETUP_LINKS } from '../../app/paths';

export interface ChecklistStep {
  key: PayrollSetupStep;
  title: string;
  description: string;
  to: string;
  done: boolean;
  /** Locked until the steps before it are done (platform §4 "Payroll setup"). */
  locked: boolean;
}

/**
 * The checklist's steps (platform §2.6, §4): Salary Components, Statutory Components (absent on the
 * free plan, where the server answers null), Settings. Statutory unlocks after salary; settings after
 * salary (free plan) or salary and statutory.
 */
export function checklistSteps(setup: PayrollSetup): ChecklistStep[] {
  const statutoryShown = setup.statutoryComponents !== null;
  const statutoryDone = setup.statutoryComponents === true;
  const steps: ChecklistStep[] = [
    {
      key: 'salaryComponents',
      title: 'Salary Components',
      description: 'Earnings and deductions that make up your employees’ salary structures.',
      to: PAYROLL_SETUP_LINKS.salaryComponents,
      done: setup.salaryComponents,
      locked: false,
    },
  ];
  if (statutoryShown) {
    steps.push({
      key: 'statutoryComponents',
      title: 'Statutory Components',
      description: 'EPF, ESI, Professional Tax and Labour Welfare Fund.',
      to: PAYROLL_SETUP_LINKS.statutoryComponents,
      done: statutoryDone,
      locked: !setup.salaryComponents,
    });
  }
  steps.push({
    key: 'settings',
    title: 'Settings',
    description: 'Pay period, pay day and the last payroll month.',
    to: PAYROLL_SETUP_LINKS.settings,
    done: setup.settings,
    locked: !setup.salaryComponents || (statutoryShown && !statutoryDone),
  });
  return steps;
}

/** 'Complete Payroll Setup' appears when every shown step is done. */
export function allStepsDone(setup: PayrollSetup): boolean {
  return checklistSteps(setup).every((s) => s.done);
}
