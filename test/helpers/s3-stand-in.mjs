// The S3 stand-in of the Vitest suites, the image check and the bench: a real HTTP server on
// 127.0.0.1 that speaks the part of S3's REST API, path-style, that src/server/storage/s3.ts and
// the tests use, in memory: CreateBucket, HeadBucket, PutObject, GetObject, HeadObject,
// DeleteObject, DeleteObjects and ListObjectsV2 (with pages). It checks the access key id of
// each request's SigV4 Authorization (InvalidAccessKeyId otherwise), not the signature itself.
// Anything else answers 501 NotImplemented, so that a new call shows up as a failing test.
// Plain ESM with its types beside it (.d.mts), so plain `node scripts/…` and `node bench/…` load it.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';

/** The credentials the stand-in accepts unless told others. */
export const S3_STAND_IN_CREDENTIALS = {
  accessKeyId: 'stand-in-key',
  secretAccessKey: 'stand-in-secret',
};

/** S3's own messages for the errors the stand-in answers. */
const MESSAGES = {
  AccessDenied: 'Access Denied',
  InvalidAccessKeyId: 'The AWS Access Key Id you provided does not exist in our records.',
  NoSuchBucket: 'The specified bucket does not exist',
  NoSuchKey: 'The specified key does not exist.',
  NotImplemented: 'A header you provided implies functionality that is not implemented',
  InvalidArgument: 'Invalid Argument',
};

const STATUS = {
  AccessDenied: 403,
  InvalidAccessKeyId: 403,
  NoSuchBucket: 404,
  NoSuchKey: 404,
  NotImplemented: 501,
  InvalidArgument: 400,
};

/** `text` escaped for an XML element. */
const xml = (text) =>
  String(text).replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char],
  );

/** XML text decoded: the five named entities and numeric references. */
const unxml = (text) =>
  text.replace(/&(lt|gt|amp|apos|quot|#x[0-9a-f]+|#[0-9]+);/gi, (_, entity) => {
    const named = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' }[entity.toLowerCase()];
    if (named) return named;
    const hex = entity[1] === 'x' || entity[1] === 'X';
    return String.fromCodePoint(Number.parseInt(entity.slice(hex ? 2 : 1), hex ? 16 : 10));
  });

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const S3_NS = 'http://s3.amazonaws.com/doc/2006-03-01/';

/**
 * The body of an `aws-chunked` upload (what the SDK sends for a stream): `size;…\r\n` data
 * `\r\n`, ending with a chunk of size 0 and the trailers.
 */
function decodeAwsChunked(raw) {
  const parts = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) throw new Error('aws-chunked body without a chunk header');
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0], 16);
    if (!Number.isFinite(size)) throw new Error('aws-chunked chunk size is not hexadecimal');
    if (size === 0) return Buffer.concat(parts);
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/**
 * Starts the stand-in on `address`:`port` (127.0.0.1 and a free port unless told), with
 * `buckets` already created.
 */
export async function startS3StandIn({
  port = 0,
  address = '127.0.0.1',
  buckets = [],
  credentials = S3_STAND_IN_CREDENTIALS,
} = {}) {
  /** bucket → key → { body, contentType, lastModified, etag } */
  const store = new Map(buckets.map((name) => [name, new Map()]));

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const [, bucket = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const method = request.method ?? 'GET';

    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    let body = Buffer.concat(chunks);

    const send = (status, headers, payload = '') => {
      const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
      response.writeHead(status, {
        'x-amz-request-id': 'STANDIN',
        ...headers,
        'content-length': bytes.length,
      });
      response.end(method === 'HEAD' ? undefined : bytes);
    };
    const fail = (code, resource = url.pathname) =>
      send(
        STATUS[code],
        { 'content-type': 'application/xml' },
        `${XML_HEAD}<Error><Code>${code}</Code><Message>${xml(MESSAGES[code])}</Message><Resource>${xml(resource)}</Resource><RequestId>STANDIN</RequestId></Error>`,
      );

    const credential = /Credential=([^/,\s]+)\//.exec(request.headers.authorization ?? '');
    if (!credential) return fail('AccessDenied');
    if (credential[1] !== credentials.accessKeyId) return fail('InvalidAccessKeyId');

    const encoding = String(request.headers['content-encoding'] ?? '');
    const sha = String(request.headers['x-amz-content-sha256'] ?? '');
    if (encoding.includes('aws-chunked') || sha.startsWith('STREAMING-')) {
      try {
        body = decodeAwsChunked(body);
      } catch {
        return fail('InvalidArgument');
      }
    }

    if (!bucket) return fail('NotImplemented');
    const objects = store.get(bucket);
    if (!key && method === 'PUT' && url.search === '') {
      if (!objects) store.set(bucket, new Map());
      return send(200, { location: `/${bucket}` });
    }
    if (!objects) return fail('NoSuchBucket', `/${bucket}`);

    if (!key) {
      if (method === 'HEAD' && url.search === '') return send(200, {});
      if (method === 'GET' && url.searchParams.get('list-type') === '2') {
        return send(200, { 'content-type': 'application/xml' }, listV2(bucket, objects, url));
      }
      if (method === 'POST' && url.searchParams.has('delete')) {
        const text = body.toString('utf8');
        const keys = [...text.matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((match) => unxml(match[1]));
        const quiet = /<Quiet>\s*true\s*<\/Quiet>/i.test(text);
        for (const each of keys) objects.delete(each);
        const deleted = quiet
          ? ''
          : keys.map((each) => `<Deleted><Key>${xml(each)}</Key></Deleted>`).join('');
        return send(
          200,
          { 'content-type': 'application/xml' },
          `${XML_HEAD}<DeleteResult xmlns="${S3_NS}">${deleted}</DeleteResult>`,
        );
      }
      return fail('NotImplemented');
    }

    if (url.search !== '' && ![...url.searchParams.keys()].every((name) => name === 'x-id')) {
      return fail('NotImplemented');
    }
    if (method === 'PUT') {
      if (request.headers['x-amz-copy-source']) return fail('NotImplemented');
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(key, {
        body,
        contentType: String(request.headers['content-type'] ?? 'application/octet-stream'),
        // S3 keeps seconds: Last-Modified has no finer unit.
        lastModified: new Date(Math.floor(Date.now() / 1000) * 1000),
        etag,
      });
      return send(200, { etag });
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object)
        return method === 'HEAD' ? send(404, {}) : fail('NoSuchKey', `/${bucket}/${key}`);
      return send(
        200,
        {
          'content-type': object.contentType,
          etag: object.etag,
          'last-modified': object.lastModified.toUTCString(),
          'accept-ranges': 'bytes',
        },
        object.body,
      );
    }
    if (method === 'DELETE') {
      objects.delete(key);
      return send(204, {});
    }
    return fail('NotImplemented');
  });

  /** ListObjectsV2: keys in order, `max-keys` (1000 unless said) to a page. */
  function listV2(bucket, objects, url) {
    const prefix = url.searchParams.get('prefix') ?? '';
    const maxKeys = Math.min(Number(url.searchParams.get('max-keys') ?? 1000), 1000);
    const after =
      url.searchParams.get('continuation-token') ?? url.searchParams.get('start-after') ?? '';
    const keys = [...objects.keys()]
      .filter((each) => each.startsWith(prefix) && each > after)
      .sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((each) => {
        const object = objects.get(each);
        return `<Contents><Key>${xml(each)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${xml(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const token = url.searchParams.get('continuation-token');
    return `${XML_HEAD}<ListBucketResult xmlns="${S3_NS}"><Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix>${token ? `<ContinuationToken>${xml(token)}</ContinuationToken>` : ''}<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xml(page.at(-1))}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`;
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => resolve(undefined));
  });
  const listening = server.address();
  let closed = null;
  return {
    endpoint: `http://${address}:${listening.port}`,
    port: listening.port,
    keys: (bucket) => [...(store.get(bucket)?.keys() ?? [])].sort(),
    close() {
      closed ??= new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
