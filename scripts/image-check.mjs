// npm run check:image: performs the Dockerfile without a container runtime (these machines
// cannot run containers) and proves over real HTTP that the image it describes serves.
//
// It reads the Dockerfile and carries out each instruction; one it does not know fails the
// check, so the Dockerfile cannot grow a step this check silently skips.
// - FROM node:<major>… [AS name]: a fresh, empty directory is the stage's root ("/" in the
//   stage). The base image itself is not fetched: its Node is this machine's, whose major must
//   be the tag's, and the host's /bin/sh runs RUN.
// - WORKDIR, ENV, USER, EXPOSE, VOLUME, HEALTHCHECK, CMD: recorded as the image would.
// - COPY [--from=stage] [--chown=user:group] src… dest: from the build context (the working tree
//   as .dockerignore filters it, uncommitted changes included, as `docker build .` sends it) or
//   from an earlier stage's root; owned by root unless --chown, file modes kept.
// - RUN (shell or exec form): `sh -c` in the stage's WORKDIR, with the stage's ENV; absolute paths are
//   refused, as they would leave the stage's root. npm installs run --prefer-offline.
// The image's `node` user is this machine's unprivileged uid/gid 65534 (nobody), root is root;
// as the image's paths live under the stage's root, an ENV value that is an absolute path is
// read there. Then it starts the last stage's CMD as that user in a clean environment (the
// image's ENV, a free PORT, a provider stand-in) and proves the HEALTHCHECK, /readyz, an upload,
// a registration, read-only code, the refusal without a provider, SIGTERM, and the same image
// on S3 (the S3 stand-in) and Redis (redis-server) storage and limits.
//
// It cannot prove what only a container runtime and the base image do: the node:24-slim files,
// Docker's own volume and user handling, HEALTHCHECK scheduling. Needs root (CI is) to act as
// two users, and Node of the FROM tag's major (.nvmrc); IMAGE_CHECK=skip skips it knowingly.
// `--keep` leaves the stages' directories for a look.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  cpSync,
  existsSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { portOpen as isOpen } from '../test/helpers/ports.mjs';
import { REGISTER_PATH, startStandIn } from '../test/helpers/provider-stand-in.mjs';
import { S3_STAND_IN_CREDENTIALS, startS3StandIn } from '../test/helpers/s3-stand-in.mjs';
import { checkServerImports } from './server-imports.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const APP_ID = 65534;
const USERS = { root: 0, node: APP_ID };
const KEEP = process.argv.includes('--keep');
/** Each RUN; the whole check. Nothing waits longer. */
const RUN_LIMIT_MS = 10 * 60_000;
const CHECK_LIMIT_MS = 15 * 60_000;
const PROVIDER_USER = 'image-check';
const PROVIDER_KEY = 'image-check-key';

// From the process's start, imports included.
const startedAt = Date.now() - process.uptime() * 1000;
let steps = 0;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const say = (line) => console.log(`[image-check] ${line}`);

class Refused extends Error {}
const refuse = (message) => {
  throw new Refused(message);
};

/** Runs one named step, printing a line with its time; any throw fails the check. */
async function step(name, action) {
  const started = Date.now();
  let detail;
  try {
    detail = await action();
  } catch (error) {
    say(`FAIL ${name} (${seconds(Date.now() - started)})`);
    throw error;
  }
  steps++;
  say(`ok   ${name}${detail ? `: ${detail}` : ''} (${seconds(Date.now() - started)})`);
  return detail;
}

// ---- cleanup: temporary directories and child processes, however the check ends -----------
const children = new Set();
const cleanups = [];
let work = null;
function cleanUp() {
  for (const child of children) killGroup(child);
  if (work && !KEEP) rmSync(work, { recursive: true, force: true });
  work = null;
}
function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    say(`interrupted by ${signal}`);
    process.exit(130);
  });
setTimeout(() => {
  say(`FAILED: the check took longer than ${seconds(CHECK_LIMIT_MS)}`);
  process.exit(1);
}, CHECK_LIMIT_MS).unref();

/**
 * Spawns a command in its own process group, bounded by `timeoutMs`; resolves with its exit
 * code, signal and output (kept to the last 64 KB).
 */
function run(command, args, { cwd, env, timeoutMs, uid } = {}) {
  const [file, argv] =
    uid !== undefined && uid !== process.getuid()
      ? ['setpriv', [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--', command, ...args]]
      : [command, args];
  const child = spawn(file, argv, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-65_536);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const timer = setTimeout(() => killGroup(child), timeoutMs ?? 60_000);
  const done = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ code, signal, output });
    });
  });
  return { child, done, output: () => output };
}

const tail = (text, lines = 25) => text.trim().split('\n').slice(-lines).join('\n');

// ---- the Dockerfile -------------------------------------------------------------------------

/** Instructions as [keyword, rest], continuations joined, comments and blank lines dropped. */
function parseDockerfile(text) {
  if (/^#\s*escape\s*=/im.test(text)) refuse('the escape parser directive is not understood');
  const instructions = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (/^\s*#/.test(line) || (line.trim() === '' && pending === '')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    if (whole === '') continue;
    const match = /^(\S+)\s*(.*)$/s.exec(whole);
    instructions.push([match[1].toUpperCase(), match[2].trim()]);
  }
  if (pending) refuse('the Dockerfile ends inside a continued line');
  return instructions;
}

/** `--name=value` flags at the start of `rest`, then what follows. */
function flags(rest, known) {
  const found = {};
  let remaining = rest;
  for (;;) {
    const match = /^--([a-z-]+)=(\S+)\s+/.exec(remaining);
    if (!match) break;
    if (!known.includes(match[1])) refuse(`the flag --${match[1]} is not understood`);
    found[match[1]] = match[2];
    remaining = remaining.slice(match[0].length);
  }
  if (/^--/.test(remaining)) refuse(`a flag is not understood: ${remaining.split(/\s/)[0]}`);
  return [found, remaining];
}

/** JSON exec form, or null for shell form. */
function execForm(text) {
  if (!text.startsWith('[')) return null;
  const array = JSON.parse(text);
  if (!Array.isArray(array) || array.some((item) => typeof item !== 'string'))
    refuse(`not an exec form: ${text}`);
  return array;
}

/** No Docker variable substitution here: a `$` would mean something this check does not do. */
function noVariables(keyword, text) {
  if (text.includes('$')) refuse(`${keyword} with a variable is not understood: ${text}`);
}

/** ENV k=v k2="v 2" (the legacy `ENV k v` form is refused). */
function parseEnv(text) {
  noVariables('ENV', text);
  const env = {};
  const pattern = /([A-Za-z_][A-Za-z0-9_]*)=("([^"\\]*)"|'([^']*)'|(\S*))\s*/y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) refuse(`ENV is understood only as key=value pairs: ${text}`);
    env[match[1]] = match[3] ?? match[4] ?? match[5];
    at = pattern.lastIndex;
  }
  return env;
}

function userId(name) {
  const id = USERS[name];
  if (id === undefined) refuse(`USER ${name}: only root and node are known`);
  return id;
}

/** `user:group` as this machine's ids (`node` → 65534). */
function owner(spec) {
  const [user, group = user] = spec.split(':');
  return { uid: userId(user), gid: userId(group) };
}

// ---- the build context: the working tree as .dockerignore filters it ------------------------

function ignorePatterns(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const pattern = path.posix
        .normalize(negated ? line.slice(1) : line)
        .replace(/^\/+/, '')
        .replace(/\/+$/, '');
      if (/[[\]\\]/.test(pattern)) refuse(`.dockerignore: ${line} is not understood`);
      return { negated, parts: pattern.split('/'), regex: patternRegex(pattern) };
    });
}

/** Docker's matching: `*` and `?` within one path segment, `**` across any number of them. */
function patternRegex(pattern) {
  const parts = pattern.split('/');
  let source = '';
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    if (part === '**') {
      source += last ? '.*' : '(?:[^/]*/)*';
      return;
    }
    source += part
      .replace(/[.+^${}()|]/g, '\\$&')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]');
    if (!last) source += '/';
  });
  return new RegExp(`^${source}$`);
}

/** As Docker decides: the last pattern matching the path or one of its parents wins. */
function excluded(relative, patterns) {
  const parts = relative.split('/');
  const candidates = parts.map((_, index) => parts.slice(0, index + 1).join('/'));
  let out = false;
  for (const { negated, regex } of patterns)
    if (candidates.some((candidate) => regex.test(candidate))) out = !negated;
  return out;
}

/** Whether a `!` pattern could take back something under the excluded directory `relative`. */
function reincludesBelow(relative, patterns) {
  const dirParts = relative.split('/');
  return patterns.some(({ negated, parts }) => {
    if (!negated) return false;
    for (let index = 0; index < dirParts.length; index++) {
      if (parts[index] === '**') return true;
      if (index >= parts.length - 1) return false;
      if (!patternRegex(parts[index]).test(dirParts[index])) return false;
    }
    return true;
  });
}

/** Copies the context into `dest`; returns how many files it holds. */
function buildContext(dest) {
  const patterns = existsSync(path.join(ROOT, '.dockerignore'))
    ? ignorePatterns(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8'))
    : [];
  let files = 0;
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(ROOT, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      const out = excluded(child, patterns);
      if (entry.isDirectory()) {
        if (!out || reincludesBelow(child, patterns)) walk(child);
      } else if (!out) {
        mkdirSync(path.dirname(path.join(dest, child)), { recursive: true });
        cpSync(path.join(ROOT, child), path.join(dest, child), { verbatimSymlinks: true });
        files++;
      }
    }
  };
  walk('');
  return files;
}

// ---- stages ---------------------------------------------------------------------------------

/** The host path of an absolute path inside a stage's root. */
const inRoot = (root, imagePath) => path.join(root, path.posix.resolve('/', imagePath));

function chownTree(target, { uid, gid }) {
  lchownSync(target, uid, gid);
  if (lstatSync(target).isDirectory())
    for (const entry of readdirSync(target)) chownTree(path.join(target, entry), { uid, gid });
}

/** COPY's rules: a directory's contents go into dest; a file goes into dest/ or becomes dest. */
function copy(source, dest, ownership) {
  const sourceIsDir = statSync(source).isDirectory();
  if (sourceIsDir) {
    const created = !existsSync(dest);
    mkdirSync(dest, { recursive: true });
    for (const entry of readdirSync(source)) {
      cpSync(path.join(source, entry), path.join(dest, entry), {
        recursive: true,
        verbatimSymlinks: true,
      });
      chownTree(path.join(dest, entry), ownership);
    }
    if (created) lchownSync(dest, ownership.uid, ownership.gid);
    return;
  }
  const target =
    dest.endsWith(path.sep) || (existsSync(dest) && statSync(dest).isDirectory())
      ? path.join(dest, path.basename(source))
      : dest;
  mkdirSync(path.dirname(target), { recursive: true });
  cpSync(source, target);
  lchownSync(target, ownership.uid, ownership.gid);
}

/** RUN's environment: this machine's (npm's cache and settings) less npm's script variables. */
function runEnvironment(stageEnv) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')),
  );
  return {
    ...env,
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    ...stageEnv,
  };
}

/**
 * Reads every instruction before anything runs, so that one this check cannot perform fails
 * it at once: [keyword, rest] → a step with what it needs.
 */
function plan(instructions) {
  const names = new Set();
  return instructions.map(([keyword, rest]) => {
    const whole = `${keyword} ${rest}`.replace(/\s+/g, ' ');
    const label = whole.length > 90 ? `${whole.slice(0, 87)}…` : whole;
    const it = { keyword, rest, label };
    switch (keyword) {
      case 'FROM': {
        const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? refuse(`FROM ${rest}`);
        const major = /^node:(\d+)(?:[.-]|$)/.exec(image)?.[1];
        if (!major) refuse(`FROM ${image}: only the official node images are understood`);
        if (major !== process.versions.node.split('.')[0])
          refuse(
            `FROM ${image} runs Node ${major}; this check runs on Node ${process.version}: run it on Node ${major} (.nvmrc), or IMAGE_CHECK=skip`,
          );
        if (name) names.add(name);
        return { ...it, image, name, major };
      }
      case 'WORKDIR':
      case 'USER':
        noVariables(keyword, rest);
        if (keyword === 'USER') userId(rest.split(':')[0]);
        return it;
      case 'ENV':
        return { ...it, env: parseEnv(rest) };
      case 'EXPOSE':
        return { ...it, ports: rest.split(/\s+/) };
      case 'VOLUME':
        noVariables(keyword, rest);
        return { ...it, volumes: execForm(rest) ?? rest.split(/\s+/) };
      case 'CMD': {
        const cmd = execForm(rest);
        if (!cmd) refuse('CMD in shell form: use the exec form, so that node gets SIGTERM');
        return { ...it, cmd };
      }
      case 'HEALTHCHECK': {
        const [options, command] = flags(rest, [
          'interval',
          'timeout',
          'start-period',
          'start-interval',
          'retries',
        ]);
        if (command === 'NONE') return { ...it, healthcheck: null };
        const exec = /^CMD\s+(.*)$/s.exec(command)?.[1];
        const cmd = exec && execForm(exec);
        if (!cmd) refuse(`HEALTHCHECK is understood only with CMD in exec form: ${rest}`);
        const timeout = /^(\d+)s$/.exec(options.timeout ?? '30s')?.[1];
        if (!timeout) refuse('HEALTHCHECK --timeout is understood in whole seconds');
        return { ...it, healthcheck: { cmd, timeoutMs: Number(timeout) * 1000 } };
      }
      case 'COPY': {
        const [options, operands] = flags(rest, ['from', 'chown']);
        noVariables(keyword, operands);
        const sources = execForm(operands) ?? operands.split(/\s+/);
        if (sources.length < 2) refuse(`COPY needs a source and a destination: ${rest}`);
        const dest = sources.pop();
        if (sources.length > 1 && !dest.endsWith('/'))
          refuse(`COPY of several sources needs a destination ending in /: ${rest}`);
        if (sources.some((p) => /[*?[]/.test(p))) refuse(`COPY with a wildcard: ${rest}`);
        if (options.from && !names.has(options.from))
          refuse(`COPY --from=${options.from}: no earlier stage has that name`);
        const ownership = options.chown ? owner(options.chown) : { uid: 0, gid: 0 };
        return { ...it, from: options.from, ownership, sources, dest };
      }
      case 'RUN': {
        if (rest.startsWith('--')) refuse(`RUN with flags is not understood: ${rest}`);
        const exec = execForm(rest);
        const text = exec ? exec.join(' ') : rest;
        if (/(^|[\s=:'"<>|&;(])\/(?!dev\/null\b)/.test(text))
          refuse(`RUN with an absolute path would leave the stage's root here: ${rest}`);
        return { ...it, argv: exec ?? ['sh', '-c', rest] };
      }
      default:
        return refuse(`${keyword} is an instruction this check does not perform`);
    }
  });
}

/** Performs the planned instructions, each stage in a fresh directory under `workDir`. */
async function buildStages(planned, workDir, contextDir) {
  const stages = [];
  let stage = null;
  for (const it of planned) {
    if (it.keyword === 'FROM') {
      const root = path.join(workDir, `stage-${stages.length}${it.name ? `-${it.name}` : ''}`);
      mkdirSync(root, { mode: 0o755 });
      chmodSync(root, 0o755);
      stage = {
        name: it.name,
        root,
        workdir: '/',
        env: {},
        user: 'root',
        volumes: [],
        expose: [],
        healthcheck: null,
        cmd: null,
      };
      stages.push(stage);
      steps++;
      say(
        `---- stage ${stages.length - 1}${it.name ? ` ${it.name}` : ''}: ${it.image}, Node ${it.major} as this machine's ${process.version}`,
      );
      continue;
    }
    if (!stage) refuse(`${it.keyword} before FROM`);
    await step(it.label, async () => {
      switch (it.keyword) {
        case 'WORKDIR':
          stage.workdir = path.posix.resolve(stage.workdir, it.rest);
          mkdirSync(inRoot(stage.root, stage.workdir), { recursive: true });
          return null;
        case 'ENV':
          Object.assign(stage.env, it.env);
          return null;
        case 'USER':
          stage.user = it.rest;
          return null;
        case 'EXPOSE':
          stage.expose.push(...it.ports);
          return null;
        case 'VOLUME':
          stage.volumes.push(...it.volumes.map((v) => path.posix.resolve(stage.workdir, v)));
          return null;
        case 'CMD':
          stage.cmd = it.cmd;
          return null;
        case 'HEALTHCHECK':
          stage.healthcheck = it.healthcheck;
          return null;
        case 'COPY': {
          const from = it.from ? stages.find((s) => s.name === it.from).root : contextDir;
          const destPath =
            inRoot(stage.root, path.posix.resolve(stage.workdir, it.dest)) +
            (it.dest.endsWith('/') ? path.sep : '');
          for (const source of it.sources) {
            const sourcePath = it.from
              ? inRoot(from, source)
              : path.join(from, path.posix.normalize(source));
            if (!sourcePath.startsWith(from) || !existsSync(sourcePath))
              refuse(`COPY: ${source} is not in the ${it.from ? 'stage' : 'build context'}`);
            copy(sourcePath, destPath, it.ownership);
          }
          return null;
        }
        case 'RUN': {
          const { code, signal, output } = await run(it.argv[0], it.argv.slice(1), {
            cwd: inRoot(stage.root, stage.workdir),
            env: runEnvironment(stage.env),
            timeoutMs: RUN_LIMIT_MS,
            uid: USERS[stage.user.split(':')[0]],
          }).done;
          if (code !== 0)
            throw new Error(`${it.label} ended with ${signal ?? code}\n${tail(output)}`);
          return null;
        }
        default:
          return refuse(`${it.keyword} is not performed`);
      }
    });
  }
  return stages;
}

// ---- the running image ------------------------------------------------------------------------

async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/** The container's environment: the image's ENV (absolute paths read in its root) and `extra`. */
function containerEnv(image, extra) {
  const env = {};
  for (const [key, value] of Object.entries(image.env))
    env[key] = value.startsWith('/') ? inRoot(image.root, value) : value;
  return {
    PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: inRoot(image.root, image.user.startsWith('node') ? '/home/node' : '/root'),
    // The image's own /tmp (Node's compile cache goes there).
    TMPDIR: inRoot(image.root, '/tmp'),
    ...env,
    ...extra,
  };
}

/** Exec form with `node` as this machine's Node (of the FROM tag's major, checked). */
function command(cmd) {
  return cmd[0] === 'node' ? [process.execPath, cmd.slice(1)] : [cmd[0], cmd.slice(1)];
}

async function fetchWithin(url, init = {}, timeoutMs = 5_000) {
  return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}

/** Starts the image's CMD; resolves once /healthz answers, or fails with its output. */
async function startImage(image, extra) {
  const [file, args] = command(image.cmd);
  // Each start's metrics on a port of its own, as its PORT.
  const env = containerEnv(image, { METRICS_PORT: String(await freePort()), ...extra });
  const server = run(file, args, {
    cwd: inRoot(image.root, image.workdir),
    env,
    timeoutMs: 5 * 60_000,
    uid: USERS[image.user.split(':')[0]],
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 20_000;
  let exited = null;
  server.done.then((result) => {
    exited = result;
  });
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetchWithin(`${base}/healthz`, {}, 1_000)).ok) return { server, base, env };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  killGroup(server.child);
  throw new Error(
    `the image did not answer /healthz${exited ? ` (it exited ${exited.code ?? exited.signal})` : ' within 20 s'}\n${tail(server.output())}`,
  );
}

async function stopImage({ server }) {
  const started = Date.now();
  process.kill(server.child.pid, 'SIGTERM');
  const { code, signal } = await Promise.race([
    server.done,
    new Promise((resolve) => setTimeout(() => resolve({ code: null, signal: 'timeout' }), 15_000)),
  ]);
  if (code !== 0)
    throw new Error(`after SIGTERM it ended with ${signal ?? code}\n${tail(server.output())}`);
  return `exit 0 in ${Date.now() - started} ms`;
}

async function healthcheck(image, env) {
  const [file, args] = command(image.healthcheck.cmd);
  const { done } = run(file, args, {
    cwd: inRoot(image.root, image.workdir),
    env,
    timeoutMs: image.healthcheck.timeoutMs,
    uid: USERS[image.user.split(':')[0]],
  });
  return done;
}

async function uploadResume(base, bytes) {
  const form = new FormData();
  form.append('filename', 'resume.pdf');
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'resume.pdf');
  const response = await fetchWithin(`${base}/api/upload`, { method: 'POST', body: form });
  const body = await response.json();
  if (response.status !== 200 || !body.success)
    throw new Error(`upload answered ${response.status} ${JSON.stringify(body)}`);
  // The URL is PUBLIC_BASE_URL's; this instance serves the same path.
  const served = await fetchWithin(`${base}${new URL(body.url).pathname}`);
  const back = Buffer.from(await served.arrayBuffer());
  if (served.status !== 200 || !back.equals(bytes))
    throw new Error(
      `${body.url} answered ${served.status} with ${back.length} bytes, not the upload`,
    );
  return body;
}

async function registerCandidate(base, standIn, email, resumeUrl) {
  standIn.clear();
  // As the page does (docs/api.md): a form token, sent no sooner than the least fill time.
  const issued = await fetchWithin(`${base}/api/form-token`);
  const { token, min_fill_ms: minFillMs } = await issued.json();
  if (issued.status !== 200 || typeof token !== 'string')
    throw new Error(`GET /api/form-token answered ${issued.status}`);
  await new Promise((resolve) => setTimeout(resolve, minFillMs + 100));
  const response = await fetchWithin(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      password: 'correct-horse-battery',
      zip_code: '10001',
      resume_url: resumeUrl,
      form_token: token,
    }),
  });
  const body = await response.json();
  if (response.status !== 201)
    throw new Error(`answered ${response.status} ${JSON.stringify(body)}`);
  const reached = standIn.requests.filter((r) => r.path === REGISTER_PATH);
  const auth = `Basic ${Buffer.from(`${PROVIDER_USER}:${PROVIDER_KEY}`).toString('base64')}`;
  if (reached.length !== 1 || reached[0].headers.authorization !== auth)
    throw new Error(
      `the provider stand-in saw ${reached.length} registrations with the wrong credential`,
    );
  if (!JSON.stringify(reached[0].body).includes(email))
    throw new Error('the registration reached the provider without the candidate');
  return 'reached the provider stand-in with the credential';
}

/** Everything in the image outside its volumes is root's and not writable by the app's user. */
function writableByApp(image) {
  const volumes = image.volumes.map((v) => inRoot(image.root, v));
  const found = [];
  const walk = (target) => {
    if (volumes.includes(target)) return;
    const stat = lstatSync(target);
    if (!stat.isSymbolicLink()) {
      const appOwns = stat.uid === APP_ID;
      const groupWrite = stat.gid === APP_ID && stat.mode & 0o020;
      if (appOwns || groupWrite || stat.mode & 0o002) found.push(path.relative(image.root, target));
    }
    if (stat.isDirectory()) for (const entry of readdirSync(target)) walk(path.join(target, entry));
  };
  walk(image.root);
  return found;
}

/** As the app's user, try to write beside the code: each attempt must be refused. */
async function tryWrites(image, env) {
  const targets = ['dist/server/written-by-the-app.js', 'package.json', 'node_modules/x.js', 'x'];
  const script = `const fs = require('node:fs'); let wrote = [];
    for (const f of ${JSON.stringify(targets)}) { try { fs.writeFileSync(f, 'x'); wrote.push(f); } catch (e) { if (e.code !== 'EACCES') wrote.push(f + ' ' + e.code); } }
    console.log(JSON.stringify(wrote));`;
  const { code, output } = await run(process.execPath, ['-e', script], {
    cwd: inRoot(image.root, image.workdir),
    env,
    timeoutMs: 10_000,
    uid: USERS[image.user.split(':')[0]],
  }).done;
  const wrote = code === 0 ? JSON.parse(output.trim().split('\n').pop()) : [output];
  if (wrote.length > 0) throw new Error(`the app's user could write: ${wrote.join(', ')}`);
  return `${targets.length} writes in ${image.workdir} refused (EACCES)`;
}

/** Debian's redis-server, as the operations tests start it; .ci/run installs it. */
function startRedis(port) {
  const found = process.env.PATH.split(path.delimiter).some((dir) =>
    existsSync(path.join(dir, 'redis-server')),
  );
  if (!found)
    refuse('redis-server is not installed (apt-get install redis-server, as .ci/run does)');
  const redis = run(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { timeoutMs: CHECK_LIMIT_MS },
  );
  redis.done.catch(() => {});
  return redis;
}

/** Waits until something listens on `port`, for at most `timeoutMs`. */
async function portOpen(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isOpen(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listened on ${port} within ${seconds(timeoutMs)}`);
}

// ---- the check --------------------------------------------------------------------------------

async function main() {
  if (process.env.IMAGE_CHECK === 'skip') {
    say('SKIPPED: IMAGE_CHECK=skip, the image is not checked');
    process.exit(0);
  }
  if (process.getuid() !== 0)
    refuse(
      'run it as root (CI does): it acts as root and as an unprivileged user, as the image does ' +
        '(IMAGE_CHECK=skip leaves the image unchecked)',
    );
  const instructions = plan(parseDockerfile(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')));
  say(
    `Dockerfile: ${instructions.length} instructions; Node ${process.version} stands for the base image's`,
  );
  work = mkdtempSync(path.join(os.tmpdir(), 'image-check-'));
  chmodSync(work, 0o755);
  for (let dir = work; dir !== path.dirname(dir); dir = path.dirname(dir))
    if (existsSync(path.join(path.dirname(dir), 'node_modules')))
      refuse(`${path.join(path.dirname(dir), 'node_modules')} would lend the image packages`);

  const contextDir = path.join(work, 'context');
  await step('build context: the working tree through .dockerignore', () => {
    const files = buildContext(contextDir);
    for (const secret of ['.env', 'node_modules', 'dist', 'data', '.git'])
      if (existsSync(path.join(contextDir, secret))) refuse(`the build context holds ${secret}`);
    return `${files} files`;
  });

  const stages = await buildStages(instructions, work, contextDir);
  const image = stages.at(-1);
  const app = (p) => inRoot(image.root, path.posix.resolve(image.workdir, p));

  await step('the image: ENV, USER, VOLUME, EXPOSE, HEALTHCHECK and CMD as required', () => {
    if (image.user.split(':')[0] !== 'node') refuse(`the image runs as ${image.user}, not node`);
    if (image.env.HOST !== '0.0.0.0') refuse('the image does not set HOST=0.0.0.0');
    if (!image.expose.includes(image.env.PORT))
      refuse(`EXPOSE does not name PORT ${image.env.PORT}`);
    if (!image.expose.includes(image.env.METRICS_PORT))
      refuse(`EXPOSE does not name METRICS_PORT ${image.env.METRICS_PORT}`);
    if (!image.healthcheck) refuse('the image has no HEALTHCHECK');
    if (!image.cmd) refuse('the image has no CMD');
    for (const key of ['PROVIDER', 'PROVIDER_API_BASE', 'PROVIDER_API_USER', 'PROVIDER_API_KEY'])
      if (key in image.env) refuse(`the image sets ${key}: a provider is the deployment's choice`);
    const uploadDir = path.posix.resolve(image.workdir, image.env.UPLOAD_DIR ?? 'data/resumes');
    const volume = image.volumes.find((v) => uploadDir === v || uploadDir.startsWith(`${v}/`));
    if (!volume) refuse(`UPLOAD_DIR ${uploadDir} is not on a VOLUME`);
    const stat = statSync(inRoot(image.root, volume));
    if (stat.uid !== APP_ID) refuse(`the volume ${volume} is not the node user's`);
    return `node, HOST=${image.env.HOST}, PORT=${image.env.PORT}, UPLOAD_DIR=${uploadDir} on VOLUME ${volume}`;
  });

  await step('the image holds production dependencies only, and all the bundle loads', async () => {
    const packageJson = JSON.parse(readFileSync(app('package.json'), 'utf8'));
    const { packages, problems } = await checkServerImports(app('dist/server'), packageJson);
    if (problems.length) throw new Error(problems.join('\n'));
    for (const name of packages)
      if (!existsSync(app(`node_modules/${name}/package.json`)))
        throw new Error(`node_modules lacks ${name}, which dist/server loads`);
    const installed = JSON.parse(readFileSync(app('node_modules/.package-lock.json'), 'utf8'));
    // Only what is in node_modules: npm also records a link's target outside it (toolchain/,
    // not in the image), dev as it is.
    const dev = Object.keys(installed.packages).filter(
      (p) => p.startsWith('node_modules/') && installed.packages[p].dev,
    );
    if (dev.length) throw new Error(`devDependencies installed: ${dev.slice(0, 5).join(', ')}`);
    const count = Object.keys(installed.packages).length;
    return `dist/server loads ${packages.join(', ')}; node_modules: ${count} packages, none dev`;
  });

  await step('code and dependencies are root-owned and not writable by the app user', () => {
    const writable = writableByApp(image);
    if (writable.length)
      throw new Error(`writable by the app: ${writable.slice(0, 10).join(', ')}`);
    return `all but ${image.volumes.join(', ')}`;
  });

  mkdirSync(inRoot(image.root, '/tmp'), { mode: 0o1777 });
  chmodSync(inRoot(image.root, '/tmp'), 0o1777);
  const standIn = await startStandIn();
  cleanups.push(() => standIn.close());
  // The image is a public deployment (HOST=0.0.0.0): a real provider needs PUBLIC_BASE_URL.
  const provider = {
    PUBLIC_BASE_URL: 'https://apply.example.com',
    PROVIDER_API_BASE: standIn.url,
    PROVIDER_API_USER: PROVIDER_USER,
    PROVIDER_API_KEY: PROVIDER_KEY,
  };
  const pdf = readFileSync(path.join(ROOT, 'test/fixtures/resume.pdf'));

  await step('without a provider the image refuses to start (HOST=0.0.0.0)', async () => {
    const [file, args] = command(image.cmd);
    const { code, output } = await run(file, args, {
      cwd: inRoot(image.root, image.workdir),
      env: containerEnv(image, { PORT: String(await freePort()) }),
      timeoutMs: 20_000,
      uid: USERS[image.user.split(':')[0]],
    }).done;
    if (code !== 1 || !/Configuration error: PROVIDER_API_BASE/.test(output))
      throw new Error(`it ended with ${code}\n${tail(output)}`);
    return output.trim().split('\n')[0].slice(0, 80);
  });

  const local = {};
  await step('start CMD as the node user (uid 65534), provider stand-in', async () => {
    Object.assign(local, await startImage(image, { PORT: String(await freePort()), ...provider }));
    return `${image.cmd.join(' ')} on ${local.base}`;
  });
  await step('HEALTHCHECK command exits 0', async () => {
    const { code, output } = await healthcheck(image, local.env);
    if (code !== 0) throw new Error(`it exited ${code}\n${tail(output)}`);
    return 'exit 0';
  });
  await step('/readyz answers 200 ready', async () => {
    const response = await fetchWithin(`${local.base}/readyz`);
    const body = await response.json();
    if (response.status !== 200 || body.status !== 'ready')
      throw new Error(`${response.status} ${JSON.stringify(body)}`);
    return JSON.stringify(body);
  });
  await step('/metrics answers on METRICS_PORT, and not on PORT', async () => {
    const metrics = await fetchWithin(`http://127.0.0.1:${local.env.METRICS_PORT}/metrics`);
    const text = await metrics.text();
    if (metrics.status !== 200 || !text.includes('# TYPE http_requests_total counter'))
      throw new Error(`METRICS_PORT answered ${metrics.status}: ${text.slice(0, 200)}`);
    const app = await fetchWithin(`${local.base}/metrics`);
    if (app.status !== 404) throw new Error(`PORT answered /metrics with ${app.status}`);
    return `200 on ${local.env.METRICS_PORT}, 404 on ${local.env.PORT}`;
  });
  await step('the page answers 200 with the prerendered form', async () => {
    const response = await fetchWithin(`${local.base}/`);
    const html = await response.text();
    if (response.status !== 200 || !html.includes('Personal Info'))
      throw new Error(`${response.status}: ${html.slice(0, 200)}`);
    return `${html.length} bytes of HTML from dist/web`;
  });
  let resumeUrl = '';
  await step('upload test/fixtures/resume.pdf, fetch it back', async () => {
    const body = await uploadResume(local.base, pdf);
    const uploadDir = path.posix.resolve(image.workdir, image.env.UPLOAD_DIR ?? 'data/resumes');
    const stored = inRoot(image.root, path.posix.join(uploadDir, body.filename));
    if (!existsSync(stored) || statSync(stored).uid !== APP_ID)
      throw new Error(`${body.filename} is not in the volume as the node user's`);
    resumeUrl = body.url;
    return `200, the same ${pdf.length} bytes back, stored on the volume as the node user's`;
  });
  await step('registration answers 201', () =>
    registerCandidate(local.base, standIn, 'ada@example.com', resumeUrl),
  );
  await step('the app user cannot write its own code', () => tryWrites(image, local.env));
  await step('SIGTERM', () => stopImage(local));
  await step('HEALTHCHECK fails once the server is gone', async () => {
    const { code } = await healthcheck(image, local.env);
    if (code === 0) throw new Error('it still exits 0');
    return `exit ${code}`;
  });

  // The same image as a fleet runs it: ioredis and the AWS SDK from the pruned node_modules.
  const s3 = await startS3StandIn({ buckets: ['resumes'] });
  cleanups.push(() => s3.close());
  const redisPort = await freePort();
  startRedis(redisPort);
  await step('redis-server and the S3 stand-in for the fleet configuration', () =>
    portOpen(redisPort, 5_000),
  );
  const fleet = {};
  await step('start CMD with STORAGE=s3 and REDIS_URL', async () => {
    Object.assign(
      fleet,
      await startImage(image, {
        PORT: String(await freePort()),
        ...provider,
        STORAGE: 's3',
        S3_BUCKET: 'resumes',
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'on',
        AWS_ACCESS_KEY_ID: S3_STAND_IN_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: S3_STAND_IN_CREDENTIALS.secretAccessKey,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      }),
    );
  });
  await step('/readyz answers 200 ready with storage and redis ok', async () => {
    const response = await fetchWithin(`${fleet.base}/readyz`);
    const body = await response.json();
    if (response.status !== 200 || body.status !== 'ready' || body.checks?.redis !== 'ok')
      throw new Error(`${response.status} ${JSON.stringify(body)}`);
    return JSON.stringify(body);
  });
  await step('upload to S3, fetch it back; registration 201', async () => {
    const body = await uploadResume(fleet.base, pdf);
    if (!s3.keys('resumes').includes(body.filename))
      throw new Error(`${body.filename} is not in the bucket`);
    await registerCandidate(fleet.base, standIn, 'grace@example.com', body.url);
    return 'the same bytes back through the bucket; the registration reached the stand-in';
  });
  await step('SIGTERM', () => stopImage(fleet));
}

const outcome = await main().then(
  () => null,
  (error) => error,
);
for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
if (KEEP && work) say(`the stages are in ${work}`);
else if (work) {
  // Its node_modules took as long to remove as the build took to run: a process of its own
  // removes it after the check has said what it proved, without holding up what runs next.
  const removed = work;
  work = null;
  spawn('rm', ['-rf', '--', removed], { detached: true, stdio: 'ignore' }).unref();
  say(`removing ${removed} in the background`);
}
cleanUp();
const total = seconds(Date.now() - startedAt);
if (outcome) {
  const why = `${outcome instanceof Refused ? 'refused: ' : ''}${outcome.message}`;
  say(`FAILED after ${steps} steps in ${total}: ${why}`);
  process.exit(1);
}
say(`passed: ${steps} steps in ${total}`);
process.exit(0);
