import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  path: string;
  authorization?: string;
  body: { model?: string; messages?: { role: string; content: string }[] } & Record<string, unknown>;
  raw: string;
}

/** What the fake does with one request: answer (after an optional delay) or fail with a status. */
export type FakeBehaviour = { content?: string; status?: number; delayMs?: number };

export interface FakeOpenAi {
  /** Base URL to use as OPENAI_BASE_URL (ends in /v1). */
  url: string;
  /** The API's environment for it: the key, this URL and the model (FAKE_API_KEY, FAKE_MODEL). */
  env: { OPENAI_API_KEY: string; OPENAI_BASE_URL: string; AI_MODEL: string };
  requests: FakeRequest[];
  /** Behaviours for the next requests, in order; when none is queued the default answer is sent. */
  queue(...behaviours: FakeBehaviour[]): void;
  close(): Promise<void>;
}

export const FAKE_API_KEY = 'sk-test-key';
export const FAKE_MODEL = 'fake-model-1';
export const FAKE_ANSWER_PREFIX = '## Diagnosis\n\nFake model answer';

/** A local OpenAI-compatible chat completions server on 127.0.0.1 (port 0), recording what it receives. */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeRequest[] = [];
  const queued: FakeBehaviour[] = [];
  const open = new Set<ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      let body: FakeRequest['body'] = {};
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        body = {};
      }
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body, raw });
      const n = requests.length;
      const behaviour = queued.shift() ?? {};
      const send = () => {
        open.delete(res);
        if (res.destroyed) return;
        if (!req.url?.endsWith('/chat/completions')) {
          res
            .writeHead(404, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { message: 'not found' } }));
          return;
        }
        if (behaviour.status && behaviour.status >= 400) {
          res
            .writeHead(behaviour.status, { 'content-type': 'application/json' })
            .end(
              JSON.stringify({
                error: { message: `fake failure ${behaviour.status}`, type: 'server_error' },
              }),
            );
          return;
        }
        const content = behaviour.content ?? `${FAKE_ANSWER_PREFIX} #${n}.`;
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: `chatcmpl-fake-${n}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model ?? 'fake',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
      };
      open.add(res);
      if (behaviour.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, behaviour.delayMs);
        timers.add(timer);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/v1`;
  return {
    url,
    env: { OPENAI_API_KEY: FAKE_API_KEY, OPENAI_BASE_URL: url, AI_MODEL: FAKE_MODEL },
    requests,
    queue: (...behaviours) => queued.push(...behaviours),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
