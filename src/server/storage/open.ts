// The storage the configuration names, checked before the server listens: a local directory
// that cannot hold resumes stops the start with one line; so do a bucket this configuration can
// never use and, with S3, a TMPDIR where uploads cannot wait. A bucket that does not answer is
// an outage, not a mistake: the server starts degraded and says so (docs/decisions/010).
import type { Config } from '../config.ts';
import { type DependencyState, within } from '../dependencies.ts';
import { createLocalStorage, PREPARE_TIMEOUT_MS, prepareDirectory } from './local.ts';
import { type ResumeStorage, UnusableStorage } from './storage.ts';

const S3_START_TIMEOUT_MS = 5_000;

export async function openStorage(config: Config, state: DependencyState): Promise<ResumeStorage> {
  if (config.storage === 'local') {
    const storage = await createLocalStorage(config.uploadDir);
    state.report(true);
    return storage;
  }
  // The AWS SDK loads only when configured: it would double the cold start.
  const { configurationErrorOf, createS3Storage } = await import('./s3.ts');
  const storage = createS3Storage(config.s3);
  // Every upload waits in a file there until it is whole: like UPLOAD_DIR, a setting to fix.
  try {
    await within(prepareDirectory(storage.spoolDir), PREPARE_TIMEOUT_MS, 'the file system');
  } catch (error) {
    storage.client.destroy();
    throw new UnusableStorage('TMPDIR', storage.spoolDir, (error as Error).message);
  }
  try {
    await within(storage.check(), S3_START_TIMEOUT_MS, 'the bucket');
    state.report(true);
  } catch (error) {
    const code = configurationErrorOf(error);
    if (code) {
      storage.client.destroy();
      const message = (error as Error).message.replace(/\s+/g, ' ').trim().slice(0, 200);
      const reason = message && message !== code ? `${code}: ${message}` : code;
      throw new UnusableStorage('S3_BUCKET', config.s3.bucket, reason);
    }
    state.report(false, error);
  }
  return storage;
}
