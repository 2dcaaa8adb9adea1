/** The judge's one log line: JSON on stdout, as the API's pino lines are. */
export function log(msg: string, extra?: Record<string, unknown>): void {
  console.log(JSON.stringify({ t: new Date().toISOString(), svc: 'judge', msg, ...extra }));
}
