/**
 * The built-in code analyzer (issue 33): pure TypeScript, no Nest, no I/O. The API reaches it through
 * one service, `OfflineAnalyzer` (provided by apps/api's AiModule); the sandbox jobs read its
 * constraint reader, measurement wording and javac parser.
 */
export {
  OfflineAnalyzer,
  type ClassicContext,
  type OfflineOptions,
  type OfflineReport,
  type ProblemContext,
  type SandboxFindings,
  type TestOutcome,
} from './analyzer';
export { estimateComplexity, type ComplexityEstimate, type RecursionKind } from './complexity/estimate';
export {
  fitAgainstLimit,
  formatSteps,
  parseConstraints,
  type ConstraintBounds,
  type FitReport,
} from './constraints/bounds';
export { buildInputSpec, type BuiltSpec } from './constraints/input-spec';
export { readConstraints, resolvedBound, type Reading, type Variable } from './constraints/reader';
export type { Cost } from './cost';
export { counterexamplePrompt, counterexampleSection, type CounterexampleOutcome } from './counterexample';
export type { CauseCode, Finding } from './findings';
export { JavaCode } from './java-code';
export { parseJavacOutput, type JavacDiagnostic, type JavacResult } from './javac';
export { describeMeasurement, type MeasuredReport } from './measured';
export { readabilityNotes, type ReadabilityNote } from './readability';
export { inputReadingNotes, outputLines, staticOverflowRisk } from './wrong-answer';
