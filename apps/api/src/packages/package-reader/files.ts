import { PACKAGE_LIMITS, PackageMessages } from '@javelin/contracts';
import { parse as parseYaml } from 'yaml';
import { PackageError } from '../zip';

/** A YAML file's top-level map. */
export type Yaml = Record<string, unknown>;

/** Files the format says to ignore (names starting with a dot, macOS's zip litter). */
export function withoutIgnored(files: ReadonlyMap<string, Buffer>): Map<string, Buffer> {
  return new Map(
    [...files].filter(
      ([path]) =>
        !path.split('/').some((part) => part.startsWith('.') && part !== '.timelimit') &&
        !path.startsWith('__MACOSX/'),
    ),
  );
}

/** A package zipped with its folder (`hello/problem.yaml`) read as if zipped from inside it. */
export function withoutTopFolder(files: Map<string, Buffer>): Map<string, Buffer> {
  if (files.has('problem.yaml')) return files;
  const tops = new Set([...files.keys()].map((p) => (p.includes('/') ? p.split('/')[0] : '')));
  if (tops.size !== 1 || tops.has('')) return files;
  const [top] = tops;
  return new Map([...files].map(([path, data]) => [path.slice(top.length + 1), data]));
}

/** Issue 47: every YAML file the reader may parse, bounded together before any is parsed (each is also bounded alone). */
export function refuseLargeYaml(files: ReadonlyMap<string, Buffer>): void {
  let total = 0;
  for (const [path, data] of files) {
    if (!/(^|\/)(problem|testdata|test_group)\.yaml$/.test(path)) continue;
    if (data.length > PACKAGE_LIMITS.maxYamlBytes)
      throw new PackageError(PackageMessages.yamlTooLarge(path, PACKAGE_LIMITS.maxYamlBytes / 1024));
    total += data.length;
  }
  if (total > PACKAGE_LIMITS.maxYamlTotalBytes)
    throw new PackageError(PackageMessages.yamlTotalTooLarge(PACKAGE_LIMITS.maxYamlTotalBytes / 1024));
}

export function readYaml(path: string, data: Buffer): Yaml {
  // Checked before parsing: parsing time grows with the square of the keys (issue 47).
  if (data.length > PACKAGE_LIMITS.maxYamlBytes)
    throw new PackageError(PackageMessages.yamlTooLarge(path, PACKAGE_LIMITS.maxYamlBytes / 1024));
  let value: unknown;
  try {
    value = parseYaml(utf8(path, data));
  } catch (error) {
    throw new PackageError(PackageMessages.badYaml(path, (error as Error).message.split('\n')[0]));
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw new PackageError(PackageMessages.badYaml(path, 'expected a map of keys to values'));
  return value as Yaml;
}

export function utf8(path: string, data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    throw new PackageError(PackageMessages.badText(path));
  }
}
