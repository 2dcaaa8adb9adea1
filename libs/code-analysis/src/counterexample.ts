import { AiCounterexampleResult, AiMessages } from '@javelin/contracts';
import { fenced } from './findings';

const MAX_SHOWN = 2_000;

/** What Debug Help says of the counterexample search: a section of the answer. */
export type CounterexampleOutcome =
  | { kind: 'no-reference' }
  | { kind: 'unavailable' }
  /** No inputs can be generated (no signature, an unsupported type): the sentence says so. */
  | { kind: 'no-signature'; sentence: string }
  /** `assumed`: the defaults and assumptions the inputs were generated with (issue 34). */
  | { kind: 'searched'; result: AiCounterexampleResult; assumed?: string[] };

const VERDICT_TEXT: Record<string, string> = {
  runtime_error: 'crashed',
  time_limit_exceeded: 'did not finish in time',
  memory_limit_exceeded: 'ran out of memory',
  output_limit_exceeded: 'printed too much',
};

function clip(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}\n… (cut)` : text;
}

/** The "## Counterexample" section (Markdown lines), or none when there is nothing to say. */
export function counterexampleSection(outcome: CounterexampleOutcome | undefined): string[] {
  if (!outcome) return [];
  const out = ['## Counterexample', ''];
  if (outcome.kind === 'no-reference') return [...out, AiMessages.noReferenceSolution, ''];
  if (outcome.kind === 'unavailable') return [...out, AiMessages.counterexampleUnavailable, ''];
  if (outcome.kind === 'no-signature') return [...out, outcome.sentence, ''];
  const r = outcome.result;
  const assumed = outcome.assumed?.length
    ? [`_Generated with these assumptions (the constraints did not say): ${outcome.assumed.join('; ')}._`, '']
    : [];
  switch (r.status) {
    case 'found': {
      const input = (r.input ?? []).map((v) => `${v.name} = ${v.value}`).join('\n');
      out.push(
        `The smallest input found on which your code and the reference solution disagree (out of ${r.tried} generated inputs${r.verified ? '; run again, it fails again' : ''}):`,
        '',
        'Input:',
        '',
        fenced(clip(input)),
        '',
        'Expected (the reference solution prints):',
        '',
        fenced(clip((r.expected ?? '').trimEnd()) || '(nothing)'),
        '',
      );
      const failure = r.verdict && VERDICT_TEXT[r.verdict];
      if (failure) out.push(`Your code ${failure}${r.error ? `: ${r.error}` : ''}.`, '');
      else out.push('Your output:', '', fenced(clip((r.actual ?? '').trimEnd()) || '(nothing)'), '');
      out.push(
        '_The input was generated from the signature and constraints: it is not one of the tests._',
        '',
        ...assumed,
      );
      return out;
    }
    case 'not-found':
      return [
        ...out,
        `No difference from the reference solution on ${r.tried} small generated inputs: the failure likely needs a larger input (overflow, time or memory), or a case the constraints allow but the generator did not try.`,
        '',
        ...assumed,
      ];
    case 'reference-failed':
      return [...out, 'The reference solution could not be run, so no counterexample was searched for.', ''];
    case 'unsupported':
      return [
        ...out,
        "This problem's custom checker decides what is correct, so no counterexample was searched for.",
        '',
      ];
    default:
      return [];
  }
}

/** The counterexample for the AI service's prompt: input, expected and actual, nothing of the reference's code. */
export function counterexamplePrompt(outcome: CounterexampleOutcome | undefined): string[] {
  if (!outcome || outcome.kind !== 'searched' || outcome.result.status !== 'found') return [];
  const r = outcome.result;
  return [
    '## Verified counterexample (a generated input, run in the sandbox against the reference solution)',
    '',
    ...(r.input ?? []).map((v) => `- ${v.name} = ${clip(v.value)}`),
    `- expected: ${JSON.stringify(clip((r.expected ?? '').trimEnd()))}`,
    `- the student's program: ${r.verdict && VERDICT_TEXT[r.verdict] ? `${VERDICT_TEXT[r.verdict]} (${r.error ?? ''})` : JSON.stringify(clip((r.actual ?? '').trimEnd()))}`,
    '',
  ];
}
