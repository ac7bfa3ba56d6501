import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// No import cycles, type-only imports included. import-x/no-cycle leaves out every `import type`
// (and every import whose names are all types), and has no option to count them: a cycle through
// types alone passed lint, e.g. the migrations importing the Dialect type back from the module
// that runs them. Two modules that need each other's types are still one module split in two.
// This rule follows every relative import, export-from and import() of the linted file, and of
// each module it reaches (read from disk with TypeScript's import scanner), and reports an import
// from which a path leads back to the linted file.

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];
const SCANNED = /\.[cm]?[jt]sx?$/;

const isFile = (file) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** The file a relative specifier names; undefined for packages and for what is not on disk (generated types, say). */
function resolveRelative(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const ending of EXTENSIONS) if (isFile(base + ending)) return base + ending;
  return undefined;
}

/** Each file's imports as read from disk, kept while its modification time holds. */
const scanned = new Map();

function importsOf(file) {
  if (!SCANNED.test(file)) return [];
  const mtime = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  if (mtime === undefined) return [];
  const known = scanned.get(file);
  if (known?.mtime === mtime) return known.imports;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const imports = [...new Set(importedFiles.map((f) => resolveRelative(file, f.fileName)).filter((f) => f !== undefined))];
  scanned.set(file, { mtime, imports });
  return imports;
}

/** The shortest path of imports from `start` back to `home`, or undefined when there is none. */
function pathBack(start, home) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === home) {
        const route = [file];
        for (let f = cameFrom.get(file); f !== undefined; f = cameFrom.get(f)) route.unshift(f);
        return route;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, counting type-only imports.' },
    schema: [],
    messages: { cycle: 'Import cycle (type-only imports count too): this file → {{route}} → this file.' },
  },
  create(context) {
    const home = context.physicalFilename;
    if (!path.isAbsolute(home)) return {};
    const check = (node, source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveRelative(home, source.value);
      if (target === undefined || target === home) return;
      const route = pathBack(target, home);
      if (route) context.report({ node, messageId: 'cycle', data: { route: route.map((f) => path.relative(context.cwd, f)).join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      // `typeof import('./x')` and `import('./x').T` in a type.
      TSImportType: (node) => check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};
