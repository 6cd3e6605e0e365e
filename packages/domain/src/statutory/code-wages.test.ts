import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../money/rupees';
import { codeWages, type CodeWageComponent } from './code-wages';

/** Rupees as a person writes them, in paise, through the one conversion. */
const R = (rupees: number) => rupeesToPaise(rupees);
const wage = (name: string, rupees: number): CodeWageComponent => ({ name, amountPaise: R(rupees), kind: 'wage' });
const excluded = (name: string, rupees: number): CodeWageComponent => ({ name, amountPaise: R(rupees), kind: 'excluded' });

describe('codeWages: Code on Wages s.2(y) / Code on Social Security s.2(88), worked by hand', () => {
  // [case, components, wages, excluded, total, added back]
  const cases: [string, CodeWageComponent[], number, number, number, number][] = [
    // Basic 20,000; HRA 10,000, conveyance 8,000, special allowance 12,000 all treated as excluded:
    // all remuneration 50,000, one-half 25,000; excluded 30,000 exceed it by 5,000 (first proviso),
    // so wages = 20,000 + 5,000 = 25,000.
    ['excluded over one-half: the excess is added back', [wage('Basic', 20_000), excluded('HRA', 10_000), excluded('Conveyance', 8_000), excluded('Special Allowance', 12_000)], 25_000, 30_000, 50_000, 5_000],
    // The same salary read literally (greytHR community "CTC structure as per new guidelines, wage code
    // 2019"): special allowance is in none of clauses (a)–(k), so it is a wage; excluded HRA + conveyance
    // 18,000 are within 25,000; wages = 50,000 − 18,000 = 32,000.
    ['special allowance as a wage (the literal reading)', [wage('Basic', 20_000), excluded('HRA', 10_000), excluded('Conveyance', 8_000), wage('Special Allowance', 12_000)], 32_000, 18_000, 50_000, 0],
    // Basic 25,000 + DA 5,000 = 30,000; HRA 12,000 + conveyance 1,600 = 13,600 of 43,600 (one-half 21,800): nothing added.
    ['basic + DA, exclusions within one-half', [wage('Basic', 25_000), wage('DA', 5_000), excluded('HRA', 12_000), excluded('Conveyance', 1_600)], 30_000, 13_600, 43_600, 0],
    // Exactly one-half excluded: "exceeds one-half" is not met; wages 25,000.
    ['exactly one-half excluded: nothing added back', [wage('Basic', 25_000), excluded('HRA', 25_000)], 25_000, 25_000, 50_000, 0],
    // No basic at all: 30,000 of allowances; one-half 15,000 is added back, wages 15,000.
    ['no wage component: half of everything is wages', [excluded('Fixed Allowance', 30_000)], 15_000, 30_000, 30_000, 15_000],
    // Odd paise: 100.01 + 200.00 = 300.01; one-half 150.005 taken down to 150.00; excess 50.00;
    // wages 100.01 + 50.00 = 150.01, so the excluded part left (150.00) is within one-half.
    ['odd paise: half taken down to the paisa', [wage('Basic', 100.01), excluded('HRA', 200)], 150.01, 200, 300.01, 50],
    ['nothing paid', [], 0, 0, 0, 0],
  ];
  it.each(cases)('%s', (_name, components, wages, excl, total, addedBack) => {
    const r = codeWages(components);
    expect(r.wagesPaise).toBe(R(wages));
    expect(r.excludedPaise).toBe(R(excl));
    expect(r.totalPaise).toBe(R(total));
    expect(r.addedBackPaise).toBe(R(addedBack));
    expect(r.wageComponentsPaise + r.addedBackPaise).toBe(r.wagesPaise);
  });

  it('explains the add-back in one line', () => {
    const r = codeWages([wage('Basic', 20_000), wage('DA', 0), excluded('HRA', 10_000), excluded('Conveyance', 8_000), excluded('Special Allowance', 12_000)]);
    expect(r.explanation[0]).toBe('Wages under the Code on Wages s.2(y): Basic ₹20,000 + DA ₹0; excluded allowances ₹30,000 exceed 50% of ₹50,000 by ₹5,000, added back → ₹25,000');
    expect(r.explanation[1]).toBe('Excluded (s.2(y)(a)–(i), e.g. HRA, conveyance, overtime, bonus, commission): HRA ₹10,000 + Conveyance ₹8,000 + Special Allowance ₹12,000');
  });

  it('says when nothing is added back', () => {
    const r = codeWages([wage('Basic', 30_000), excluded('HRA', 15_000)]);
    expect(r.explanation[0]).toBe('Wages under the Code on Wages s.2(y): Basic ₹30,000; excluded allowances ₹15,000 within 50% of ₹45,000, nothing added back → ₹30,000');
  });

  it('refuses amounts that are not whole paise', () => {
    expect(() => codeWages([{ name: 'Basic', amountPaise: -1, kind: 'wage' }])).toThrow(RangeError);
    expect(() => codeWages([{ name: 'Basic', amountPaise: 1.5, kind: 'wage' }])).toThrow(RangeError);
  });
});
