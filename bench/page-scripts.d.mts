// Types of page-scripts.mjs (plain ESM, which the bench loads with plain node).

/** Every script element of `html`, in order, and whether the browser runs it. */
export declare function scriptElements(html: string): { element: string; runs: boolean }[];
