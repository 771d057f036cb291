import type { Plugin } from 'vite';

export declare const WEB_DIR: string;
export declare const BUDGET: { js: number; css: number; scripts: number; embed: number };
export declare function initialChunks(): Plugin;
export declare function fetched(dir?: string): Promise<{
  load: string[];
  firstInput: string[];
  html: string;
  css: string[];
  embed: string;
  lazy: string[];
}>;
export declare const gzipSize: (bytes: Uint8Array | string) => number;
export interface Weight {
  raw: number;
  gzip: number;
  brotli: number;
}
export declare function weigh(
  files: string[],
  dir?: string,
): Promise<Weight & { files: (Weight & { file: string })[] }>;
