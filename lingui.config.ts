// Lingui (docs/languages.md): the message catalogues, one PO file per language under src/locales, for
// translators; `npm run i18n` extracts the messages from the code into them and compiles each
// into src/locales/<locale>/messages.ts, the form the code loads (test/catalogues.test.ts keeps
// all three in step). Messages have explicit ids: docs/decisions/017.
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/node_modules/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'es',
});
