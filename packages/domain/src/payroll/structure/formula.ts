import jsep from 'jsep';
import type Decimal from 'decimal.js';
import { exact } from '../../money/arith';

/**
 * Safe expression evaluator for custom-formula salary components (DESIGN §5: "parsed by a safe
 * expression evaluator, never eval"). The text is parsed by jsep into an AST, the AST is checked
 * against a whitelist, and evaluation walks it with decimal.js. Allowed: numeric literals,
 * identifiers bound by the caller, + − × ÷, unary minus/plus, parentheses, comparisons, && ||,
 * the ternary, and calls to min, max, round, floor, ceil. Everything else — member access,
 * `this`, arrays, strings, sequences, unknown functions — is rejected before evaluation.
 */
export class FormulaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormulaError';
  }
}

type Node = jsep.Expression;

export interface ParsedFormula {
  readonly text: string;
  readonly ast: Node;
  /** Free identifiers the formula reads (function names excluded), in first-use order. */
  readonly identifiers: readonly string[];
}

const MAX_FORMULA_LENGTH = 1_000;
const MAX_DEPTH = 64;
const ARITHMETIC = new Set(['+', '-', '*', '/']);
const COMPARISON = new Set(['<', '<=', '>', '>=', '==', '!=', '===', '!==']);
const LOGICAL = new Set(['&&', '||']);
const FUNCTIONS = new Set(['min', 'max', 'round', 'floor', 'ceil']);
const NUMERIC_LITERAL = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function check(node: Node, identifiers: string[], depth: number): void {
  if (depth > MAX_DEPTH) throw new FormulaError('Formula is nested too deeply');
  switch (node.type) {
    case 'Literal': {
      const lit = node as jsep.Literal;
      if (typeof lit.value !== 'number' || !NUMERIC_LITERAL.test(lit.raw)) {
        throw new FormulaError(`Only numbers are allowed as literals, not ${lit.raw}`);
      }
      return;
    }
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (!identifiers.includes(name)) identifiers.push(name);
      return;
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      if (u.operator !== '-' && u.operator !== '+') throw new FormulaError(`Operator '${u.operator}' is not allowed`);
      check(u.argument, identifiers, depth + 1);
      return;
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (!ARITHMETIC.has(b.operator) && !COMPARISON.has(b.operator) && !LOGICAL.has(b.operator)) {
        throw new FormulaError(`Operator '${b.operator}' is not allowed`);
      }
      check(b.left, identifiers, depth + 1);
      check(b.right, identifiers, depth + 1);
      return;
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      check(c.test, identifiers, depth + 1);
      check(c.consequent, identifiers, depth + 1);
      check(c.alternate, identifiers, depth + 1);
      return;
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      if (call.callee.type !== 'Identifier' || !FUNCTIONS.has((call.callee as jsep.Identifier).name)) {
        const shown = call.callee.type === 'Identifier' ? (call.callee as jsep.Identifier).name : call.callee.type;
        throw new FormulaError(`Unknown function '${shown}'; allowed: min, max, round, floor, ceil`);
      }
      const name = (call.callee as jsep.Identifier).name;
      const n = call.arguments.length;
      if ((name === 'min' || name === 'max') && n < 1) throw new FormulaError(`${name}() needs at least one argument`);
      if (name === 'round' && (n < 1 || n > 2)) throw new FormulaError('round() takes a value and optional decimal places');
      if ((name === 'floor' || name === 'ceil') && n !== 1) throw new FormulaError(`${name}() takes one argument`);
      for (const arg of call.arguments) check(arg, identifiers, depth + 1);
      return;
    }
    case 'MemberExpression':
      throw new FormulaError('Property access (a.b, a[b]) is not allowed');
    case 'ThisExpression':
      throw new FormulaError("'this' is not allowed");
    default:
      throw new FormulaError(`Expression of kind ${node.type} is not allowed`);
  }
}

export function parseFormula(text: string): ParsedFormula {
  if (typeof text !== 'string' || text.trim() === '') throw new FormulaError('Formula is empty');
  if (text.length > MAX_FORMULA_LENGTH) throw new FormulaError(`Formula is longer than ${MAX_FORMULA_LENGTH} characters`);
  let ast: Node;
  try {
    ast = jsep(text);
  } catch (e) {
    throw new FormulaError(`Formula does not parse: ${(e as Error).message}`);
  }
  const identifiers: string[] = [];
  check(ast, identifiers, 0);
  return { text, ast, identifiers };
}

type Value = Decimal | boolean;

function asNumber(v: Value, what: string): Decimal {
  if (typeof v === 'boolean') throw new FormulaError(`${what} must be a number, not a comparison`);
  return v;
}

function asBoolean(v: Value, what: string): boolean {
  if (typeof v !== 'boolean') throw new FormulaError(`${what} must be a comparison`);
  return v;
}

function evaluate(node: Node, vars: ReadonlyMap<string, Decimal>): Value {
  switch (node.type) {
    case 'Literal':
      return new exact((node as jsep.Literal).raw);
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      const value = vars.get(name);
      if (value === undefined) throw new FormulaError(`Unknown name '${name}'`);
      return value;
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      const v = asNumber(evaluate(u.argument, vars), `Operand of '${u.operator}'`);
      return u.operator === '-' ? v.neg() : v;
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (LOGICAL.has(b.operator)) {
        const l = asBoolean(evaluate(b.left, vars), `Left of '${b.operator}'`);
        if (b.operator === '&&' && !l) return false;
        if (b.operator === '||' && l) return true;
        return asBoolean(evaluate(b.right, vars), `Right of '${b.operator}'`);
      }
      const left = evaluate(b.left, vars);
      const right = evaluate(b.right, vars);
      if (COMPARISON.has(b.operator)) {
        if (typeof left === 'boolean' || typeof right === 'boolean') {
          if (typeof left !== typeof right) throw new FormulaError(`Cannot compare a number with a comparison`);
          if (b.operator === '==' || b.operator === '===') return left === right;
          if (b.operator === '!=' || b.operator === '!==') return left !== right;
          throw new FormulaError(`'${b.operator}' needs numbers`);
        }
        const c = left.cmp(right);
        switch (b.operator) {
          case '<': return c < 0;
          case '<=': return c <= 0;
          case '>': return c > 0;
          case '>=': return c >= 0;
          case '==': case '===': return c === 0;
          default: return c !== 0;
        }
      }
      const l = asNumber(left, `Left of '${b.operator}'`);
      const r = asNumber(right, `Right of '${b.operator}'`);
      switch (b.operator) {
        case '+': return l.plus(r);
        case '-': return l.minus(r);
        case '*': return l.times(r);
        default:
          if (r.isZero()) throw new FormulaError('Division by zero');
          return l.div(r);
      }
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      return asBoolean(evaluate(c.test, vars), 'The condition before ?')
        ? evaluate(c.consequent, vars)
        : evaluate(c.alternate, vars);
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const name = (call.callee as jsep.Identifier).name;
      const args = call.arguments.map((a, i) => asNumber(evaluate(a, vars), `Argument ${i + 1} of ${name}()`));
      const first = args[0] as Decimal;
      switch (name) {
        case 'min': return args.reduce((m, v) => (v.lt(m) ? v : m));
        case 'max': return args.reduce((m, v) => (v.gt(m) ? v : m));
        case 'floor': return first.floor();
        case 'ceil': return first.ceil();
        default: {
          const places = args[1];
          if (places !== undefined && (!places.isInteger() || places.lt(0) || places.gt(10))) {
            throw new FormulaError('round() decimal places must be a whole number from 0 to 10');
          }
          // round() is half up, the rounding used for salary components (DESIGN §5).
          return first.toDecimalPlaces(places === undefined ? 0 : places.toNumber(), exact.ROUND_HALF_UP);
        }
      }
    }
    default:
      throw new FormulaError(`Expression of kind ${node.type} is not allowed`);
  }
}

/**
 * Evaluates a formula over named values. Values are looked up in a Map, so names such as
 * `constructor` or `__proto__` can never reach an object's prototype.
 */
export function evaluateFormula(formula: string | ParsedFormula, variables: ReadonlyMap<string, Decimal | number | string>): Decimal {
  const parsed = typeof formula === 'string' ? parseFormula(formula) : formula;
  const vars = new Map<string, Decimal>();
  for (const [k, v] of variables) vars.set(k, new exact(v));
  for (const name of parsed.identifiers) {
    if (!vars.has(name)) throw new FormulaError(`Unknown name '${name}'`);
  }
  return asNumber(evaluate(parsed.ast, vars), 'The formula');
}
