# syntax=docker/dockerfile:1.7
# Javelin API (NestJS). Build from the repository root:
#   docker build -f docker/api.Dockerfile -t javelin/api:dev .
# The same image runs the database migrations: node apps/api/dist/database/migrate.js

############################ build: install, compile, prune ############################
FROM node:20-bookworm-slim AS build
WORKDIR /src
ENV NX_DAEMON=false NX_NO_CLOUD=true CI=true
# Toolchain for native modules: Dolos' tree-sitter grammars compile here (argon2 ships prebuilt binaries).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# Dependencies first, so source edits do not invalidate the npm layer.
COPY package.json package-lock.json .npmrc ./
COPY libs/contracts/package.json libs/contracts/package.json
COPY libs/java-io/package.json libs/java-io/package.json
COPY libs/code-analysis/package.json libs/code-analysis/package.json
RUN npm ci --no-audit --no-fund
COPY nx.json tsconfig.base.json ./
COPY libs libs
COPY apps apps
# contracts before java-io: the Nx graph does not know java-io imports contracts, and a fresh
# checkout has no libs/contracts/dist yet.
RUN npx nx run contracts:build && npx nx run java-io:build && npx nx run code-analysis:build && npx nx run api:build
# Production dependencies only (the workspace libs stay linked to libs/*).
RUN npm prune --omit=dev --no-audit --no-fund

############################ runtime ############################
FROM node:20-bookworm-slim AS runtime
# A container listens on every address of its own network namespace; /metrics has a port of its own.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    METRICS_PORT=9464 \
    MAIL_OUTBOX_DIR=/tmp/mail
RUN groupadd --system --gid 10001 javelin \
 && useradd --system --uid 10001 --gid 10001 --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin javelin
WORKDIR /app
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/libs/contracts/package.json ./libs/contracts/package.json
COPY --from=build /src/libs/contracts/dist ./libs/contracts/dist
COPY --from=build /src/libs/java-io/package.json ./libs/java-io/package.json
COPY --from=build /src/libs/java-io/dist ./libs/java-io/dist
COPY --from=build /src/libs/code-analysis/package.json ./libs/code-analysis/package.json
COPY --from=build /src/libs/code-analysis/dist ./libs/code-analysis/dist
COPY --from=build /src/apps/api/dist ./apps/api/dist
# The seed's classic problem packages (issue 29), read from source as the seed finds them from dist/.
COPY --from=build /src/apps/api/src/seed/packages ./apps/api/src/seed/packages
# Files stay root-owned and read-only for the app user; only /tmp is written.
USER 10001:10001
EXPOSE 3000 9464
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/api/dist/main.js"]
