import type { Plugin } from 'vite';

export declare const WEB_DIR: string;
export declare const BUDGET: {
  js: number;
  css: number;
  scripts: number;
  embed: number;
  languages: number;
};
export declare const BEFORE_LANGUAGES: number;
export interface FirstLoad {
  page: string;
  requests: number;
  scripts: number;
  html: number;
  css: number;
  total: number;
}
export declare function firstLoads(dir?: string): Promise<FirstLoad[]>;
export declare function overBudget(loads: FirstLoad[]): string[];
export declare function initialChunks(): Plugin;
export declare function fetched(dir?: string): Promise<{
  load: string[];
  firstInput: string[];
  html: string;
  pages: string[];
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
