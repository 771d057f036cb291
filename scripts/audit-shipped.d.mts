// Types of audit-shipped.mjs (plain ESM, run by plain node).

export interface Shipped {
  name: string;
  version: string;
}

export interface Finding {
  name: string;
  version: string;
  /** The advisory's id as the registry gives it. */
  id: string;
  /** Lower case; 'unknown' when the advisory names none. */
  severity: string;
  title: string;
  url: string;
  /** The advisory's vulnerable_versions ('*' when it names none). */
  range: string;
}

export declare const LICENCE_FILES: string[];
export declare const SEVERITIES: string[];
export declare function packagesFromLicences(markdown: string): Shipped[];
export declare function lockfilePackages(lockfile: unknown, options?: { dev?: boolean }): Shipped[];
export declare function bulkRequest(packages: Shipped[]): Record<string, string[]>;
export declare class NotAdvisories extends Error {}
export declare function findingsOf(request: Record<string, string[]>, answer: unknown): Finding[];
export declare function fails(finding: Finding): boolean;
export declare function describeFinding(finding: Finding): string;
