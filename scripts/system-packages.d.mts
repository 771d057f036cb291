export interface SystemProgram {
  path: string;
  pkg: string;
  tests: ('unit' | 'browsers')[];
  recommends?: false;
}
export declare const SYSTEM_PROGRAMS: SystemProgram[];
export declare function installCommand(packages: string[], options: { sudo: boolean }): string;
export type SystemPlan =
  | { action: 'none' }
  | { action: 'install'; packages: string[] }
  | { action: 'stop'; line: string };
export declare function systemPlan(
  missing: SystemProgram[],
  machine: { root: boolean; apt: boolean },
): SystemPlan;
