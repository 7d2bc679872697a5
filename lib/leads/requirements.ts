import { isLeadField, LEAD_FIELDS, LEAD_FIELD_KEYS, type LeadData, type LeadFieldKey, type LeadValue } from '@/lib/leads/fields';

// A school's minimum requirements for a lead: a boolean expression over lead field
// names, e.g. `first_name AND (email OR phone)`. Parsed by a small tokenizer and recursive-descent
// parser (never eval): AND binds tighter than OR, keywords are case-insensitive, field names must be
// keys of LEAD_FIELDS. Pure: usable in the API, the widget and tests alike.

export type RequirementNode =
  | { type: 'field'; field: LeadFieldKey }
  | { type: 'and'; children: RequirementNode[] }
  | { type: 'or'; children: RequirementNode[] };

/** An invalid expression; `message` is meant for staff as-is (the API answers it with a 422). */
export class RequirementError extends Error {
  constructor(
    message: string,
    /** 0-based character offset the problem was found at, when there is one. */
    readonly position: number | null = null,
  ) {
    super(message);
    this.name = 'RequirementError';
  }
}

export const MAX_REQUIREMENTS_LENGTH = 500;
export const MAX_REQUIREMENTS_DEPTH = 20;

type Token =
  | { kind: 'field'; text: string; pos: number }
  | { kind: 'and' | 'or' | 'lparen' | 'rparen'; text: string; pos: number };

function tokenize(expr: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < expr.length) {
    const ch = expr[i];
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch === '(' ? 'lparen' : 'rparen', text: ch, pos: i });
      i++;
    } else if (/[A-Za-z_]/.test(ch)) {
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(expr.slice(i))![0];
      const upper = word.toUpperCase();
      if (upper === 'AND' || upper === 'OR') tokens.push({ kind: upper === 'AND' ? 'and' : 'or', text: upper, pos: i });
      else tokens.push({ kind: 'field', text: word, pos: i });
      i += word.length;
    } else {
      // `&&`, `||`, quotes, commas…: say which character so staff can find it.
      throw new RequirementError(`Unexpected character "${ch}" at position ${i + 1}; use field names, AND, OR and parentheses`, i);
    }
  }
  return tokens;
}

function unknownField(name: string, pos: number): RequirementError {
  if (name.toUpperCase() === 'NOT') return new RequirementError('NOT is not supported; use only AND, OR and parentheses', pos);
  // A near miss (wrong case or a typo) gets a hint; anything else just the plain message.
  const lower = name.toLowerCase();
  const hint = LEAD_FIELD_KEYS.find((k) => k === lower) ?? LEAD_FIELD_KEYS.find((k) => editDistance(k, lower) <= 2);
  return new RequirementError(`Unknown field "${name}"${hint ? ` (did you mean "${hint}"?)` : ''}`, pos);
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** Parses a requirements expression; throws RequirementError with a human message when invalid. */
export function parseRequirements(expr: string): RequirementNode {
  if (typeof expr !== 'string' || expr.trim() === '') throw new RequirementError('The expression is empty');
  if (expr.length > MAX_REQUIREMENTS_LENGTH) {
    throw new RequirementError(`The expression is too long (at most ${MAX_REQUIREMENTS_LENGTH} characters)`);
  }
  const tokens = tokenize(expr);
  let at = 0;

  const describe = (t: Token | undefined) => (t === undefined ? 'the end' : t.kind === 'field' ? `"${t.text}"` : t.text === '(' || t.text === ')' ? `"${t.text}"` : t.text);

  // or := and (OR and)*
  function parseOr(depth: number): RequirementNode {
    const children = [parseAnd(depth)];
    while (tokens[at]?.kind === 'or') {
      at++;
      children.push(parseAnd(depth, 'OR'));
    }
    return children.length === 1 ? children[0] : { type: 'or', children: flatten('or', children) };
  }

  // and := primary (AND primary)*
  function parseAnd(depth: number, after?: string): RequirementNode {
    const children = [parsePrimary(depth, after)];
    while (tokens[at]?.kind === 'and') {
      at++;
      children.push(parsePrimary(depth, 'AND'));
    }
    return children.length === 1 ? children[0] : { type: 'and', children: flatten('and', children) };
  }

  // primary := FIELD | '(' or ')'
  function parsePrimary(depth: number, after?: string): RequirementNode {
    const t = tokens[at];
    if (t?.kind === 'field') {
      if (!isLeadField(t.text)) throw unknownField(t.text, t.pos);
      at++;
      return { type: 'field', field: t.text };
    }
    if (t?.kind === 'lparen') {
      if (depth + 1 > MAX_REQUIREMENTS_DEPTH) {
        throw new RequirementError(`The expression is nested too deeply (at most ${MAX_REQUIREMENTS_DEPTH} levels of parentheses)`, t.pos);
      }
      at++;
      if (tokens[at]?.kind === 'rparen') throw new RequirementError('Empty parentheses: expected a field name after "("', tokens[at].pos);
      const inner = parseOr(depth + 1);
      if (tokens[at]?.kind !== 'rparen') {
        if (tokens[at] === undefined) throw new RequirementError('Missing closing parenthesis', t.pos);
        throw new RequirementError(`Expected AND, OR or ")" before ${describe(tokens[at])}`, tokens[at].pos);
      }
      at++;
      return inner;
    }
    if (after) throw new RequirementError(`Expected a field name after ${after}`, t?.pos ?? expr.length);
    throw new RequirementError(`Expected a field name at the start, found ${describe(t)}`, t?.pos ?? 0);
  }

  const tree = parseOr(0);
  if (at < tokens.length) {
    const t = tokens[at];
    if (t.kind === 'rparen') throw new RequirementError('Unexpected closing parenthesis ")" without a matching "("', t.pos);
    const prev = tokens[at - 1];
    throw new RequirementError(`Expected AND or OR between ${describe(prev)} and ${describe(t)}`, t.pos);
  }
  return tree;
}

// `a AND (b AND c)` is the same as `a AND b AND c`; flat trees make evaluation and messages simpler.
function flatten(type: 'and' | 'or', children: RequirementNode[]): RequirementNode[] {
  return children.flatMap((c) => (c.type === type ? c.children : [c]));
}

/** null when `expr` is valid, else the error message (for the settings API's 422). */
export function checkRequirements(expr: string): string | null {
  try {
    parseRequirements(expr);
    return null;
  } catch (err) {
    if (err instanceof RequirementError) return err.message;
    throw err;
  }
}

/**
 * Whether a captured value counts as "given": a non-blank string, a finite number, either boolean
 * (an opt-in answered "no" is still an answer) or a list with a non-blank entry.
 */
export function hasLeadValue(value: LeadValue | null | undefined): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.some((v) => typeof v === 'string' && v.trim() !== '');
  return false;
}

const present = (data: LeadData, field: LeadFieldKey) => Object.hasOwn(data, field) && hasLeadValue(data[field]);

export function requirementsMet(node: RequirementNode, data: LeadData): boolean {
  switch (node.type) {
    case 'field':
      return present(data, node.field);
    case 'and':
      return node.children.every((c) => requirementsMet(c, data));
    case 'or':
      return node.children.some((c) => requirementsMet(c, data));
  }
}

/**
 * A small set of fields that, once supplied, would satisfy the expression ([] when it already is).
 * For an OR the alternative needing the fewest new fields is chosen, the first one on a tie, so
 * `first_name AND (email OR phone)` with nothing given asks for First Name and Email.
 */
export function missingForRequirements(node: RequirementNode, data: LeadData): LeadFieldKey[] {
  const out: LeadFieldKey[] = [];
  for (const f of missing(node, data)) if (!out.includes(f)) out.push(f);
  return out;
}

function missing(node: RequirementNode, data: LeadData): LeadFieldKey[] {
  if (node.type === 'field') return present(data, node.field) ? [] : [node.field];
  if (node.type === 'and') return node.children.flatMap((c) => missing(c, data));
  let best: LeadFieldKey[] | null = null;
  for (const c of node.children) {
    const m = [...new Set(missing(c, data))];
    if (m.length === 0) return [];
    if (best === null || m.length < best.length) best = m;
  }
  return best ?? [];
}

/** Every field named in the expression, in order of first appearance. */
export function requirementFields(node: RequirementNode): LeadFieldKey[] {
  if (node.type === 'field') return [node.field];
  return [...new Set(node.children.flatMap(requirementFields))];
}

/** "Please provide: First Name, Email", or null when the requirements are met. */
export function missingRequirementsMessage(node: RequirementNode, data: LeadData): string | null {
  const fields = missingForRequirements(node, data);
  return fields.length ? `Please provide: ${fields.map((f) => LEAD_FIELDS[f].label).join(', ')}` : null;
}

/** The expression in field labels, for staff: "First Name and (Email or Phone)". */
export function describeRequirements(node: RequirementNode, nested = false): string {
  if (node.type === 'field') return LEAD_FIELDS[node.field].label;
  const text = node.children.map((c) => describeRequirements(c, true)).join(node.type === 'and' ? ' and ' : ' or ');
  // AND binds tighter, so only an OR inside an AND needs its parentheses back.
  return nested && node.type === 'or' ? `(${text})` : text;
}
