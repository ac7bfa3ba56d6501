import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateKey, parseJsonBody } from '../../src/server/http/json-body.ts';
import { HttpError } from '../../src/server/http/validate.ts';

// A request body is refused when a key or a value holds what we cannot store or must not take: a
// `__proto__` key, a `constructor` with a prototype, NUL, half of a surrogate pair. Most bodies
// hold none of them and are parsed without looking at each key (parseJsonBody's quick path); these
// tests hold both paths to one rule, whatever way the text spells its keys and values.

// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/** The rule, said once over the parsed value: whether it holds anything to refuse. */
function holdsRefused(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, v]) =>
      key === '__proto__' ||
      (key === 'constructor' && v !== null && typeof v === 'object' && Object.hasOwn(v, 'prototype')) ||
      UNSTORABLE.test(key) ||
      holdsRefused(v),
  );
}

/**
 * The same JSON text with every `_`, `o`, `p` and `s` inside its strings written as a \u escape:
 * the same value (none of them is a hex digit or an escape's letter).
 */
function escaped(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inString && c === '\\') {
      out += c + (text[i + 1] ?? '');
      i++;
    } else {
      if (c === '"') inString = !inString;
      out += inString && '_ops'.includes(c) ? `\\u00${c.charCodeAt(0).toString(16)}` : c;
    }
  }
  return out;
}

const piece = fc.constantFrom('a', 'b', '_', 'c', 'o', 'p', 's', '\u0000', '\ud800', '\udc00', '💥', 'ক', '"', '\\', ' ');
const keys = fc.oneof(
  { arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'note', 'name'), weight: 3 },
  { arbitrary: fc.string({ unit: piece, maxLength: 6 }), weight: 1 },
);
const leaves = fc.oneof(fc.string({ unit: piece, maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
const bodies = fc.dictionary(keys, fc.oneof(leaves, fc.dictionary(keys, leaves, { maxKeys: 3 })), { maxKeys: 5 });

function outcome(text: string): { refused: true; status: number } | { refused: false; value: unknown } {
  try {
    return { refused: false, value: parseJsonBody(text) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { refused: true, status: error.statusCode };
  }
}

describe('request bodies', () => {
  it('are refused exactly when a key or a value holds what we refuse, however the text spells it', () => {
    fc.assert(
      fc.property(bodies, fc.boolean(), (body, escape) => {
        const plain = JSON.stringify(body);
        const text = escape ? escaped(plain) : plain;
        const got = outcome(text);
        if (holdsRefused(JSON.parse(text))) expect(got).toEqual({ refused: true, status: 400 });
        else expect(got).toEqual({ refused: false, value: JSON.parse(text) });
      }),
      { numRuns: 2000 },
    );
  });

  it('are refused when they hold a refused key', () => {
    expect(() => parseJsonBody('{"__proto__":{"polluted":true}}')).toThrow('__proto__: is not a field here');
    expect(() => parseJsonBody('{"note":"x","constructor":{"prototype":{"polluted":true}}}')).toThrow('constructor: is not a field here');
  });

  it('are refused when a refused key is written with escapes', () => {
    expect(() => parseJsonBody('{"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":true}}')).toThrow('__proto__: is not a field here');
    expect(() => parseJsonBody('{"c\\u006fnstructor":{"prototype":{"polluted":true}}}')).toThrow('constructor: is not a field here');
    expect(() => parseJsonBody('{"note":"a\\u0000b"}')).toThrow('note: contains a character that cannot be stored');
  });

  it('keep what they say when nothing is refused', () => {
    expect(parseJsonBody('{"note":"\\ud83d\\udca5 and 💥","name":"constructor","size":"__proto__"}')).toEqual({
      note: '💥 and 💥',
      name: 'constructor',
      size: '__proto__',
    });
    expect(parseJsonBody('{"note":"plain","weight":"100.5"}')).toEqual({ note: 'plain', weight: '100.5' });
  });
});

describe('duplicateKey', () => {
  /** A key spelled as JSON, plainly or with every letter escaped. */
  const spelled = (key: string, escaped: boolean) =>
    escaped ? `"${[...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"` : JSON.stringify(key);
  const keys = fc.constantFrom('name', 'paid_amount', 'k', 'é', 'a"b', 'a\\b', '');

  it('finds the first key given twice in one object, however either is spelled, and only then', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(keys, { minLength: 1 }),
        fc.nat(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (unique, pick, escapeFirst, escapeSecond, twice) => {
          const dup = unique[pick % unique.length]!;
          const fields = unique.map((k) => `${spelled(k, k === dup && escapeFirst)}:"v"`);
          if (twice) fields.push(`${spelled(dup, escapeSecond)}:"w"`);
          const text = `{"outer":{${fields.join(',')}},"outer2":[{${fields.join(',')}}]}`;
          expect(duplicateKey(text)).toBe(twice ? dup : undefined);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
