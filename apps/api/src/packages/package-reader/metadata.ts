import {
  CLASSIC_LIMITS,
  type Interaction,
  PackageMessages,
  PROBLEM_TITLE_MAX_LENGTH,
} from '@javelin/contracts';
import { timingRuleOf, type TimingRule } from '../timing';
import { PackageError } from '../zip';
import { utf8, type Yaml } from './files';
import { latexTitle, type FoundStatement } from './statement';

/**
 * problem.yaml: the problem's type (interactive, multi-pass, scoring, or one Javelin cannot host),
 * its name, keywords and limits.
 */

/** The problem types the format allows in `type` (2023-07, 2025-09) or `validation` (legacy). */
function typesOf(yaml: Yaml): string[] {
  const type = yaml.type;
  const types = typeof type === 'string' ? type.split(/\s+/) : Array.isArray(type) ? type.map(String) : [];
  const validation = yaml.validation;
  if (typeof validation === 'string') types.push(...validation.split(/\s+/));
  else if (validation && typeof validation === 'object')
    types.push(
      ...Object.entries(validation as Yaml)
        .filter(([, on]) => on === true)
        .map(([k]) => k),
    );
  return types.map((t) => t.toLowerCase());
}

/**
 * Interactive (legacy `validation: custom interactive`, `type: interactive`) or multi-pass
 * (`type: multi-pass`, 2023-07's `validation: {multipass: true}`); a problem that is both (2023-07 / 2025-09
 * `type: interactive multi-pass`) is interactive with its passes (multiPass): each pass an interaction.
 */
export function interactionOf(yaml: Yaml): Interaction {
  const types = typesOf(yaml);
  if (types.includes('interactive')) return 'interactive';
  if (multiPass(yaml)) return 'multi-pass';
  return 'none';
}

/** Whether the submission runs pass after pass (`limits.validation_passes` then counts), interactive or not. */
export function multiPass(yaml: Yaml): boolean {
  const types = typesOf(yaml);
  return types.includes('multi-pass') || types.includes('multipass');
}

export function refuseUnhostable(yaml: Yaml): void {
  const types = typesOf(yaml);
  if (types.includes('submit-answer'))
    throw new PackageError(
      PackageMessages.badField(
        'problem.yaml',
        'type',
        'submit-answer is not supported: Javelin judges programs',
      ),
    );
}

export function yamlScoring(yaml: Yaml): boolean {
  return typesOf(yaml).includes('scoring') || typesOf(yaml).includes('score');
}

/** Legacy `validation: custom` asks for a custom validator. */
export function legacyCustom(yaml: Yaml): boolean {
  return typeof yaml.validation === 'string' && yaml.validation.trim().split(/\s+/)[0] === 'custom';
}

/** `limits.validation_passes`: 2 unless stated; from 2 to 100. */
export function readPasses(yaml: Yaml): number {
  const limits = (yaml.limits && typeof yaml.limits === 'object' ? yaml.limits : {}) as Yaml;
  if (limits.validation_passes === undefined || limits.validation_passes === null) return 2;
  const passes = Number(limits.validation_passes);
  if (!Number.isInteger(passes) || passes < 2 || passes > 100)
    throw new PackageError(PackageMessages.badPasses);
  return passes;
}

/** The problem's name: problem.yaml's, else a LaTeX statement's `\problemname`, else the package's (with a warning). */
export function readTitle(
  files: Map<string, Buffer>,
  yaml: Yaml,
  statement: FoundStatement | undefined,
  packageName: string,
  warnings: string[],
): string {
  let title =
    nameOf(yaml, statement?.language) ?? (statement ? latexTitle(files, statement.path) : undefined);
  if (!title) {
    title = packageName;
    warnings.push(PackageMessages.noName);
  }
  if (title.length > PROBLEM_TITLE_MAX_LENGTH) title = title.slice(0, PROBLEM_TITLE_MAX_LENGTH);
  return title;
}

function nameOf(yaml: Yaml, language: string | undefined): string | undefined {
  const name = yaml.name;
  if (typeof name === 'string' || typeof name === 'number') return String(name).trim() || undefined;
  if (name && typeof name === 'object') {
    const names = name as Record<string, unknown>;
    const chosen = names.en ?? (language ? names[language] : undefined) ?? Object.values(names)[0];
    return typeof chosen === 'string' ? chosen.trim() || undefined : undefined;
  }
  return undefined;
}

export function keywordsOf(yaml: Yaml): string[] {
  const keywords = yaml.keywords;
  const list =
    typeof keywords === 'string'
      ? keywords.split(/\s+/)
      : Array.isArray(keywords)
        ? keywords.map(String)
        : [];
  return [...new Set(list.map((k) => k.trim()).filter(Boolean))].slice(0, 20);
}

/**
 * The time limit: `limits.time_limit` (seconds, 2023-07 / 2025-09), the `.timelimit` file (problemtools,
 * legacy), DOMjudge's domjudge-problem.ini `timelimit`, or the default; kept within Javelin's bounds.
 */
export function readTimeLimit(
  files: Map<string, Buffer>,
  yaml: Yaml,
  version: string,
  warnings: string[],
): { timeLimitMs: number; timing: TimingRule | null } {
  const limits = (yaml.limits && typeof yaml.limits === 'object' ? yaml.limits : {}) as Yaml;
  let seconds: number | undefined;
  if (limits.time_limit !== undefined) {
    seconds = Number(limits.time_limit);
    if (!(seconds > 0))
      throw new PackageError(
        PackageMessages.badField('problem.yaml', 'limits.time_limit', 'must be a positive number of seconds'),
      );
  } else if (files.has('.timelimit')) {
    seconds = Number(utf8('.timelimit', files.get('.timelimit')!).trim());
    if (!(seconds > 0))
      throw new PackageError(
        PackageMessages.badField('.timelimit', 'the time limit', 'must be a positive number of seconds'),
      );
  } else if (files.has('domjudge-problem.ini')) {
    const ini = utf8('domjudge-problem.ini', files.get('domjudge-problem.ini')!);
    const match = /^\s*timelimit\s*=\s*['"]?([0-9.]+)['"]?\s*$/m.exec(ini);
    if (match) seconds = Number(match[1]);
  }
  if (seconds === undefined)
    return { timeLimitMs: CLASSIC_LIMITS.defaultTimeLimitMs, timing: timingRuleOf(limits, version) };
  const ms = Math.round(seconds * 1000);
  const used = Math.min(CLASSIC_LIMITS.maxTimeLimitMs, Math.max(CLASSIC_LIMITS.minTimeLimitMs, ms));
  if (used !== ms) warnings.push(PackageMessages.timeLimitClamped(ms, used));
  return { timeLimitMs: used, timing: null };
}

export function readMemoryLimit(yaml: Yaml, warnings: string[]): number | null {
  const limits = (yaml.limits && typeof yaml.limits === 'object' ? yaml.limits : {}) as Yaml;
  if (limits.memory === undefined) return null;
  const mb = Number(limits.memory);
  if (!Number.isInteger(mb) || mb <= 0)
    throw new PackageError(
      PackageMessages.badField('problem.yaml', 'limits.memory', 'must be a whole number of MiB'),
    );
  const used = Math.min(CLASSIC_LIMITS.maxMemoryLimitMb, Math.max(CLASSIC_LIMITS.minMemoryLimitMb, mb));
  if (used !== mb) warnings.push(PackageMessages.memoryLimitClamped(mb, used));
  return used;
}
