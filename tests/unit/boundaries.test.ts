import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The web side never imports the server; shared code imports neither. Lint enforces it.
const eslint = new ESLint();

async function rulesHit(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', () => {
  it('refuses src/server imports in src/web', async () => {
    expect(await rulesHit("import { buildApp } from '../server/app.ts';\nexport const x = buildApp;\n", 'src/web/x.ts')).toContain('no-restricted-imports');
    expect(await rulesHit("import { loadConfig } from '../../server/config.ts';\nexport const x = loadConfig;\n", 'src/web/lib/x.ts')).toContain('no-restricted-imports');
  });

  it('refuses src/server and src/web imports in src/shared', async () => {
    expect(await rulesHit("import { x } from '../web/content.ts';\nexport const y = x;\n", 'src/shared/y.ts')).toContain('no-restricted-imports');
  });

  it('lets src/web import src/shared', async () => {
    expect(await rulesHit("import { messages } from '../shared/messages.ts';\nexport const x = messages;\n", 'src/web/x.ts')).toEqual([]);
  });
});
