import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A value of GitHub Actions' expressions: what contexts hold and what expressions give. */
export type ExpressionValue = string | number | boolean | null | ExpressionValue[] | { [key: string]: ExpressionValue };

/** What an expression is evaluated in: the contexts by name (github, env, needs, steps, secrets, job, …). */
export interface ExpressionScope {
  readonly contexts: Readonly<Record<string, ExpressionValue>>;
  /** How the job stands so far, for success(), failure(), cancelled() and always(). */
  readonly status?: 'success' | 'failure' | 'cancelled';
  /** The workspace that hashFiles() reads. */
  readonly workspace?: string;
}

const TOKEN =
  /\s*(?:(?<string>'(?:[^']|'')*')|(?<number>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(?<operator>==|!=|<=|>=|&&|\|\||[!<>().,[\]])|(?<name>[A-Za-z_][\w-]*))/y;

/** The tokens of an expression, or an error naming where it cannot be read. */
function tokensOf(expression: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expression.length) {
    if (/^\s*$/.test(expression.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(expression);
    if (!match) throw new Error(`Cannot read the expression "${expression}" at ${at}`);
    tokens.push(match[0].trim());
  }
  return tokens;
}

/** Whether a value counts as true: GitHub's falsy values are false, 0, -0, '', null and NaN. */
export const truthy = (value: ExpressionValue): boolean =>
  !(value === false || value === null || value === '' || (typeof value === 'number' && (value === 0 || isNaN(value))));

/** A value as a number, as GitHub coerces one where types differ. */
function asNumber(value: ExpressionValue): number {
  if (value === null) return 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? 0 : Number(value.trim());
  return NaN;
}

/** GitHub's loose equality: strings without regard to case, other mismatched types as numbers. */
function equal(left: ExpressionValue, right: ExpressionValue): boolean {
  if (typeof left === 'string' && typeof right === 'string') return left.toLowerCase() === right.toLowerCase();
  if (typeof left === typeof right && (typeof left !== 'object' || left === null)) return left === right;
  if (typeof left === 'object' && left !== null) return left === right;
  return asNumber(left) === asNumber(right);
}

/** A value as a string, as GitHub writes one into a variable or a command. */
export function asText(value: ExpressionValue): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A glob of hashFiles() as a pattern over paths: `**` any folders, `*` and `?` within one name. */
const globPattern = (glob: string) =>
  new RegExp(
    `^${glob
      .split(/(\*\*\/?|\*|\?)/)
      .map((part) =>
        part === '**/'
          ? '(?:.*/)?'
          : part === '**'
            ? '.*'
            : part === '*'
              ? '[^/]*'
              : part === '?'
                ? '[^/]'
                : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
  );

/** hashFiles(): a SHA-256 over the files that match, or '' when none does, as GitHub's runner gives it. */
function hashFiles(workspace: string, globs: string[]): string {
  const patterns = globs.map(globPattern);
  const files = readdirSync(workspace, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => !file.startsWith('node_modules/') && patterns.some((pattern) => pattern.test(file)))
    .filter((file) => statSync(join(workspace, file)).isFile())
    .sort();
  if (files.length === 0) return '';
  const all = createHash('sha256');
  for (const file of files)
    all.update(
      createHash('sha256')
        .update(readFileSync(join(workspace, file)))
        .digest(),
    );
  return all.digest('hex');
}

/**
 * An expression of GitHub Actions (what stands inside `${{ }}`, or an `if:`), evaluated as GitHub evaluates it: literals,
 * property access on the contexts (a missing property is null), !, ==, !=, <, >, <=, >=, && and || (which give one of
 * their operands), parentheses, and the functions the workflows use. Anything else is refused, so a workflow that uses
 * more fails its test rather than being read wrongly.
 */
export function evaluate(expression: string, scope: ExpressionScope): ExpressionValue {
  const tokens = tokensOf(expression);
  let at = 0;
  const peek = () => tokens[at];
  const take = (expected?: string) => {
    const token = tokens[at++];
    if (token === undefined || (expected !== undefined && token !== expected))
      throw new Error(`Expected ${expected ?? 'more'} in "${expression}"`);
    return token;
  };
  const call = (name: string, args: ExpressionValue[]): ExpressionValue => {
    const status = scope.status ?? 'success';
    switch (name.toLowerCase()) {
      case 'success':
        return status === 'success';
      case 'failure':
        return status === 'failure';
      case 'cancelled':
        return status === 'cancelled';
      case 'always':
        return true;
      case 'hashfiles':
        return hashFiles(scope.workspace ?? process.cwd(), args.map(asText));
      default:
        throw new Error(`The function ${name}() is not one the workflow tests know`);
    }
  };
  const primary = (): ExpressionValue => {
    const token = take();
    if (token === '(') {
      const value = or();
      take(')');
      return value;
    }
    if (token === '!') return !truthy(primary());
    if (token.startsWith("'")) return token.slice(1, -1).replaceAll("''", "'");
    if (/^-?\d/.test(token)) return Number(token);
    if (token === 'true' || token === 'false') return token === 'true';
    if (token === 'null') return null;
    if (peek() === '(') {
      take('(');
      const args: ExpressionValue[] = [];
      while (peek() !== ')') {
        args.push(or());
        if (peek() === ',') take(',');
      }
      take(')');
      return call(token, args);
    }
    if (!Object.hasOwn(scope.contexts, token)) throw new Error(`No context "${token}" in "${expression}"`);
    let value: ExpressionValue = scope.contexts[token]!;
    while (peek() === '.' || peek() === '[') {
      let key: string;
      if (take() === '.') key = take();
      else {
        key = asText(or());
        take(']');
      }
      value =
        value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, key)
          ? value[key]!
          : null;
    }
    return value;
  };
  const comparison = (): ExpressionValue => {
    const left = primary();
    const operator = peek();
    if (operator === '==' || operator === '!=') {
      take();
      return equal(left, primary()) === (operator === '==');
    }
    if (operator === '<' || operator === '>' || operator === '<=' || operator === '>=') {
      take();
      const [a, b] = [asNumber(left), asNumber(primary())];
      return operator === '<' ? a < b : operator === '>' ? a > b : operator === '<=' ? a <= b : a >= b;
    }
    return left;
  };
  const and = (): ExpressionValue => {
    let value = comparison();
    while (peek() === '&&') {
      take();
      const right = comparison();
      value = truthy(value) ? right : value;
    }
    return value;
  };
  const or = (): ExpressionValue => {
    let value = and();
    while (peek() === '||') {
      take();
      const right = and();
      value = truthy(value) ? value : right;
    }
    return value;
  };
  const value = or();
  if (at !== tokens.length) throw new Error(`Unexpected "${tokens[at]}" in "${expression}"`);
  return value;
}

/**
 * A workflow's value with its `${{ }}` expressions, as GitHub reads it: one expression alone gives its value, else
 * each expression's value is written into the text.
 */
export function interpolate(text: string, scope: ExpressionScope): ExpressionValue {
  const alone = /^\s*\$\{\{([\s\S]*?)\}\}\s*$/.exec(text);
  if (alone && !alone[1]!.includes('}}')) return evaluate(alone[1]!, scope);
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) => asText(evaluate(expression, scope)));
}

/**
 * A step's or job's `if:` as GitHub reads it: an expression with or without `${{ }}`, where one that names no status
 * function stands for `success() && (…)`.
 */
export function condition(text: string | boolean | undefined, scope: ExpressionScope): boolean {
  if (text === undefined) return (scope.status ?? 'success') === 'success';
  if (typeof text === 'boolean') return text;
  const expression = /^\s*\$\{\{([\s\S]*)\}\}\s*$/.exec(text)?.[1] ?? text;
  const named = /\b(success|failure|cancelled|always)\s*\(/i.test(expression);
  return truthy(evaluate(named ? expression : `success() && (${expression})`, scope));
}
