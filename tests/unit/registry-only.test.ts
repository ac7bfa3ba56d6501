import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type KindDef, kinds } from '../../src/shared/registry.ts';

// Everything a kind means is said in the registry; other code finds kinds through it. A kind's
// name or API path written as a string anywhere else in src/ fails this test. Old migrations are
// frozen history and keep their own copies.
const root = path.resolve(import.meta.dirname, '../..');
const allowed = new Set(['src/shared/registry.ts']);
const frozen = 'src/server/db/migrations/';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}/${d.name}`;
    if (d.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx|mjs|js)$/.test(d.name) ? [rel] : [];
  });
}

const list = kinds as readonly KindDef[];
const words = [...new Set(list.flatMap((k) => [k.kind, k.path, ...(k.lifecycle?.entry ? [k.lifecycle.entry.kind] : [])]))];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A quoted kind name or path ('fire', "mWireData", `stock`), or a path in an API address (/api/fire/...).
const named = new RegExp(`(['"\`])(${words.map(escape).join('|')})\\1|/api/(${list.map((k) => escape(k.path)).join('|')})\\b`, 'g');

export function kindNamesIn(text: string): string[] {
  return [...text.matchAll(named)].map((m) => m[0]);
}

// A field is found by its role (registry.ts: FieldRole, default, prefill, a partner field's flags),
// never by comparing its column or wire name with a literal. The demo generator picks its sample
// values by field name (that is its own data, not a role the books depend on).
const roleAllowed = new Set(['src/shared/registry.ts', 'src/shared/registry-views.ts', 'src/server/modules/books/demo.ts']);
const byLiteral = /\b(f|field|x)\.(column|name) [!=]== ['"`]\w/g;

describe('only the registry says what a field is', () => {
  it('finds a field picked by its column or name (the check itself works)', () => {
    expect("kind.fields.find((f) => f.column === 'price_p')".match(byLiteral)).toEqual(["f.column === 'p"]);
    expect("kind.fields.find((f) => f.role === 'rate')".match(byLiteral)).toBeNull();
  });

  it('no file in src/ outside the registry finds a field by its column or name', () => {
    const hits = sourceFiles('src')
      .filter((f) => !roleAllowed.has(f) && !f.startsWith(frozen))
      .flatMap((f) => (fs.readFileSync(path.join(root, f), 'utf8').match(byLiteral) ?? []).map((m) => `${f}: ${m}`));
    expect(hits).toEqual([]);
  });
});

describe('only the registry names record kinds', () => {
  it('finds a kind named in code (the check itself works)', () => {
    expect(kindNamesIn("if (kind.kind === 'fire') api('PUT', `/api/assetsCost/${id}`)")).toEqual(["'fire'", '/api/assetsCost']);
    expect(kindNamesIn('the wire stock of each fire, and the date')).toEqual([]);
  });

  it('no file in src/ outside the registry names a kind or its path', () => {
    const hits = sourceFiles('src')
      .filter((f) => !allowed.has(f) && !f.startsWith(frozen))
      .flatMap((f) => kindNamesIn(fs.readFileSync(path.join(root, f), 'utf8')).map((m) => `${f}: ${m}`));
    expect(hits).toEqual([]);
  });
});
