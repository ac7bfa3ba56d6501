import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The web side never imports the server; shared code imports neither; on the server, db/ imports
// none of the layers above it and http/ no module. Lint enforces it, type-only imports included.
const eslint = new ESLint();

async function rulesHit(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', () => {
  it('refuses src/server imports in src/web', async () => {
    expect(await rulesHit("import { buildApp } from '../server/app.ts';\nexport const x = buildApp;\n", 'src/web/x.ts')).toContain('no-restricted-imports');
    expect(await rulesHit("import { loadConfig } from '../../server/config.ts';\nexport const x = loadConfig;\n", 'src/web/lib/x.ts')).toContain(
      'no-restricted-imports',
    );
  });

  it('refuses src/server and src/web imports in src/shared', async () => {
    expect(await rulesHit("import { x } from '../web/content.ts';\nexport const y = x;\n", 'src/shared/y.ts')).toContain('no-restricted-imports');
  });

  it('lets src/web import src/shared', async () => {
    expect(await rulesHit("import { messages } from '../shared/messages.ts';\nexport const x = messages;\n", 'src/web/x.ts')).toEqual([]);
  });

  it('lets a feature use another only through its api.ts', async () => {
    expect(await rulesHit("import { Statement } from '../statements/statement';\nexport const x = Statement;\n", 'src/web/features/books/x.tsx')).toContain(
      'no-restricted-imports',
    );
    expect(await rulesHit("import { statementQuery } from '../statements/api';\nexport const x = statementQuery;\n", 'src/web/features/books/x.ts')).toEqual(
      [],
    );
  });

  it('refuses an import cycle', async () => {
    // src/web/lib/format.ts imports src/shared/money.ts: importing it back from there closes a loop.
    expect(await rulesHit("import { formatCell } from '../web/lib/format.ts';\nexport const x = formatCell;\n", 'src/shared/money.ts')).toContain(
      'local/no-cycle',
    );
  });

  it('refuses an import cycle made of type-only imports', async () => {
    // src/server/db/dialect.ts imports the DB type from schema.ts: a type taken back closes a loop too.
    expect(await rulesHit("import type { Dialect } from './dialect.ts';\nexport type D = Dialect;\n", 'src/server/db/schema.ts')).toContain('local/no-cycle');
  });

  it('keeps src/server/db below the rest of the server, types included', async () => {
    for (const from of ['../modules/books/repository.ts', '../http/errors.ts', '../auth/auth.ts', '../mail/mailer.ts'])
      expect(await rulesHit(`import type * as m from '${from}';\nexport type M = typeof m;\n`, 'src/server/db/x.ts')).toContain('import-x/no-restricted-paths');
    expect(await rulesHit("import { formatAmount } from '../../shared/money.ts';\nexport const x = formatAmount;\n", 'src/server/db/x.ts')).toEqual([]);
  });

  it('keeps the modules out of src/server/http', async () => {
    expect(await rulesHit("import type { Db } from '../modules/books/repository.ts';\nexport type D = Db;\n", 'src/server/http/x.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });
});
