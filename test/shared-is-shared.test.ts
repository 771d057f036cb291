// src/shared holds only what at least two of our programs run (STYLE.md, issue 19). The rule,
// as this test checks it:
//
//   A program is the non-test code of one folder: src/server (the server), src/web (the web app)
//   or src/embed (embed.js). A program USES a module of src/shared when one of its files imports
//   that module at run time, or imports at run time a shared module that does, and so on down the
//   chain. "At run time" means a static import that is not type-only, an `export … from`, or a
//   dynamic `import()`; `import type` and imports of types only do not count, since they are gone
//   from the built code. Every non-test module of src/shared must be used by two programs or more.
//
// A module only one program uses belongs beside that program's code (src/server/registration/,
// src/web/…); a type both sides compile against belongs in a shared module both sides run.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHARED = path.join(ROOT, 'src/shared');
const PROGRAMS = { server: 'src/server', web: 'src/web', embed: 'src/embed' } as const;
type Program = keyof typeof PROGRAMS;

const isCode = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|\.d\.ts$/.test(file);

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(isCode)
    .map((file) => path.join(dir, file));
}

const onlyTypes = (clause: ts.ImportClause | undefined): boolean => {
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const names = clause.namedBindings;
  return (
    clause.name === undefined &&
    names !== undefined &&
    ts.isNamedImports(names) &&
    names.elements.length > 0 &&
    names.elements.every((element) => element.isTypeOnly)
  );
};

/** The files `file` loads at run time, resolved; packages left out. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !onlyTypes(node.importClause)) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier));
}

const inShared = (file: string) => file.startsWith(`${SHARED}${path.sep}`);

/** The shared modules a program uses, directly or through other shared modules. */
function sharedModulesUsedBy(program: Program): Set<string> {
  const used = new Set<string>();
  const pending = codeFiles(path.join(ROOT, PROGRAMS[program])).flatMap(runtimeImports);
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (!inShared(file) || used.has(file)) continue;
    used.add(file);
    pending.push(...runtimeImports(file));
  }
  return used;
}

const usedBy = Object.fromEntries(
  (Object.keys(PROGRAMS) as Program[]).map((program) => [program, sharedModulesUsedBy(program)]),
) as Record<Program, Set<string>>;

const sharedModules = codeFiles(SHARED).map((file) => path.relative(ROOT, file));

describe('src/shared holds only what two programs or more run', () => {
  it('finds the shared modules and what each program uses of them', () => {
    expect(sharedModules.length).toBeGreaterThan(0);
    for (const program of Object.keys(PROGRAMS) as Program[]) {
      expect(usedBy[program].size, program).toBeGreaterThan(0);
    }
  });

  it.each(sharedModules)('%s is used by two programs or more', (module) => {
    const users = (Object.keys(PROGRAMS) as Program[]).filter((program) =>
      usedBy[program].has(path.join(ROOT, module)),
    );
    expect(
      users.length >= 2,
      `${module} is used by ${users.join(' and ') || 'no program'} only: move it beside its user`,
    ).toBe(true);
  });
});
