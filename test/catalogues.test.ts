// The message catalogues (src/locales, docs/languages.md): the PO files in step with the code, every
// Spanish entry written, the compiled modules in step with the PO files, and the English the
// specification's text. `lingui check` and `lingui compile` give Lingui's own verdict.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as compiledEnglish } from '../src/locales/en/messages.ts';
import { messages as compiledSpanish } from '../src/locales/es/messages.ts';
import {
  CHECK_MESSAGES,
  CHECK_TEXTS,
  RESUME_GONE_TEXT,
  UPLOAD_ERROR_TEXTS,
  UPLOAD_ERRORS,
} from '../src/shared/messages.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const LINGUI = path.join(ROOT, 'node_modules/@lingui/cli/dist/lingui.js');
const run = promisify(execFile);

/** `lingui <args>` with `config`: whether it passed, and what it printed. */
async function lingui(args: string[], config = path.join(ROOT, 'lingui.config.ts')) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [LINGUI, ...args, '--config', config, '--verbose'],
      { cwd: ROOT },
    );
    return { passed: true, output: stdout + stderr };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { passed: false, output: stdout + stderr };
  }
}

/** A copy of the catalogues in a directory of their own, with a Lingui config for it. */
let dir: string;
let config: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'catalogues-'));
  config = path.join(dir, 'lingui.config.mjs');
  await writeFile(
    config,
    `export default ${JSON.stringify({
      rootDir: dir,
      sourceLocale: 'en',
      locales: ['en', 'es'],
      compileNamespace: 'es',
      catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'] }],
    })};\n`,
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The catalogues copied, the Spanish PO file changed by `edit`. */
async function copyCatalogues(edit: (po: string) => string = (po) => po) {
  await rm(path.join(dir, 'locales'), { recursive: true, force: true });
  await cp(path.join(ROOT, 'src/locales'), path.join(dir, 'locales'), { recursive: true });
  const spanish = path.join(dir, 'locales/es/messages.po');
  await writeFile(spanish, edit(await readFile(spanish, 'utf8')));
}

describe('the catalogues', () => {
  it('hold exactly what `lingui extract` finds in the code', async () => {
    const { passed, output } = await lingui(['check', 'sync']);
    expect(output).toContain('PASS sync');
    expect(passed).toBe(true);
  });

  it('have every Spanish entry written (none missing, none empty)', async () => {
    const { passed, output } = await lingui(['check', 'missing']);
    expect(output).toContain('PASS missing');
    expect(passed).toBe(true);
  });

  it('are compiled into src/locales/<locale>/messages.ts as the PO files now say', async () => {
    await copyCatalogues();
    const { passed, output } = await lingui(['compile', '--strict'], config);
    expect(output).toContain('Done');
    expect(passed).toBe(true);
    const fresh = async (locale: string) =>
      (await import(pathToFileURL(path.join(dir, 'locales', locale, 'messages.js')).href)).messages;
    expect(compiledEnglish).toEqual(await fresh('en'));
    expect(compiledSpanish).toEqual(await fresh('es'));
    expect(Object.keys(compiledSpanish).sort()).toEqual(Object.keys(compiledEnglish).sort());
  });

  it('hold every message written by hand in the code (a missed one would show its id)', async () => {
    const { stdout } = await run('git', ['ls-files', 'src/*.ts', 'src/*.tsx'], { cwd: ROOT });
    const files = stdout.split('\n').filter((file) => file && !/\.test\.tsx?$/.test(file));
    const ids: string[] = [];
    for (const file of files) {
      const code = await readFile(path.join(ROOT, file), 'utf8');
      for (const match of code.matchAll(/\/\*i18n\*\/\s*\(?\{\s*id:\s*'([^']+)'/g)) {
        ids.push(match[1] as string);
      }
    }
    expect(ids.length).toBeGreaterThan(50);
    expect(ids.filter((id) => !(id in compiledEnglish))).toEqual([]);
    expect(ids.filter((id) => !(id in compiledSpanish))).toEqual([]);
  });

  it('give the English of each server message as the code writes it', () => {
    for (const descriptor of [
      ...Object.values(CHECK_TEXTS),
      ...Object.values(UPLOAD_ERROR_TEXTS),
      RESUME_GONE_TEXT,
    ]) {
      expect(compiledEnglish[descriptor.id]).toEqual([descriptor.message]);
    }
  });
});

describe('the check catches a Spanish entry that is', () => {
  it('left empty', async () => {
    await copyCatalogues((po) => po.replace('msgstr "Correo electrónico no válido"', 'msgstr ""'));
    const { passed, output } = await lingui(['check', 'missing'], config);
    expect(passed).toBe(false);
    expect(output).toContain('check.email');
  });

  it('missing', async () => {
    await copyCatalogues((po) =>
      po.replace(
        /\n#\. js-lingui-explicit-id\n#: [^\n]+\nmsgid "upload\.empty"\nmsgstr "[^"]*"\n/,
        '\n',
      ),
    );
    const { passed, output } = await lingui(['check', 'missing'], config);
    expect(passed).toBe(false);
    expect(output).toContain('upload.empty');
  });
});

describe('the English answers stay the specification’s', () => {
  it.each([
    [CHECK_MESSAGES.email, 'Invalid email address'],
    [CHECK_MESSAGES.resumeContent, 'Invalid resume content'],
    [CHECK_MESSAGES.resumeUrl, 'Invalid resume URL format'],
    [CHECK_MESSAGES.resumeMissing, 'Either a resume file or resume URL must be provided'],
    [CHECK_MESSAGES.required, 'Missing required fields'],
    [UPLOAD_ERRORS.noFile, 'No file was uploaded'],
    [UPLOAD_ERRORS.empty, 'The selected file is empty'],
    [UPLOAD_ERRORS.tooLarge, 'File is too large. The maximum size is 5MB.'],
    [UPLOAD_ERRORS.type, 'Please upload a PDF, DOC, DOCX, TXT, or RTF file'],
    [
      UPLOAD_ERRORS.contentMismatch,
      'The file content does not match its type. Please upload a real PDF, DOC, DOCX, TXT, or RTF file.',
    ],
    [UPLOAD_ERRORS.malformed, 'The upload could not be read. Please try again.'],
    [UPLOAD_ERRORS.storage, 'The file could not be stored. Please try again.'],
  ])('%j', (text, spec) => {
    expect(text).toBe(spec);
  });
});
