// embed.js (src/embed/embed.ts), built on its own: one small classic script, no chunks, no
// imports, unhashed, since job boards link to it by name (docs/embedding.md).
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/web',
    emptyOutDir: false,
    target: 'es2020',
    lib: {
      entry: 'src/embed/embed.ts',
      formats: ['iife'],
      name: 'ResumeRegistrationEmbed',
      fileName: () => 'embed.js',
    },
  },
});
