export declare const packageName: (specifier: string) => string;
export declare function serverImports(
  dir: string,
): Promise<{ packages: Map<string, Set<string>>; computed: string[] }>;
export declare function checkServerImports(
  dir: string,
  packageJson: { dependencies?: Record<string, string> },
): Promise<{ packages: string[]; problems: string[] }>;
