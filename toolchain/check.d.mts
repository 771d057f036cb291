export declare function parseMinimum(range: string): number[];
export declare function atLeast(version: string, minimum: number[]): boolean;
export declare function runtimeProblem(situation: {
  found: string;
  needed: string;
  pinned: string;
  installed: 'none' | 'no-runtime' | 'runtime';
  platform: string;
}): string | null;
export interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  optional?: boolean;
  devOptional?: boolean;
  link?: boolean;
  hasInstallScript?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  engines?: { node?: string };
  optionalDependencies?: Record<string, string>;
}
export interface MissingPackage {
  key: string;
  name: string;
  version: string;
  resolved: string | undefined;
  integrity: string | undefined;
  engines: string;
  installScript: boolean;
}
export declare function missingOptionalPackages(
  lock: { packages?: Record<string, LockEntry> },
  machine: {
    platform: { os: string; cpu: string; libc: string | undefined };
    satisfies: (range: string) => boolean;
    onDisk: (key: string) => boolean;
  },
): MissingPackage[];
export declare const PLACE: RegExp;
export declare function isPlace(key: string): boolean;
