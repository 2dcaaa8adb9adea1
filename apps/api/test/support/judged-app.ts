import { resetDatabase, startApp, type TestApp } from './app';
import { startJudge, type RunningJudge } from './judge';

/** The API and the real judge it sends its jobs to. */
export interface JudgedApp extends TestApp {
  judge: RunningJudge;
}

/**
 * What a spec judged for real starts with: a judge worker on its own queue, the API on that queue
 * (`env` added to its environment) and an emptied database. `close` stops both.
 */
export async function startJudgedApp(env: Record<string, string> = {}): Promise<JudgedApp> {
  const judge = await startJudge();
  try {
    const t = await startApp({ JUDGE_QUEUE_PREFIX: judge.prefix, ...env });
    await resetDatabase(t.db);
    return {
      ...t,
      judge,
      close: async () => {
        await t.close();
        await judge.stop();
      },
    };
  } catch (err) {
    await judge.stop();
    throw err;
  }
}
