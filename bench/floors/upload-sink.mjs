// The floor for upload throughput: bare node:http streaming each request body to a file.
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = process.env.UPLOAD_DIR;
let n = 0;
const server = createServer(async (request, response) => {
  if (request.method === 'GET') return response.end('{}');
  try {
    await pipeline(request, createWriteStream(path.join(dir, `upload-${n++}`)));
    response.end('{"success":true}');
  } catch {
    response.statusCode = 500;
    response.end();
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');
