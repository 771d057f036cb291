// Types of ports.mjs (plain ESM, so that the bench and the image check load it with plain node).

/** Resolves true once a connection to 127.0.0.1:`port` opens, false when it is refused. */
export declare function portOpen(port: number): Promise<boolean>;

/**
 * A port of 127.0.0.1 that was free a moment ago, below the range the system picks ports from,
 * for a child process to listen on or for nothing to listen on.
 */
export declare function freePort(): Promise<number>;
