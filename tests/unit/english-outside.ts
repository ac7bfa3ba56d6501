import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Finds user-visible English written in web components instead of the catalogue: JSX text, and
// string literals given to aria-label, title, placeholder, alt or label props.
export const root = path.resolve(import.meta.dirname, '../..');
const textProps = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);
/** Words that stay as they are in both languages. */
export const untranslated = new Set(['KG', '৳', 'AMA', 'Google']);

export function webFiles(dir = 'src/web'): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}/${d.name}`;
    if (d.isDirectory()) return webFiles(rel);
    return /\.tsx$/.test(d.name) ? [rel] : [];
  });
}

const hasLetters = (s: string) => /[A-Za-z]/.test(s) && !untranslated.has(s.trim());

export function englishIn(source: string, file = 'x.tsx'): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const hits: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasLetters(node.text)) hits.push(node.text.trim());
    if (ts.isJsxAttribute(node) && textProps.has(node.name.getText(sf)) && node.initializer) {
      const init = node.initializer;
      const lit = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression
          : null;
      if (lit && hasLetters(lit.text)) hits.push(`${node.name.getText(sf)}="${lit.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return hits;
}
