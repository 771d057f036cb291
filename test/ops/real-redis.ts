// A real redis-server for one describe block of unit tests, and clients of it as the app makes
// them (src/server/redis.ts: no offline queue, a command timeout), all gone after the block.
import type { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { connectRedis } from '../../src/server/redis.ts';
import { type RedisServer, startRedis } from './services.ts';

export function useRealRedis() {
  let server: RedisServer | null = null;
  const clients: Redis[] = [];
  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) client.disconnect();
    await server?.stop();
  });
  const started = () => {
    if (!server) throw new Error('redis-server is not started: call this in a test');
    return server;
  };
  return {
    /** The redis-server, to stop and start again. */
    server: started,
    /** A client as the app connects one, ready. */
    async connect(): Promise<Redis> {
      const client = await connectRedis(started().url, { report() {} });
      clients.push(client);
      return client;
    },
  };
}
