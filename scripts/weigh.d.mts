export declare const WEB_DIR: string;
export declare function fetchedScripts(
  dir?: string,
): Promise<{ all: string[]; load: string[]; firstInput: string[] }>;
export declare function measure(
  file: string,
  dir?: string,
): Promise<{ file: string; raw: number; gzip: number; brotli: number }>;
