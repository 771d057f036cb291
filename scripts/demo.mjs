// npm run demo: the built app on :3000 (embeddable by the host below) and a job board's page on
// :8080, a second origin, that embeds it with the two lines of examples/embed-host.html.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const HOST_PORT = 8080;
const page = readFileSync(new URL('../examples/embed-host.html', import.meta.url));

const app = spawn('node', ['dist/server/main.js'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: '3000', EMBED_ORIGINS: `http://localhost:${HOST_PORT}` },
});
const host = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
}).listen(HOST_PORT, '127.0.0.1', () => {
  console.log(`The job board's page: http://localhost:${HOST_PORT}`);
});

const stop = () => {
  app.kill('SIGTERM');
  host.close();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
app.on('exit', () => host.close());
