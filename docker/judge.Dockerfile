# syntax=docker/dockerfile:1.7
# Javelin judge worker: Node 20 + OpenJDK 17 + bubblewrap (+ g++ and python3 for package validators). Build from the repository root:
#   docker build -f docker/judge.Dockerfile -t javelin/judge:dev .
# The sandbox needs settings from the container runtime: see docker/README.md ("The judge's sandbox").

############################ build ############################
FROM node:20-bookworm-slim AS build
WORKDIR /src
ENV NX_DAEMON=false NX_NO_CLOUD=true CI=true
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
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
RUN npx nx run contracts:build && npx nx run java-io:build && npx nx run judge:build
RUN npm prune --omit=dev --no-audit --no-fund

############################ runtime ############################
FROM node:20-bookworm-slim AS runtime
# Debian's JDK 17 and bubblewrap (not setuid: it relies on unprivileged user namespaces), g++ for
# problem packages' C++ output validators (compiled in the sandbox, linked statically), and python3 for
# their Python validators and interactors (run in the validator's sandbox, apps/judge/src/executor/python.ts).
# util-linux (setpriv) and libc-bin (ldd) are part of the base image.
RUN mkdir -p /usr/share/man/man1 \
 && apt-get update \
 && apt-get install -y --no-install-recommends openjdk-17-jdk-headless bubblewrap g++ python3 \
 && rm -rf /var/lib/apt/lists/* \
 && bwrap --version && javac -version && g++ --version && python3 --version
RUN groupadd --system --gid 10001 judge \
 && useradd --system --uid 10001 --gid 10001 --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin judge
# The judge drops sandboxed programs to JUDGE_SANDBOX_UID with `setpriv --reuid --regid --clear-groups`,
# which needs CAP_SETUID/CAP_SETGID. A non-root judge has neither, so it runs programs as its own uid
# (still inside bubblewrap's user, pid, net, ipc and uts namespaces); this shim, found first on the
# judge's fixed sandbox PATH (/usr/sbin before /usr/bin), drops the no-op uid switch. See README.md.
COPY --chmod=0755 docker/judge/setpriv-nonroot.sh /usr/sbin/setpriv
ENV NODE_ENV=production \
    JUDGE_SANDBOX_UID=10001 \
    JUDGE_SANDBOX_GID=10001 \
    JUDGE_WORK_DIR=/tmp/javelin-judge
WORKDIR /app
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/libs/contracts/package.json ./libs/contracts/package.json
COPY --from=build /src/libs/contracts/dist ./libs/contracts/dist
COPY --from=build /src/libs/java-io/package.json ./libs/java-io/package.json
COPY --from=build /src/libs/java-io/dist ./libs/java-io/dist
COPY --from=build /src/apps/judge/dist ./apps/judge/dist
COPY --from=build /src/apps/judge/java ./apps/judge/java
COPY --from=build /src/apps/judge/native ./apps/judge/native
USER 10001:10001
STOPSIGNAL SIGTERM
# The judge has no HTTP port; healthy = its process is alive and its sandbox probe passed at start
# (it exits when the probe fails). Liveness is checked by the state dir it holds while running.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["sh", "-c", "ls -d \"$JUDGE_WORK_DIR\"/j-* >/dev/null 2>&1"]
CMD ["node", "apps/judge/dist/main.js"]
