import type { FastifyPluginAsync } from 'fastify';
import { MAX_RESUME_BYTES, RESUME_TYPES } from '../../shared/constants.ts';
import type { PublicConfig } from '../../shared/contract.ts';
import { type Config, linkPolicy } from '../config.ts';

/** What the browser may know of the configuration: an explicit allow-list (docs/api.md). */
export function publicConfig(config: Config): PublicConfig {
  const links = linkPolicy(config);
  return {
    jobBoardUrl: config.jobBoardUrl,
    maxResumeBytes: MAX_RESUME_BYTES,
    resumeTypes: [...RESUME_TYPES],
    randomDataButton: config.randomDataButton,
    draftTtlHours: config.draftTtlHours,
    resumeOrphanMinutes: config.orphanMinutes,
    resumeRetentionDays: config.retentionDays,
    privacyPolicyUrl: config.privacyPolicyUrl,
    providerTermsUrl: config.providerTermsUrl,
    privateLinkHosts: links.privateHosts,
    ownHost: links.ownHost,
    funnel: config.funnel.on,
    funnelSources: [...config.funnel.sources],
  };
}

export const configRoute: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const body = JSON.stringify(publicConfig(config));
  app.get('/api/config', async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('application/json').send(body),
  );
};
