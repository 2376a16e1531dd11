import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Who sees a flight is written once, in server/src/privacy/ (docs/architecture.md, "Rules written
// once"). Any other file that names the flights' visibility column in a query, or compares a
// flight's visibility with one of its values, writes a second copy of a privacy rule: this test
// names it. The migrations (frozen in time) and the table types are the exceptions.
const SRC = path.resolve(__dirname, '../src');
const ALLOWED = [/^privacy\//, /^db\/migrations\//, /^db\/types\.ts$/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each place a file names the visibility column or compares a visibility with a value, as "file:line text". */
export function visibilityMentions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText().slice(0, 80)}`;
  const VALUES = new Set(['private', 'link', 'public']);
  const isVisibilityAccess = (node: ts.Node) => ts.isPropertyAccessExpression(node) && node.name.text === 'visibility';
  const visit = (node: ts.Node) => {
    // 'visibility' or 'flights.visibility' as a string: a column reference in a Kysely call.
    if (ts.isStringLiteralLike(node) && /^(?:\w+\.)?visibility(?: as \w+)?$/.test(node.text)) found.push(at(node));
    // { visibility: … } as the values of an insert or the set of an update.
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'visibility' && ts.isCallExpression(node.parent.parent)) {
      const call = node.parent.parent.expression;
      if (ts.isPropertyAccessExpression(call) && ['values', 'set'].includes(call.name.text)) found.push(at(node));
    }
    // flight.visibility === 'public' and the like: a rule's JS form written again.
    if (ts.isBinaryExpression(node) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(node.operatorToken.kind)) {
      const [a, b] = [node.left, node.right];
      const isValue = (n: ts.Node) => ts.isStringLiteralLike(n) && VALUES.has(n.text);
      if ((isVisibilityAccess(a) && isValue(b)) || (isVisibilityAccess(b) && isValue(a))) found.push(at(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the visibility column is named only by the privacy area', () => {
  it('finds a mention written the ways a copy of a rule would be (the check can fail)', () => {
    const probe = [
      "db.selectFrom('flights').where('flights.visibility', '=', 'public');",
      "db.updateTable('flights').set({ visibility: 'link' });",
      "if (flight.visibility === 'private') return;",
      "const name = 'visible';",
      "const v = body.visibility;",
    ].join('\n');
    expect(visibilityMentions('probe.ts', probe).map((m) => m.split(' ')[0])).toEqual(['probe.ts:1', 'probe.ts:2', 'probe.ts:3']);
  });

  it('no file of server/src outside privacy/ and the migrations names it', () => {
    const mentions = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((rel) => !ALLOWED.some((re) => re.test(rel)))
      .flatMap((rel) => visibilityMentions(rel, readFileSync(path.join(SRC, rel), 'utf8')));
    expect(mentions).toEqual([]);
  });
});
