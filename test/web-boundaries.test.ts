// The lint rules that keep src/web's folders apart (biome.json, src/web/README.md), seen to fail:
// the project's own biome.json runs on a few small files in a temporary copy of the layout, and
// each import is refused, or let through, with the rule's own message.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');

const ENTRY =
  'A folder of src/web is imported only through its public entry, index.ts (src/web/README.md).';
const START =
  'Nothing imports start/: it is where the page starts, and it imports the rest (src/web/start/README.md).';
const CYCLE = 'This import is part of a cycle.';
const SERVER =
  'src/web never imports src/server: what both need belongs in src/shared (README.md, Layout).';

/** The files of the probe, by path under src/web. */
const FILES: Record<string, string> = {
  'steps/index.ts': "export { PersonalStep } from './PersonalStep.ts';\n",
  'steps/PersonalStep.ts': 'export const PersonalStep = 1;\n',
  'start/Root.ts': 'export const Root = 1;\n',
  'wizard/reach-in.ts':
    "import { PersonalStep } from '../steps/PersonalStep.ts';\n\nexport const a = PersonalStep;\n",
  'wizard/type-reach-in.ts':
    "import type { PersonalStep } from '../steps/PersonalStep.ts';\n\nexport type A = typeof PersonalStep;\n",
  'wizard/lazy-reach-in.ts': "export const load = () => import('../steps/PersonalStep.ts');\n",
  'wizard/through-entry.ts':
    "import { PersonalStep } from '../steps/index.ts';\n\nexport const a = PersonalStep;\n",
  'wizard/shared.ts': "import { X } from '../../shared/x.ts';\n\nexport const a = X;\n",
  'wizard/start.ts': "import { Root } from '../start/Root.ts';\n\nexport const a = Root;\n",
  'App.ts':
    "import { PersonalStep } from './steps/PersonalStep.ts';\n\nexport const a = PersonalStep;\n",
  'Shell.ts':
    "import { PersonalStep } from './steps/index.ts';\n\nexport const a = PersonalStep;\n",
  'fields/a.ts': "import type { B } from './b.ts';\n\nexport type A = B | 1;\n",
  'fields/b.ts': "import type { A } from './a.ts';\n\nexport type B = A | 2;\n",
  'wizard/reach-in.test.ts':
    "import { PersonalStep } from '../steps/PersonalStep.ts';\n\nexport const a = PersonalStep;\n",
  'wizard/server.ts': "import { S } from '../../server/s.ts';\n\nexport const a = S;\n",
  'Server.ts': "import { S } from '../server/s.ts';\n\nexport const a = S;\n",
  'wizard/server.test.ts': "import { S } from '../../server/s.ts';\n\nexport const a = S;\n",
};

interface Diagnostic {
  message: string;
  category: string;
  location: { path: string };
}

let dir: string;
let found: Diagnostic[];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'web-boundaries-'));
  const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
  const { $schema: _schema, ...rest } = config;
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify({ ...rest, vcs: { enabled: false } }));
  for (const [file, text] of Object.entries({
    ...FILES,
    '../shared/x.ts': 'export const X = 1;\n',
    '../server/s.ts': 'export const S = 1;\n',
  })) {
    const target = path.join(dir, 'src/web', file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  // Biome exits 1 when it finds something: the report is on stdout either way.
  let report: string;
  try {
    report = execFileSync(BIOME, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    report = (error as { stdout: string }).stdout;
  }
  found = (JSON.parse(report) as { diagnostics: Diagnostic[] }).diagnostics;
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What the lint says of one file: its messages, sorted. */
const messagesOf = (file: string) =>
  found
    .filter((diagnostic) => diagnostic.location.path === `src/web/${file}`)
    .map((diagnostic) => diagnostic.message)
    .sort();

describe('src/web folders meet only at their public entries, and nothing forms a cycle', () => {
  it.each<[string, string, string[]]>([
    ['a folder importing inside another', 'wizard/reach-in.ts', [ENTRY]],
    ['the same, for a type', 'wizard/type-reach-in.ts', [ENTRY]],
    ['the same, for code loaded on demand', 'wizard/lazy-reach-in.ts', [ENTRY]],
    ['a folder importing start/', 'wizard/start.ts', [ENTRY, START]],
    ['a file of src/web itself importing inside a folder', 'App.ts', [ENTRY]],
    ['two files importing each other, if only for types', 'fields/a.ts', [CYCLE]],
    ['the other of the two', 'fields/b.ts', [CYCLE]],
    ['a folder importing through the entry', 'wizard/through-entry.ts', []],
    ['a file of src/web itself importing through the entry', 'Shell.ts', []],
    ['a folder importing src/shared', 'wizard/shared.ts', []],
    ['a test, which may look inside what it tests', 'wizard/reach-in.test.ts', []],
    ['a folder importing src/server', 'wizard/server.ts', [SERVER]],
    ['a file of src/web itself importing src/server', 'Server.ts', [SERVER]],
    ['a test importing src/server', 'wizard/server.test.ts', [SERVER]],
  ])('%s: %s', (_case, file, messages) => {
    expect(messagesOf(file)).toEqual(messages.sort());
  });
});
