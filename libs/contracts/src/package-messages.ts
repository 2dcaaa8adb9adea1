import type { DefaultValidatorOptions } from './output-validation';
import { PackageMessages } from './packages';

/**
 * The sentences the web shows around classic problems and problem packages (issue 29): Problem
 * Management's import, verification and export, the classic problem form, and the problem page's
 * limits and output judging. Beside the spec's catalogue, never replacing it.
 */
export const PackageUiMessages = {
  importTitle: 'Import package',
  importHint:
    'A problem package in the ICPC / Kattis format (problem.yaml, data/sample, data/secret, submissions/…) as a .zip file.',
  chooseZip: 'Choose a .zip file to import',
  notAZip: (name: string) => `${name} is not a .zip file`,
  importFailed: 'Failed to import package',
  imported: (title: string) => `Imported "${title}"`,
  /** Imports start hidden (issue 47): the dialog's choice to show the problem to everyone at once. */
  publishNow: 'Publish now',
  publishHint:
    'Unchecked, the problem stays hidden (admins and contests only) until you publish it from its form.',
  importedHidden: 'Hidden: only admins and contests see it until you publish it.',
  importedPublished: 'Published: everyone sees it now.',
  noWarnings: 'Everything in the package was read; nothing was left out or assumed.',
  verifying: 'Judging the jury submissions...',
  verifyFailed: 'Failed to verify the jury submissions',
  noJurySubmissions: 'The package has no Java jury submissions to verify.',
  verifiedAll: (count: number) =>
    `All ${count} jury submission${count === 1 ? '' : 's'} got a verdict their folder allows.`,
  verifiedSome: (failed: number, count: number) =>
    `${failed} of ${count} jury submission${count === 1 ? '' : 's'} got a verdict their folder does not allow.`,
  /** Above the output validator's judgemessage.txt in the verification table and an admin's test results. */
  validatorFeedback: (test?: string) => (test ? `Validator feedback on ${test}` : 'Validator feedback'),
  exportFailed: 'Failed to export problem',
  exported: (fileName: string) => `Downloaded ${fileName}`,
  // The classic problem form.
  classicRequired: 'Please fill in all required fields (Title, Description)',
  limitsRequired: (minMs: number, maxMs: number, minMb: number, maxMb: number) =>
    `The time limit must be a whole number of ms from ${minMs} to ${maxMs}, and the memory limit of MB from ${minMb} to ${maxMb}`,
  classicNeedsTest: 'Add at least one test case',
  classicTestsNeedAnswer: (index: number) => `Test Case ${index}: the answer is empty`,
  customValidatorKept: (language: string, files: number) =>
    `This problem's output is checked by its custom ${language === 'cpp' ? 'C++' : 'Java'} output validator (${files} file${files === 1 ? '' : 's'}, from its package); the flags are passed to it as arguments.`,
  // The problem page.
  limits: (timeLimitMs: number | undefined, memoryLimitMb: number | undefined) =>
    [
      timeLimitMs !== undefined ? `Time limit: ${formatSeconds(timeLimitMs)}` : null,
      memoryLimitMb !== undefined ? `Memory limit: ${memoryLimitMb} MB` : null,
    ]
      .filter(Boolean)
      .join(' · '),
  classicProgram:
    'Write a whole program: read the input from standard input and print the answer to standard output. The class holding main is the entry point.',
  customValidatorJudges: "Your output is checked by the problem's own output validator.",
  // Interactive and multi-pass problems (issue 42).
  interactiveProgram:
    "This problem is interactive: your program talks with the judge's program. Read its answers from standard input and print each of your lines to standard output, then flush (System.out.flush()) before you wait for an answer: output still in a buffer never reaches the judge.",
  multiPassProgram: (passes: number) =>
    `This problem is multi-pass: your program runs up to ${passes} times on each test, each run on the input the judge's program wrote after the one before. Each run has the full time and memory limit.`,
  interactiveJudges:
    "The judge's program decides as the dialogue goes: it may stop you with a wrong answer, and your program must end once it says so.",
  dialogueHeading: (n: number) => `Sample dialogue ${n}`,
  dialogueJudge: 'Judge',
  dialogueYou: 'Your program',
  dialoguePass: 'next run',
  /** In place of the custom input form on an interactive problem: the API's own 400 sentence. */
  noCustomInputInteractive: PackageMessages.customInputInteractive,
  // The verification table (issue 42): each jury submission's slowest test beside the limit.
  slowestOfLimit: (ms: number, limitMs: number) => `${ms} ms of ${limitMs} ms`,
  timeLimitBasis: (limitMs: number, slowestMs: number, path: string, rule: string) =>
    `Time limit ${limitMs} ms set from the jury: the slowest accepted submission (${path}) took ${slowestMs} ms; ${rule}. Changing the limit here replaces it.`,
  interactionLabel: 'How the program meets the validator',
  interactionChoices: {
    none: 'Judged on its output',
    interactive: 'Interactive (the validator talks with the program)',
    'multi-pass': 'Multi-pass (the validator gives the next run its input)',
  },
  validationPassesLabel: 'Most runs per test (multi-pass)',
  attachValidator: "Output validator or interactor (.cpp or .java, the package format's interface)",
  validatorAttached: (name: string) => `${name} attached: it is saved with the problem.`,
  notAValidatorFile: (name: string) => `${name} is neither a C++ (.cpp, .cc) nor a Java (.java) file`,
  needsValidator:
    'An interactive or multi-pass problem needs its output validator: attach the interactor (.cpp or .java) first',
} as const;

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(seconds < 1 ? 2 : 1).replace(/0+$/, '')} s`;
}

/** How the default output validator judges, in words, from its options (the problem page's sentence). */
export function defaultValidatorDescription(options: DefaultValidatorOptions): string {
  const tokens = `Your output is compared token by token with the answer${
    options.caseSensitive ? ', letter case counting' : ', ignoring letter case'
  }${options.spaceChangeSensitive ? ' and with the whitespace as it is' : ' and ignoring how tokens are spaced'}.`;
  const tolerances = [
    options.floatAbsoluteTolerance !== null ? `an absolute error of ${options.floatAbsoluteTolerance}` : null,
    options.floatRelativeTolerance !== null ? `a relative error of ${options.floatRelativeTolerance}` : null,
  ].filter(Boolean);
  return tolerances.length ? `${tokens} Numbers are accepted within ${tolerances.join(' or ')}.` : tokens;
}
