import { describe, expect, it } from 'vitest';
import { evaluateFormula, FormulaError, parseFormula } from './formula';

const vars = new Map<string, number | string>([
  ['BASIC', '12345.67'],
  ['HRA', 5000],
  ['CTC', 100000],
]);
const ev = (text: string) => evaluateFormula(text, vars).toString();

describe('evaluateFormula: arithmetic', () => {
  it.each([
    ['2 + 3 * 4', '14'], // × before +
    ['(2 + 3) * 4', '20'],
    ['-2 * 3 + 10', '4'], // unary minus binds tightest
    ['10 - 4 - 3', '3'], // left associative
    ['100 / 8 / 5', '2.5'],
    ['0.1 + 0.2', '0.3'], // exact decimals, not binary floats
    ['BASIC * 0.4', '4938.268'], // 12,345.67 × 0.4 exactly
    ['BASIC > 15000 ? 15000 : BASIC', '12345.67'],
    ['HRA >= 5000 && CTC == 100000 ? 1 : 0', '1'],
    ['min(BASIC, HRA, 7000)', '5000'],
    ['max(BASIC * 0.5, HRA)', '6172.835'],
    ['round(2.5)', '3'], // half up
    ['round(-2.5)', '-3'], // half away from zero (decimal.js ROUND_HALF_UP)
    ['round(1.005, 2)', '1.01'], // exact: a float would give 1
    ['floor(-1.5)', '-2'],
    ['ceil(1.2)', '2'],
    ['1e3 + .5', '1000.5'],
  ])('%s = %s', (text, expected) => {
    expect(ev(text)).toBe(expected);
  });

  it('lists the names a formula reads, without function names', () => {
    expect(parseFormula('min(BASIC * 0.5, HRA) + BASIC').identifiers).toEqual(['BASIC', 'HRA']);
  });
});

describe('evaluateFormula: rejects', () => {
  it.each([
    ['FOO + 1', /Unknown name 'FOO'/],
    ['constructor', /Unknown name 'constructor'/],
    ['__proto__', /Unknown name '__proto__'/],
    ['toString', /Unknown name 'toString'/],
    ['this', /'this' is not allowed/],
    ['BASIC.constructor', /Property access/],
    ['a.b', /Property access/],
    ['HRA["constructor"]', /Property access/],
    ['alert(1)', /Unknown function 'alert'/],
    ['process.exit(1)', /Unknown function 'MemberExpression'/],
    ['Function("return 1")()', /Unknown function/],
    ['min.call(null, 1)', /Unknown function/],
    ['"text"', /Only numbers/],
    ['true', /Only numbers/],
    ['[1, 2]', /ArrayExpression/],
    ['BASIC, HRA', /Compound/],
    ['BASIC ** 2', /Operator '\*\*'/],
    ['!HRA', /Operator '!'/],
    ['HRA = 1', /does not parse/],
    ['1 / (HRA - 5000)', /Division by zero/],
    ['(1 < 2) + 1', /must be a number/],
    ['HRA ? 1 : 2', /must be a comparison/],
    ['1 < 2', /must be a number/],
    ['', /empty/],
    ['round(1, 0.5)', /decimal places/],
    ['floor(1, 2)', /one argument/],
  ])('%s', (text, message) => {
    expect(() => evaluateFormula(text, vars)).toThrow(FormulaError);
    expect(() => evaluateFormula(text, vars)).toThrow(message);
  });
});
