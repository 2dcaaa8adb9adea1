import { PACKAGE_LIMITS, PackageMessages, PROBLEM_DESCRIPTION_MAX_LENGTH } from '@javelin/contracts';
import { type LatexConversion, latexToMarkdown, StatementTooLarge } from '../latex';
import { PackageError } from '../zip';
import { utf8 } from './files';
import type { ReadPackage } from './types';

/** problem_statement/ (or statement/): the statement as Markdown, converted from LaTeX if need be, and its images. */

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

export interface FoundStatement {
  path: string;
  folder: string;
  language: string | undefined;
}

/** `problem_statement/problem[.<lang>].{md,tex}` or `statement/…`: English first, Markdown before LaTeX. */
export function findStatement(files: Map<string, Buffer>): FoundStatement | undefined {
  const found: (FoundStatement & { rank: number })[] = [];
  for (const path of files.keys()) {
    const match =
      /^(problem_statement|statement)\/problem(?:\.([A-Za-z]{2,3}(?:-[A-Z]{2})?))?\.(md|tex)$/.exec(path);
    if (!match) continue;
    const language = match[2];
    const rank = (language === undefined || language === 'en' ? 0 : 2) + (match[3] === 'md' ? 0 : 1);
    found.push({ path, folder: match[1], language, rank });
  }
  return found.sort((a, b) => a.rank - b.rank || a.path.localeCompare(b.path))[0];
}

/** Issue 47: the statement's source and its conversion are bounded; past a bound the import is a 400 naming the file. */
function statementSource(path: string, data: Buffer): string {
  if (data.length > PACKAGE_LIMITS.maxStatementSourceBytes)
    throw new PackageError(
      PackageMessages.statementSourceTooLarge(path, PACKAGE_LIMITS.maxStatementSourceBytes / 1024),
    );
  return utf8(path, data);
}

function convertLatex(path: string, tex: string): LatexConversion {
  try {
    return latexToMarkdown(tex, PACKAGE_LIMITS.maxStatementCharacters);
  } catch (error) {
    if (!(error instanceof StatementTooLarge)) throw error;
    throw new PackageError(
      error.why === 'size'
        ? PackageMessages.statementTooLarge(path, error.limit)
        : PackageMessages.badField(path, 'its LaTeX', `nests groups more than ${error.limit} deep`),
    );
  }
}

/** A legacy LaTeX statement's `\problemname{…}`. */
export function latexTitle(files: Map<string, Buffer>, path: string): string | undefined {
  if (!path.endsWith('.tex')) return undefined;
  return /\\problemname\{([^}]*)\}/.exec(files.get(path)!.toString('utf8'))?.[1]?.trim() || undefined;
}

function markdownImages(markdown: string): string[] {
  const names = [
    ...[...markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...markdown.matchAll(/<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]),
  ];
  return [...new Set(names.filter((n) => !/^[a-z]+:/i.test(n) && !n.startsWith('/')))];
}

/** The statement folder's images (kept whether or not the statement names them); a named one missing is a warning. */
function readImages(
  files: Map<string, Buffer>,
  folder: string | undefined,
  named: string[],
  warnings: string[],
): ReadPackage['images'] {
  if (!folder) return [];
  const images: ReadPackage['images'] = [];
  for (const [path, data] of files) {
    if (!path.startsWith(`${folder}/`)) continue;
    const name = path.slice(folder.length + 1);
    const type = IMAGE_TYPES[name.split('.').pop()!.toLowerCase()];
    if (type && !name.includes('/')) images.push({ name, contentType: type, data });
  }
  const have = new Set(images.map((i) => i.name));
  for (const name of named) {
    // LaTeX names images without their extension as often as with it.
    if (!have.has(name) && !images.some((i) => i.name.replace(/\.[^.]+$/, '') === name))
      warnings.push(PackageMessages.missingImage(name));
  }
  return images.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The statement as Markdown (`{{nextsample}}`-style placeholders dropped) and the statement folder's
 * images; no statement is a warning, one past the bounds a 400 naming it.
 */
export function readStatement(
  files: Map<string, Buffer>,
  statement: FoundStatement | undefined,
  warnings: string[],
): { description: string; images: ReadPackage['images'] } {
  let description = '';
  let statementImages: string[] = [];
  if (statement) {
    const text = statementSource(statement.path, files.get(statement.path)!);
    if (statement.path.endsWith('.tex')) {
      const converted = convertLatex(statement.path, text);
      description = converted.markdown;
      statementImages = converted.images;
      warnings.push(...converted.warnings);
    } else {
      description = text;
      statementImages = markdownImages(text);
    }
    description = description.replace(/\{\{\s*(nextsample|remainingsamples)\s*\}\}/g, '').trim();
    if (description.length > PACKAGE_LIMITS.maxStatementCharacters)
      throw new PackageError(
        PackageMessages.statementTooLarge(statement.path, PACKAGE_LIMITS.maxStatementCharacters),
      );
    if (description.length > PROBLEM_DESCRIPTION_MAX_LENGTH)
      warnings.push(
        `The statement is longer than ${PROBLEM_DESCRIPTION_MAX_LENGTH} characters: the problem form cannot save it unshortened`,
      );
  } else warnings.push(PackageMessages.noStatement);
  return { description, images: readImages(files, statement?.folder, statementImages, warnings) };
}
