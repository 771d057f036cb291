# The registration server as a container image: built once, run on production dependencies only
# (README "Deploying", docs/decisions/013).
#   docker build -t resume-registration .
#   docker run -p 3000:3000 -v resumes:/app/data -e PROVIDER_API_BASE=… -e PROVIDER_API_USER=… \
#     -e PROVIDER_API_KEY=… -e PUBLIC_BASE_URL=https://apply.example.com resume-registration
# `npm run check:image` performs these instructions without a container runtime and proves the
# result serves; it refuses any instruction it does not know, so keep to the ones used here.

# 1. The build: every dependency, then the browser app and the server bundle (dist/). The
# development packages include toolchain/, which brings the Node.js the build tools run on.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY toolchain ./toolchain
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && mkdir -p -m 700 data/resumes

# 2. What dist/ loads from node_modules at run time: `dependencies` only (ioredis, the AWS SDK).
FROM node:24-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# 3. The image: code and dependencies owned by root, read-only to the app's user; resumes on a
# volume that user owns. No provider is set: on HOST=0.0.0.0 the server refuses to start until
# PROVIDER_API_BASE/_USER/_KEY (or PROVIDER=sandbox, for a demo) are given.
FROM node:24-slim
WORKDIR /app
# Metrics on a port of their own, reachable from outside the container for Prometheus: publish
# it to the monitoring network only, never with the app's port.
ENV HOST=0.0.0.0 PORT=3000 UPLOAD_DIR=/app/data/resumes RANDOM_DATA_BUTTON=off \
    METRICS_HOST=0.0.0.0 METRICS_PORT=9464
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/LICENSE ./
COPY --from=build /app/dist ./dist
COPY --from=build --chown=node:node /app/data ./data
VOLUME /app/data
USER node
EXPOSE 3000 9464
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
