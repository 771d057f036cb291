// After the server build: the packages dist/server loads from node_modules at run time must be
// exactly package.json's `dependencies`, the only packages a production install
// (`npm ci --omit=dev`) brings (docs/decisions/012). Everything else is inlined in the bundle
// (vite.server.config.ts), so it belongs in devDependencies. Fails the build when the bundle
// loads a package that is not a dependency (the production install would break at run time,
// perhaps only once Redis or S3 is configured), when a dependency is loaded by nothing (it
// would be installed on every host for nothing), or when a module name is computed at run time
// (nothing can tell what it loads). `node scripts/server-imports.mjs [dist/server]`.
import { readdir, readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { parseAst } from 'vite';

const BUILTIN = new Set(builtinModules);

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const literal = (node) => {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0)
    return node.quasis[0].value.cooked;
  return null;
};

/** `require`, `__require` (the bundler's createRequire) and their `.resolve`. */
const requireCall = (callee) => {
  const name =
    callee.type === 'Identifier'
      ? callee.name
      : callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.property.type === 'Identifier' &&
          callee.property.name === 'resolve'
        ? callee.object.name
        : null;
  return name === 'require' || name === '__require';
};

/**
 * Every module the built files in `dir` load: static and dynamic imports, re-exports and
 * require calls, read from each file's syntax tree (so code that only writes `require(…)` into
 * a string, as fast-json-stringify's code generator does, is not counted).
 * @returns {Promise<{ packages: Map<string, Set<string>>, computed: string[] }>} bare packages
 *   (not Node's own modules, not relative files) with the files loading them, and the places
 *   where a module name is computed.
 */
export async function serverImports(dir) {
  const packages = new Map();
  const computed = [];
  const files = (await readdir(dir)).filter((file) => file.endsWith('.js')).sort();
  for (const file of files) {
    const source = await readFile(path.join(dir, file), 'utf8');
    const found = (specifier, node) => {
      if (specifier === null) {
        computed.push(`${file}: ${source.slice(node.start, node.start + 60)}`);
        return;
      }
      if (specifier.startsWith('.') || specifier.startsWith('/')) return;
      if (specifier.startsWith('node:') || BUILTIN.has(specifier)) return;
      const name = packageName(specifier);
      if (!packages.has(name)) packages.set(name, new Set());
      packages.get(name).add(file);
    };
    const visit = (node) => {
      if (Array.isArray(node)) {
        for (const child of node) visit(child);
        return;
      }
      if (!node || typeof node !== 'object') return;
      if (
        (node.type === 'ImportDeclaration' ||
          node.type === 'ExportAllDeclaration' ||
          node.type === 'ExportNamedDeclaration') &&
        node.source
      )
        found(literal(node.source), node);
      else if (node.type === 'ImportExpression') found(literal(node.source), node);
      else if (node.type === 'CallExpression' && requireCall(node.callee))
        found(literal(node.arguments[0]), node);
      for (const key in node) if (key !== 'type') visit(node[key]);
    };
    visit(parseAst(source));
  }
  return { packages, computed };
}

/** The problems, one line each; none when the bundle loads exactly `dependencies`. */
export async function checkServerImports(dir, packageJson) {
  const { packages, computed } = await serverImports(dir);
  const dependencies = new Set(Object.keys(packageJson.dependencies ?? {}));
  const problems = [];
  for (const [name, files] of packages)
    if (!dependencies.has(name))
      problems.push(
        `${name} is loaded by ${[...files].join(', ')} but is not in package.json's dependencies: ` +
          '`npm ci --omit=dev` would not install it (move it there, or let the bundle inline it)',
      );
  for (const name of dependencies)
    if (!packages.has(name))
      problems.push(
        `${name} is in package.json's dependencies but dist/server never loads it: ` +
          'the bundle inlines it, so it belongs in devDependencies',
      );
  for (const place of computed)
    problems.push(`a module name computed at run time, so nobody can tell what it loads: ${place}`);
  return { packages: [...packages.keys()].sort(), problems };
}

if (process.argv[1] === import.meta.filename) {
  const root = path.resolve(import.meta.dirname, '..');
  const dir = path.resolve(process.argv[2] ?? path.join(root, 'dist/server'));
  const packageJson = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  const { packages, problems } = await checkServerImports(dir, packageJson);
  for (const problem of problems) console.error(`server-imports: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log(`dist/server loads from node_modules: ${packages.join(', ')} (= dependencies)`);
}
