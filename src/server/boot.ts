// The process's entry, built as dist/server/main.js (vite.server.config.ts): turns on Node's
// compile cache where the runtime has one, then starts the server (main.ts). The cache must be
// on before the server's code is parsed, hence the dynamic import.
import module from 'node:module';

/** Node ≥ 22.1 has enableCompileCache, ≥ 22.10 flushCompileCache; Node 20 has neither. */
const cache = module as {
  enableCompileCache?: () => unknown;
  flushCompileCache?: () => void;
};

// V8's compiled code of the server is kept in the operating system's temporary directory
// (or NODE_COMPILE_CACHE): later starts skip most of the parsing. Where that directory cannot
// be written, Node carries on without the cache.
cache.enableCompileCache?.();
await import('./main.ts');
// Written now, not at exit: a server stopped with SIGKILL would never write it.
cache.flushCompileCache?.();
