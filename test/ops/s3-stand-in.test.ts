// The S3 stand-in (test/helpers/s3-stand-in.mjs) answers the AWS SDK as S3 does for every call
// the storage code makes: what the contract suites rely on without naming it (pages of a
// listing, keys that need escaping in XML, refusals by code).
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  S3_STAND_IN_CREDENTIALS,
  type S3StandIn,
  startS3StandIn,
} from '../helpers/s3-stand-in.mjs';

let server: S3StandIn | null = null;
const clients: S3Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await server?.close();
  server = null;
});

function clientOf(endpoint: string, credentials = { ...S3_STAND_IN_CREDENTIALS }) {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials,
    maxAttempts: 1,
  });
  clients.push(client);
  return client;
}

const Bucket = 'resumes';

describe('the S3 stand-in', () => {
  it('lists in pages of MaxKeys, in key order, until the last page', async () => {
    server = await startS3StandIn({ buckets: [Bucket] });
    const client = clientOf(server.endpoint);
    for (const Key of ['c.pdf', 'a.pdf', 'e.pdf', 'b.pdf', 'd.pdf'])
      await client.send(new PutObjectCommand({ Bucket, Key, Body: Key }));
    const pages: string[][] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, MaxKeys: 2, ContinuationToken }),
      );
      pages.push((page.Contents ?? []).map((item) => item.Key ?? ''));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    expect(pages).toEqual([['a.pdf', 'b.pdf'], ['c.pdf', 'd.pdf'], ['e.pdf']]);
  });

  it('keeps keys that XML and URLs must escape, and deletes them by name', async () => {
    server = await startS3StandIn({ buckets: [Bucket] });
    const client = clientOf(server.endpoint);
    const keys = ['a&b<c>.pdf', 'it\'s "quoted".pdf', 'space and ü.pdf', 'dir/x%20y.pdf'];
    for (const Key of keys) await client.send(new PutObjectCommand({ Bucket, Key, Body: 'x' }));
    const listed = await client.send(new ListObjectsV2Command({ Bucket }));
    expect((listed.Contents ?? []).map((item) => item.Key)).toEqual([...keys].sort());
    expect(server.keys(Bucket)).toEqual([...keys].sort());
    await client.send(
      new DeleteObjectsCommand({
        Bucket,
        Delete: { Objects: keys.slice(0, 3).map((Key) => ({ Key })), Quiet: true },
      }),
    );
    expect(server.keys(Bucket)).toEqual(['dir/x%20y.pdf']);
  });

  it('gives back the bytes, length, type and size it was given', async () => {
    server = await startS3StandIn({ buckets: [Bucket] });
    const client = clientOf(server.endpoint);
    const Body = Buffer.from('%PDF-1.4 \u0000\u00ff binary');
    await client.send(
      new PutObjectCommand({ Bucket, Key: 'cv.pdf', Body, ContentType: 'application/pdf' }),
    );
    const head = await client.send(new HeadObjectCommand({ Bucket, Key: 'cv.pdf' }));
    expect([head.ContentLength, head.ContentType]).toEqual([Body.length, 'application/pdf']);
    const got = await client.send(new GetObjectCommand({ Bucket, Key: 'cv.pdf' }));
    expect(Buffer.from(await (got.Body?.transformToByteArray() ?? []))).toEqual(Body);
  });

  it.each([
    ['an unknown access key', 'resumes', 'WRONG', 'InvalidAccessKeyId', 403],
    [
      'a bucket it does not hold',
      'other',
      S3_STAND_IN_CREDENTIALS.accessKeyId,
      'NoSuchBucket',
      404,
    ],
  ])('refuses %s with S3’s code', async (_, bucket, accessKeyId, code, status) => {
    server = await startS3StandIn({ buckets: [Bucket] });
    const client = clientOf(server.endpoint, { accessKeyId, secretAccessKey: 'x' });
    const failure = await client
      .send(new GetObjectCommand({ Bucket: bucket, Key: 'cv.pdf' }))
      .catch((error: { name: string; $metadata: { httpStatusCode: number } }) => error);
    expect(failure).toMatchObject({ name: code, $metadata: { httpStatusCode: status } });
  });

  it('answers a missing key NoSuchKey, and a call it does not know 501', async () => {
    server = await startS3StandIn({ buckets: [Bucket] });
    const client = clientOf(server.endpoint);
    const missing = await client
      .send(new GetObjectCommand({ Bucket, Key: 'none.pdf' }))
      .catch((error: { name: string }) => error);
    expect(missing).toMatchObject({ name: 'NoSuchKey' });
    const unknown = await fetch(`${server.endpoint}/${Bucket}/cv.pdf?acl`, {
      headers: {
        authorization: `AWS4-HMAC-SHA256 Credential=${S3_STAND_IN_CREDENTIALS.accessKeyId}/x`,
      },
    });
    expect([
      unknown.status,
      (await unknown.text()).includes('<Code>NotImplemented</Code>'),
    ]).toEqual([501, true]);
  });
});
