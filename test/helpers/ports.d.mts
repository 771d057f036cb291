// Types of ports.mjs (plain ESM, so that the bench and the image check load it with plain node).

/** Resolves true once a connection to 127.0.0.1:`port` opens, false when it is refused. */
export declare function portOpen(port: number): Promise<boolean>;
