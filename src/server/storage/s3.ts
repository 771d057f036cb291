// The S3-compatible backend: streams uploads with lib-storage (a failed multipart upload is
// aborted, so no partial object remains) and streams downloads from the bucket.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isStorableName, type ResumeStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string | null;
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Only for tests; production takes credentials from the standard AWS chain. */
  credentials?: S3ClientConfig['credentials'];
}

const PROBE_PREFIX = '.readyz-';

/**
 * What S3 answers when this configuration can never work (no such bucket, refused credentials,
 * the wrong region), as opposed to an outage that ends by itself.
 */
const CONFIGURATION_ERRORS = new Set([
  'NoSuchBucket',
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidBucketName',
  'PermanentRedirect',
  'AuthorizationHeaderMalformed',
  'CredentialsProviderError',
]);

/** The error's S3 code when it says the configuration is wrong, else null. */
export function configurationErrorOf(error: unknown): string | null {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && CONFIGURATION_ERRORS.has(name) ? name : null;
}

const isMissing = (error: unknown) => {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

export function createS3Storage(options: S3StorageOptions): ResumeStorage & { client: S3Client } {
  const client = new S3Client({
    ...(options.region ? { region: options.region } : {}),
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    maxAttempts: 2,
  });
  const Bucket = options.bucket;

  return {
    client,
    shared: true,

    async save(name, chunks) {
      if (!isStorableName(name)) throw new Error(`Refusing to store under the name ${name}`);
      // 128 random bits in every name make a collision practically impossible; checking first
      // still refuses to overwrite on a store that ignores conditional writes.
      const exists = await client.send(new HeadObjectCommand({ Bucket, Key: name })).then(
        () => true,
        (error) => (isMissing(error) ? false : Promise.reject(error)),
      );
      if (exists) throw new Error(`A resume named ${name} already exists`);
      let size = 0;
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of chunks) {
            size += chunk.length;
            yield chunk;
          }
        })(),
      );
      await new Upload({
        client,
        params: { Bucket, Key: name, Body: counted },
        leavePartsOnError: false,
      }).done();
      return size;
    },

    async open(name) {
      if (!isStorableName(name)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        if (!(object.Body instanceof Readable)) return null;
        return { stream: object.Body, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async deleteOlderThan(cutoff) {
      let deleted = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, ContinuationToken: token }),
        );
        const old = (page.Contents ?? []).filter(
          (item) =>
            item.Key && isStorableName(item.Key) && item.LastModified && item.LastModified < cutoff,
        );
        if (old.length > 0) {
          await client.send(
            new DeleteObjectsCommand({
              Bucket,
              Delete: { Objects: old.map((item) => ({ Key: item.Key })), Quiet: true },
            }),
          );
          deleted += old.length;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return deleted;
    },

    async check() {
      const Key = `${PROBE_PREFIX}${randomUUID()}`;
      await client.send(new PutObjectCommand({ Bucket, Key, Body: 'ok' }));
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}
