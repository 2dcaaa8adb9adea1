import { BASE_URL } from './config';

/** Fails the journey file at once, with how to start it, when the stack is not answering. */
export async function requireStack(): Promise<void> {
  const health = await fetch(`${BASE_URL}/api/health`).catch((err: Error) => err);
  if (health instanceof Error || !health.ok) {
    throw new Error(
      `The stack is not answering at ${BASE_URL}/api/health — start it (./javelin start) or set BASE_URL.`,
    );
  }
}
