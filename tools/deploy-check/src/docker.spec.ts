import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { finalUser, type Instruction, parseDockerfile, type Stage, stages } from './dockerfile';
import { readRepoFile, repoPath, trackedFiles } from './repo';

const IMAGES = ['api', 'judge', 'web'] as const;
const dockerfile = (name: string) => parseDockerfile(readRepoFile('docker', `${name}.Dockerfile`));
const stagesOf = (name: string) => stages(dockerfile(name));
const finalStage = (name: string): Stage => stagesOf(name).at(-1)!;
const runs = (stage: Stage) => stage.instructions.filter((i) => i.cmd === 'RUN').map((i) => i.args);
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|API_KEY|PRIVATE_KEY|DATABASE_URL|MAIL_URL/i;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('Dockerfile reader', () => {
  it('joins continuations, skips comments and splits stages', () => {
    const ins = parseDockerfile('# c\nFROM a AS b\nRUN x \\\n  # inner\n  && y\nFROM c\nUSER 1:1\n');
    expect(ins.map((i: Instruction) => i.cmd)).toEqual(['FROM', 'RUN', 'FROM', 'USER']);
    expect(ins[1].args).toBe('x && y');
    const st = stages(ins);
    expect(st.map((s) => [s.from, s.name])).toEqual([['a', 'b'], ['c', undefined]]);
    expect(finalUser(st[1])).toBe('1:1');
    expect(finalUser(st[0])).toBeUndefined();
  });
});

describe.each(IMAGES)('docker/%s.Dockerfile', (name) => {
  it('is multi-stage: builds with npm ci and nx in a build stage, and the runtime copies only build output', () => {
    const all = stagesOf(name);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const build = all[0];
    expect(build.from).toBe('node:20-bookworm-slim');
    expect(runs(build).some((r) => /^npm ci\b/.test(r))).toBe(true);
    expect(runs(build).some((r) => /nx run contracts:build && npx nx run java-io:build/.test(r) && r.includes(`nx run ${name}:build`))).toBe(true);
    const final = all.at(-1)!;
    for (const copy of final.instructions.filter((i) => i.cmd === 'COPY')) {
      // From the build stage, or this repository's docker/ config: never the sources.
      expect(copy.args, `line ${copy.line}`).toMatch(/--from=build\b|^(--\S+\s+)*docker\//);
    }
    expect(final.instructions.some((i) => i.cmd === 'CMD')).toBe(true);
  });

  it('runs as a numeric non-root USER in the final stage', () => {
    const user = finalUser(finalStage(name));
    expect(user, 'USER').toBeDefined();
    expect(user).toMatch(/^\d+(:\d+)?$/); // numeric, so Kubernetes can verify runAsNonRoot
    expect(Number(user!.split(':')[0])).toBeGreaterThan(0);
  });

  it('has a HEALTHCHECK and no secret in ENV/ARG', () => {
    const final = finalStage(name);
    expect(final.instructions.filter((i) => i.cmd === 'HEALTHCHECK')).toHaveLength(1);
    for (const st of stagesOf(name)) {
      for (const ins of st.instructions.filter((i) => i.cmd === 'ENV' || i.cmd === 'ARG')) {
        for (const [, key] of ins.args.matchAll(/(\w+)=/g)) expect(key, `line ${ins.line}`).not.toMatch(SECRET_NAME);
      }
    }
  });

  it('has its own .dockerignore keeping node_modules, builds, .git and env files out of the context', () => {
    const ignore = readRepoFile('docker', `${name}.Dockerfile.dockerignore`).split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.git', '.env', '**/*.env']) expect(ignore).toContain(entry);
    // Files the Dockerfile copies from docker/ must not be ignored.
    const fromDocker = finalStage(name)
      .instructions.filter((i) => i.cmd === 'COPY' && !i.args.includes('--from='))
      .map((i) => i.args.replace(/^(--\S+\s+)*/, '').split(/\s+/)[0]);
    for (const src of fromDocker) {
      expect(existsSync(repoPath(src)), src).toBe(true);
      const dir = src.split('/').slice(0, 2).join('/');
      expect(ignore, `${src} is re-included`).toContain(`!${dir}/`);
    }
  });
});

describe('images', () => {
  it('api: prunes dev dependencies and checks /api/health', () => {
    const [build, final] = [stagesOf('api')[0], finalStage('api')];
    expect(runs(build).some((r) => /npm prune --omit=dev/.test(r))).toBe(true);
    expect(final.from).toBe('node:20-bookworm-slim');
    expect(final.instructions.find((i) => i.cmd === 'HEALTHCHECK')!.args).toContain('/api/health');
    const exposed = final.instructions.filter((i) => i.cmd === 'EXPOSE').flatMap((i) => i.args.split(/\s+/));
    expect(exposed.sort()).toEqual(['3000', '9464']);
    // A container listens on every address of its own namespace; its metrics have a port of their own.
    const env = final.instructions.filter((i) => i.cmd === 'ENV').map((i) => i.args).join(' ');
    expect(env).toMatch(/\bHOST=0\.0\.0\.0\b/);
    expect(env).toMatch(/\bMETRICS_PORT=9464\b/);
  });

  it('judge: JDK 17 and bubblewrap, sandbox uid = the image user, no dev dependencies', () => {
    const final = finalStage('judge');
    const install = runs(final).join(' ');
    expect(install).toMatch(/openjdk-17-jdk-headless|temurin/);
    expect(install).toMatch(/\bbubblewrap\b/);
    expect(runs(stagesOf('judge')[0]).some((r) => /npm prune --omit=dev/.test(r))).toBe(true);
    const env = final.instructions.filter((i) => i.cmd === 'ENV').map((i) => i.args).join(' ');
    const uid = /JUDGE_SANDBOX_UID=(\d+)/.exec(env)?.[1];
    const gid = /JUDGE_SANDBOX_GID=(\d+)/.exec(env)?.[1];
    expect(`${uid}:${gid}`).toBe(finalUser(final));
    expect(final.instructions.some((i) => i.cmd === 'COPY' && /apps\/judge\/java/.test(i.args))).toBe(true);
  });

  it('web: nginx serving the build on the port it exposes, health on /healthz', () => {
    const final = finalStage('web');
    expect(final.from).toMatch(/^nginx(inc\/nginx-unprivileged)?:/);
    expect(final.instructions.some((i) => i.cmd === 'COPY' && /--from=build \/src\/apps\/web\/dist /.test(i.args))).toBe(true);
    expect(final.instructions.some((i) => i.cmd === 'EXPOSE' && i.args === '8080')).toBe(true);
    expect(final.instructions.find((i) => i.cmd === 'HEALTHCHECK')!.args).toContain('/healthz');
  });
});

describe('nginx configuration', () => {
  const conf = readRepoFile('docker/nginx/default.conf');
  const main = readRepoFile('docker/nginx/nginx.conf');
  const block = (pattern: RegExp): string => {
    const m = pattern.exec(conf);
    if (!m) throw new Error(`no block ${pattern}`);
    let depth = 0;
    for (let i = conf.indexOf('{', m.index); i < conf.length; i++) {
      if (conf[i] === '{') depth++;
      if (conf[i] === '}' && --depth === 0) return conf.slice(m.index, i + 1);
    }
    throw new Error('unbalanced braces');
  };

  it('listens on 8080 as an unprivileged user with its writable paths under /tmp', () => {
    expect(conf).toMatch(/listen 8080;/);
    expect(main).not.toMatch(/^\s*user\s/m);
    expect(main).toMatch(/^pid \/tmp\//m);
    for (const m of main.matchAll(/^\s*\w+_temp_path\s+(\S+);/gm)) expect(m[1]).toMatch(/^\/tmp\//);
  });

  it('falls back to index.html for client-side routes', () => {
    expect(block(/location \/ \{/)).toMatch(/try_files \$uri \$uri\/ \/index\.html;/);
  });

  it('proxies /api to the api service', () => {
    expect(conf).toMatch(/server api:3000;/);
    expect(block(/location \/api\/ \{/)).toMatch(/proxy_pass http:\/\/javelin_api;/);
  });

  it('streams the leaderboard SSE without buffering', () => {
    const sse = block(/location ~ \^\/api\/contests\//);
    expect(sse).toMatch(/proxy_buffering off;/);
    expect(sse).toMatch(/proxy_cache off;/);
    expect(sse).toMatch(/proxy_http_version 1\.1;/);
    expect(sse).toMatch(/proxy_read_timeout 1h;/);
    const re = new RegExp(/location ~ (\S+) \{/.exec(sse)![1]);
    expect(re.test('/api/contests/abc-123/leaderboard/stream')).toBe(true);
    expect(re.test('/api/contests/abc-123/leaderboard')).toBe(false);
  });
});

describe('docker/compose.yml', () => {
  const compose: Json = parse(readRepoFile('docker/compose.yml'), { merge: true });
  const svc = (name: string): Json => {
    const s = compose.services[name];
    if (!s) throw new Error(`no service ${name}`);
    return s;
  };

  it('brings up postgres 15, redis 7, migrate, api, judge and web', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'judge', 'migrate', 'postgres', 'prometheus', 'redis', 'web']);
    expect(svc('postgres').image).toMatch(/^postgres:15\b/);
    expect(svc('redis').image).toMatch(/^redis:7\b/);
    for (const name of ['api', 'judge', 'web', 'migrate']) {
      expect(svc(name).build?.dockerfile, name).toMatch(/^docker\/\w+\.Dockerfile$/);
      expect(existsSync(repoPath(svc(name).build.dockerfile)), name).toBe(true);
    }
    expect(svc('migrate').command.join(' ')).toBe('node apps/api/dist/database/migrate.js');
    expect(svc('migrate').image).toBe(svc('api').image);
  });

  it('health checks on postgres, redis, api and web (the api one on readiness)', () => {
    for (const name of ['postgres', 'redis', 'api', 'web']) {
      const hc = svc(name).healthcheck;
      expect(hc?.test, name).toBeTruthy();
      expect(hc.disable ?? false).toBe(false);
    }
    expect(svc('api').healthcheck.test.join(' ')).toContain('/api/health/ready');
  });

  it('starts in order: migrate after a healthy postgres, api after migrate completed, web after a healthy api', () => {
    expect(svc('migrate').depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(svc('api').depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      migrate: { condition: 'service_completed_successfully' },
    });
    expect(svc('judge').depends_on.redis).toEqual({ condition: 'service_healthy' });
    expect(svc('web').depends_on.api).toEqual({ condition: 'service_healthy' });
    expect(svc('migrate').restart).toBe('no');
  });

  it('runs two judges and publishes the web on 8080', () => {
    expect(svc('judge').deploy.replicas).toBe(2);
    expect(svc('web').ports).toEqual(['${JAVELIN_HTTP_PORT:-8080}:8080']);
    for (const name of ['api', 'judge', 'migrate', 'postgres', 'redis']) expect(svc(name).ports, name).toBeUndefined();
  });

  it('the api listens on every address of its container, with /metrics on a port that only prometheus (profile monitoring) scrapes', () => {
    expect(svc('api').environment.HOST).toBe('0.0.0.0');
    expect(svc('api').environment.METRICS_PORT).toBe('9464');
    // Only the web's proxy, at its fixed address, may name the client in X-Forwarded-For.
    expect(svc('web').networks.default.ipv4_address).toBe(svc('api').environment.TRUST_PROXY);
    expect(svc('api').ports).toBeUndefined();
    const prometheus = svc('prometheus');
    expect(prometheus.profiles).toEqual(['monitoring']);
    expect(prometheus.ports.every((p: string) => p.startsWith('127.0.0.1:'))).toBe(true);
    const config = readRepoFile('docker/prometheus/prometheus.yml');
    expect(prometheus.volumes).toContain('./prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro');
    expect(config).toContain("targets: ['api:9464']");
    expect(config).toContain('metrics_path: /metrics');
    // The web's proxy forwards /api only: /metrics never leaves through the published port.
    expect(readRepoFile('docker/nginx/default.conf')).not.toMatch(/location[^{]*metrics/);
  });

  it('keeps data in named volumes', () => {
    const named = Object.keys(compose.volumes ?? {});
    expect(named.sort()).toEqual(['pgdata', 'promdata', 'redisdata']);
    const used = (name: string) => (svc(name).volumes ?? []).map((v: string) => v.split(':')[0]);
    expect(used('postgres')).toEqual(['pgdata']);
    expect(used('redis')).toEqual(['redisdata']);
  });

  it('no privileged container, no added capability; the judge’s sandbox exceptions are exactly the documented ones', () => {
    for (const [name, s] of Object.entries<Json>(compose.services)) {
      expect(s.privileged ?? false, name).toBe(false);
      expect(s.cap_add, name).toBeUndefined();
      expect(s.user, name).toBeUndefined(); // the images' own non-root USER applies
    }
    for (const name of ['api', 'judge', 'web', 'migrate']) {
      expect(svc(name).cap_drop, name).toEqual(['ALL']);
      expect(svc(name).read_only, name).toBe(true);
      expect(svc(name).security_opt, name).toContain('no-new-privileges:true');
    }
    expect([...svc('judge').security_opt].sort()).toEqual(
      ['apparmor=unconfined', 'no-new-privileges:true', 'seccomp=unconfined', 'systempaths=unconfined'].sort(),
    );
    for (const name of ['api', 'web', 'migrate']) expect(svc(name).security_opt, name).toEqual(['no-new-privileges:true']);
  });

  it('holds no secret values: secrets come from an env_file kept out of git, or from interpolated variables', () => {
    for (const [name, s] of Object.entries<Json>(compose.services)) {
      for (const [key, value] of Object.entries<Json>(s.environment ?? {})) {
        if (SECRET_NAME.test(key) || /:\/\/[^/@\s]+:[^/@\s]+@/.test(String(value))) {
          // Any credential must be a ${VARIABLE} interpolation, never a literal.
          expect(String(value).replace(/\$\{[^}]+\}/g, ''), `${name}.${key}`).not.toMatch(/:[^/@:]+@/);
          expect(String(value), `${name}.${key}`).toMatch(/\$\{\w+/);
        }
      }
    }
    const envFiles = ['api', 'migrate'].flatMap((n) => [svc(n).env_file].flat());
    expect(new Set(envFiles)).toEqual(new Set(['./javelin.env']));
    for (const name of ['judge', 'web', 'postgres', 'redis']) expect(svc(name).env_file, name).toBeUndefined();
    const tracked = trackedFiles('docker');
    expect(tracked).not.toContain('docker/javelin.env');
    expect(tracked.filter((f) => /(^|\/)\.env$/.test(f))).toEqual([]);
    // git check-ignore prints each ignored path (and fails when none is).
    const ignored = execFileSync('git', ['check-ignore', 'docker/javelin.env', 'docker/.env'], { cwd: repoPath('.'), encoding: 'utf8' });
    expect(ignored.split('\n').filter(Boolean)).toEqual(['docker/javelin.env', 'docker/.env']);
    // The example holds no value for any secret.
    for (const line of readRepoFile('docker/javelin.env.example').split('\n')) {
      const m = /^([A-Z_]+)=(.*)$/.exec(line);
      if (m && SECRET_NAME.test(m[1])) expect(m[2], m[1]).toBe('');
    }
  });

  it('Redis never evicts queue keys and persists them', () => {
    const cmd = svc('redis').command.join(' ');
    expect(cmd).toMatch(/--maxmemory-policy noeviction/);
    expect(cmd).toMatch(/--appendonly yes/);
  });
});

describe('judge setpriv shim', () => {
  const shim = repoPath('docker/judge/setpriv-nonroot.sh');
  const asNobody = (args: string[]) =>
    // Drop to nobody with the real setpriv (this test runs as root in CI), then call the shim.
    execFileSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', '--', 'sh', shim, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const canSwitch = (() => {
    try {
      return process.getuid?.() === 0 && execFileSync('sh', ['-c', 'command -v setpriv']).length > 0;
    } catch {
      return false;
    }
  })();

  it.runIf(canSwitch)('lets a non-root judge start a program as itself, keeping no_new_privs', () => {
    const out = asNobody(['--reuid=65534', '--regid=65534', '--clear-groups', '--no-new-privs', '--', 'sh', '-c', 'id -u; grep NoNewPrivs /proc/self/status']);
    expect(out).toMatch(/^65534\nNoNewPrivs:\s+1\n$/);
  });

  it.runIf(canSwitch)('refuses a switch to another user (the real setpriv fails)', () => {
    expect(() => asNobody(['--reuid=1', '--regid=1', '--clear-groups', '--no-new-privs', '--', 'id', '-u'])).toThrow();
  });
});
