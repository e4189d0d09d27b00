/**
 * No function in src/ is over 100 lines (issue 17: small functions with one job). Measured with the
 * TypeScript compiler's own function-like nodes (declarations, methods, accessors, constructors,
 * function expressions and arrow functions with a body), over their whole span from the first token
 * to the closing brace, nested closures included. A data table is a constant, not a function.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
const MAX_LINES = 100;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|js)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

interface Span {
  where: string;
  name: string;
  lines: number;
}

/** Every function-like node with a body in one file, with its line count. */
function functionSpans(file: string): Span[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const spans: Span[] = [];
  const nameOf = (node: ts.FunctionLikeDeclaration): string => {
    if (node.name) return node.name.getText(source);
    const parent = node.parent;
    if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
      return parent.name.getText(source);
    return '(anonymous)';
  };
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
      spans.push({ where: `${relative(SRC, file)}:${first + 1}`, name: nameOf(fn), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

describe('function size', () => {
  const spans = files(SRC).flatMap(functionSpans);

  it('measures the whole tree', () => {
    expect(spans.length).toBeGreaterThan(500);
    // The measure sees nested closures: the largest function is at least as long as any it contains.
    expect(Math.max(...spans.map((s) => s.lines))).toBeGreaterThan(40);
  });

  it(`no function in src/ is over ${MAX_LINES} lines`, () => {
    const long = spans
      .filter((s) => s.lines > MAX_LINES)
      .map((s) => `${s.where} ${s.name}: ${s.lines} lines`);
    expect(long).toEqual([]);
  });
});
