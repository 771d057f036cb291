// The process's entry, built as dist/server/main.js (vite.server.config.ts): turns on Node's
// compile cache where the runtime has one and stack traces that name our source files, then
// starts the server (main.ts). Both must be on before the server's code is loaded, hence the
// dynamic import.
import module from 'node:module';

/**
 * Node ≥ 22.1 has enableCompileCache, ≥ 22.10 flushCompileCache, ≥ 22.14 setSourceMapsSupport:
 * package.json's engines (≥ 22.19) guarantee all three. They stay optional for a runtime that
 * ignores engines (e.g. Node 20).
 */
const node = module as {
  enableCompileCache?: () => unknown;
  flushCompileCache?: () => void;
  setSourceMapsSupport?: (enabled: boolean) => void;
};

// V8's compiled code of the server is kept in the operating system's temporary directory
// (or NODE_COMPILE_CACHE): later starts skip most of the parsing. Where that directory cannot
// be written, Node carries on without the cache.
node.enableCompileCache?.();
// A logged stack names src/server/….ts:line, not a column of a hashed chunk's 20,000-character
// line: Node maps each frame of the bundle through the .map files beside it, which cover our
// own code (vite.server.config.ts). Mapping costs when a stack is read, never when an error is
// thrown (BENCHMARKS.md, "Readable stacks"). Older runtimes have the same switch on process.
if (node.setSourceMapsSupport) node.setSourceMapsSupport(true);
else process.setSourceMapsEnabled(true);
// Ten frames, V8's default, are all spent inside the AWS SDK when a bucket fails: our frames
// that called it come after. An operator's own --stack-trace-limit, if higher, stands.
Error.stackTraceLimit = Math.max(Error.stackTraceLimit, 30);
await import('./main.ts');
// Written now, not at exit: a server stopped with SIGKILL would never write it.
node.flushCompileCache?.();
