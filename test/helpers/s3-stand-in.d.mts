// Types of s3-stand-in.mjs (plain ESM, so that the bench and the image check load it with plain node).

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** The credentials the stand-in accepts unless told others. */
export declare const S3_STAND_IN_CREDENTIALS: S3Credentials;

export interface S3StandIn {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  port: number;
  /** The keys in `bucket`, sorted; none when there is no such bucket. */
  keys(bucket: string): string[];
  /** Stops listening and ends every connection: clients then see a refused connection. */
  close(): Promise<void>;
}

/**
 * Starts the stand-in on `address`:`port` (127.0.0.1 and a free port unless told), with
 * `buckets` already created.
 */
export declare function startS3StandIn(options?: {
  port?: number;
  address?: string;
  buckets?: string[];
  credentials?: S3Credentials;
}): Promise<S3StandIn>;
