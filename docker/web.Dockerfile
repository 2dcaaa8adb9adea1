# syntax=docker/dockerfile:1.7
# Javelin web: the Vite build served by nginx, /api proxied to the API. Build from the repository root:
#   docker build -f docker/web.Dockerfile -t javelin/web:dev .

############################ build ############################
FROM node:20-bookworm-slim AS build
WORKDIR /src
ENV NX_DAEMON=false NX_NO_CLOUD=true CI=true
COPY package.json package-lock.json .npmrc ./
COPY libs/contracts/package.json libs/contracts/package.json
COPY libs/java-io/package.json libs/java-io/package.json
COPY libs/code-analysis/package.json libs/code-analysis/package.json
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY nx.json tsconfig.base.json ./
COPY libs libs
COPY apps apps
# contracts before java-io: the Nx graph does not know java-io imports contracts, and a fresh
# checkout has no libs/contracts/dist yet.
RUN npx nx run contracts:build && npx nx run java-io:build && npx nx run web:build

############################ runtime ############################
FROM nginx:1.27-bookworm AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends curl \
 && rm -rf /var/lib/apt/lists/*
# Run as the image's unprivileged nginx user (uid/gid 101) on port 8080; every file nginx writes
# (pid, temp dirs) lives under /tmp, so the root filesystem can be read-only.
COPY docker/nginx/nginx.conf /etc/nginx/nginx.conf
COPY docker/nginx/default.conf /etc/nginx/conf.d/default.conf
COPY --from=build /src/apps/web/dist /usr/share/nginx/html
USER 101:101
EXPOSE 8080
STOPSIGNAL SIGQUIT
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["curl", "-fsS", "-o", "/dev/null", "http://127.0.0.1:8080/healthz"]
# Bypass the image's entrypoint scripts (they rewrite files under /etc/nginx at start).
ENTRYPOINT []
CMD ["nginx", "-g", "daemon off;"]
