// src/shared holds only what at least two of our programs run (README.md, Layout; issue 19). The rule,
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

/**
 * Shared modules one program runs while the other half is being built, by the issue that builds
 * it: the rules below skip them and their exports until a second program uses them, and then this
 * list's own test fails until the entry is taken off.
 */
const AWAITING_SECOND_PROGRAM: Record<string, string> = {};
const awaiting = (entry: string) =>
  Object.hasOwn(AWAITING_SECOND_PROGRAM, entry.split('#', 1)[0] ?? '');

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
    if (awaiting(module)) return;
    expect(
      users.length >= 2,
      `${module} is used by ${users.join(' and ') || 'no program'} only: move it beside its user`,
    ).toBe(true);
  });
});

// The same rule, one export at a time. A SIDE is the browser (src/web and src/embed) or the
// server (src/server). A side USES an export of src/shared when one of its files imports that
// name, at run time or for its type, or when a shared module the side runs (above) imports it or
// uses it itself; a name a shared module passes on (`export { x }` of an imported x) counts for
// the module it came from too. Every export must be used by both sides, or be listed below with
// the reason it is not. An export only tests use counts for neither side.
const SIDES = { browser: ['web', 'embed'], server: ['server'] } as const satisfies Record<
  string,
  readonly Program[]
>;
type Side = keyof typeof SIDES;

/** Exports one side alone uses, by the reason they stay in src/shared. */
const ONE_SIDED_BY_REASON: Record<string, readonly string[]> = {
  'the frame protocol: the web app in the frame and embed.js on the host page, two browser programs, speak it':
    [
      'embed-protocol.ts#EMBED_EVENT_TYPES',
      'embed-protocol.ts#EmbedEvent',
      'embed-protocol.ts#FIRST_HEIGHTS',
      'embed-protocol.ts#FIRST_HEIGHTS_ES',
      'embed-protocol.ts#FRAME_REQUEST_TYPES',
      'embed-protocol.ts#FrameMessage',
      'embed-protocol.ts#FrameRequest',
      'embed-protocol.ts#detailOf',
      'embed-protocol.ts#embedEvents',
      'embed-protocol.ts#firstHeight',
      'embed-protocol.ts#frameRequests',
      'embed-protocol.ts#parseEmbedMessage',
    ],
  "the funnel's two halves, kept beside the allow-lists and limits both hold to: the page builds batches (src/web/funnel), the endpoint reads them (src/server/funnel)":
    [
      'funnel.ts#FunnelBatch',
      'funnel.ts#MAX_FIELDS_FILLED',
      'funnel.ts#deviceClass',
      'funnel.ts#funnelBodies',
      'funnel.ts#isSourceLabel',
      'funnel.ts#sourceOf',
    ],
  'the brand, kept beside its colour, though only the page names the provider': [
    'brand.ts#PROVIDER_NAME',
  ],
  'the type of a value both sides run, named beside it': [
    'schema.ts#FieldName',
    'schema.ts#FormOutput',
  ],
  "the English of the catalogue's messages, for the tests and e2e specs that hold it to the spec": [
    'messages.ts#CHECK_MESSAGES',
    'messages.ts#FROM_RESUME_HINT',
    'messages.ts#LOADING_TOASTS',
    'messages.ts#REGISTRATION_TOASTS',
    'messages.ts#UPLOAD_ERRORS',
    'messages.ts#UPLOAD_TOASTS',
  ],
  'derived from a shared fact and kept beside it, though one side reads it': [
    'constants.ts#INITIAL_VALUES',
    'constants.ts#MAX_RESUME_FIELD_LENGTHS',
    'constants.ts#RESUME_ACCEPT',
    'constants.ts#STEP_COUNT',
    'contract.ts#DEFAULT_PUBLIC_CONFIG',
    'contract.ts#LOCAL_LINKS',
  ],
  "one side's half of a shared module's rule, the other side runs the other half": [
    'ip.ts#dottedQuad',
    'link-hosts.ts#isAddress',
    'locale.ts#chooseLocale',
    'messages.ts#PROVIDER_MESSAGES',
    'messages.ts#providerStatusText',
    'schema.ts#firstInvalidStep',
    'schema.ts#messagesByField',
    'upload-name.ts#storedNameIn',
    'upload-name.ts#storedResumeName',
    'upload-name.ts#uploadFilename',
  ],
  'the server and the build, which paints the default palette with it (vite.config.ts)': [
    'brand.ts#brandPalette',
  ],
  "the conflict toast's text, said by the browser alone, kept with the other registration toasts the first script carries":
    ['page-texts.ts#conflictText'],
  'a message only the server says, after the checks whose messages are beside it (docs/api.md)': [
    'messages.ts#RESUME_GONE_TEXT',
    'messages.ts#SUBMISSION_TEXTS',
  ],
  'no program uses it, only its test: for the unused-export check (issue 33, item 6)': [
    'url.ts#looksLikeResumeUrl',
  ],
};
const ONE_SIDED = new Map<string, string>(
  Object.entries(ONE_SIDED_BY_REASON).flatMap(([reason, entries]) =>
    entries.map((entry) => [`src/shared/${entry}`, reason] as const),
  ),
);

const sourceOf = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** The names a module exports, in `module#name` form. */
function exportsOf(file: string): string[] {
  const names: string[] = [];
  for (const statement of sourceOf(file).statements) {
    if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
      }
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      isExported(statement) &&
      statement.name
    ) {
      names.push(statement.name.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) names.push(element.name.text);
    }
  }
  const module = path.relative(ROOT, file);
  return names.map((name) => `${module}#${name}`);
}

/** The `module#name`s a file imports from our modules, resolved, with what they pass on. */
function namedImports(file: string): string[] {
  const found: string[] = [];
  const from = (specifier: ts.Expression) =>
    path.relative(ROOT, path.resolve(path.dirname(file), (specifier as ts.StringLiteral).text));
  for (const statement of sourceOf(file).statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      (statement.moduleSpecifier as ts.StringLiteral).text.startsWith('.')
    ) {
      const module = from(statement.moduleSpecifier);
      const bindings = ts.isImportDeclaration(statement)
        ? statement.importClause?.namedBindings
        : statement.exportClause;
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
        for (const element of bindings.elements) {
          found.push(`${module}#${(element.propertyName ?? element.name).text}`);
        }
      }
    }
  }
  return found;
}

/** What a module's `export { x }` of an imported x passes on: its export → the import. */
const passedOn = new Map<string, string>();
for (const file of codeFiles(SHARED)) {
  const module = path.relative(ROOT, file);
  const imported = new Map(
    namedImports(file).map((entry) => [entry.slice(entry.indexOf('#') + 1), entry]),
  );
  for (const entry of exportsOf(file)) {
    const origin = imported.get(entry.slice(module.length + 1));
    if (origin) passedOn.set(entry, origin);
  }
}

/** The exports a module uses itself, below their declaration. */
function usedInside(file: string): string[] {
  const counts = new Map<string, number>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) counts.set(node.text, (counts.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, visit);
  };
  visit(sourceOf(file));
  return exportsOf(file).filter((entry) => (counts.get(entry.split('#')[1] ?? '') ?? 0) > 1);
}

function exportsUsedBy(side: Side): Set<string> {
  const programs: readonly Program[] = SIDES[side];
  const shared = new Set(programs.flatMap((program) => [...usedBy[program]]));
  const files = [
    ...programs.flatMap((program) => codeFiles(path.join(ROOT, PROGRAMS[program]))),
    ...shared,
  ];
  const used = new Set<string>([...shared].flatMap(usedInside));
  for (const entry of files.flatMap(namedImports)) {
    for (let name: string | undefined = entry; name; name = passedOn.get(name)) used.add(name);
  }
  return used;
}

const exportsUsed = { browser: exportsUsedBy('browser'), server: exportsUsedBy('server') };
const sharedExports = codeFiles(SHARED).flatMap(exportsOf);

describe('src/shared exports only what both sides use', () => {
  it('finds the exports and what each side uses of them', () => {
    expect(sharedExports.length).toBeGreaterThan(0);
    for (const side of Object.keys(SIDES) as Side[]) {
      expect(exportsUsed[side].size, side).toBeGreaterThan(0);
    }
  });

  it.each(sharedExports)('%s is used by the browser and the server', (entry) => {
    const users = (Object.keys(SIDES) as Side[]).filter((side) => exportsUsed[side].has(entry));
    if (ONE_SIDED.has(entry) || awaiting(entry)) return;
    expect(
      users.length,
      `${entry} is used by ${users.join(' and ') || 'neither side'} only: move it beside its user, or list it in ONE_SIDED_BY_REASON with the reason it stays`,
    ).toBe(2);
  });

  it.each(Object.entries(AWAITING_SECOND_PROGRAM))('%s awaits its second program: %s', (module) => {
    expect(sharedModules).toContain(module);
    const users = (Object.keys(PROGRAMS) as Program[]).filter((program) =>
      usedBy[program].has(path.join(ROOT, module)),
    );
    expect(users, `${module} is used by ${users.join(' and ')}: take it off the list`).toHaveLength(
      1,
    );
  });

  it.each([...ONE_SIDED])('%s stays, listed: %s', (entry) => {
    expect(sharedExports).toContain(entry);
    const users = (Object.keys(SIDES) as Side[]).filter((side) => exportsUsed[side].has(entry));
    expect(users.length, `${entry} is used by both sides now: take it off the list`).toBeLessThan(
      2,
    );
  });
});
