import { ContestPackageMessages as M } from '@javelin/contracts';
import { parse as parseYaml } from 'yaml';
import { PackageError } from '../packages/zip';

/**
 * The field readers every part of a contest package is read with (contest-package-reader.ts): its
 * YAML and JSON files, their lists, and each kind of field, every refusal a PackageError naming the
 * file and the field.
 */

/** The spec's ID: at most 36 of [a-zA-Z0-9_.-], not starting with a dot. */
const CLICS_ID = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,35}$/;
export const RELTIME = /^(-)?(\d+):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?$/;
/** A team name becomes the account's full name (at most 100 characters). */
const NAME_MAX = 300;

export type Obj = Record<string, unknown>;

/** A YAML or JSON file parsed; null when the package has neither. */
export function document(files: Map<string, Buffer>, name: string): { file: string; value: unknown } | null {
  for (const file of [`${name}.yaml`, `${name}.yml`, `${name}.json`]) {
    const bytes = files.get(file);
    if (!bytes) continue;
    try {
      const text = bytes.toString('utf8');
      return { file, value: file.endsWith('.json') ? JSON.parse(text) : parseYaml(text) };
    } catch (error) {
      throw new PackageError(M.notParsed(file, (error as Error).message.split('\n')[0]));
    }
  }
  return null;
}

/** A list file (organizations, groups, teams, …): each entry an object; [] when absent. */
export function list(files: Map<string, Buffer>, name: string): (Obj & { $file: string; $at: number })[] {
  const doc = document(files, name);
  if (!doc || doc.value === null || doc.value === undefined) return [];
  if (!Array.isArray(doc.value)) throw new PackageError(M.badField(doc.file, 'the file', 'must be a list'));
  return doc.value.map((entry, i) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      throw new PackageError(M.badField(doc.file, `entry ${i + 1}`, 'must be an object'));
    return { ...(entry as Obj), $file: doc.file, $at: i };
  });
}

export function text(o: Obj, file: string, field: string, where: string, max = NAME_MAX): string {
  const value = o[field];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value.trim() === '')
    throw new PackageError(M.badField(file, `${field}${where}`, 'is missing'));
  if (value.length > max)
    throw new PackageError(M.badField(file, `${field}${where}`, `is over ${max} characters`));
  return value.trim();
}

export function optionalText(
  o: Obj,
  file: string,
  field: string,
  where: string,
  max = NAME_MAX,
): string | null {
  const value = o[field];
  if (value === undefined || value === null || value === '') return null;
  return text(o, file, field, where, max);
}

export function clicsId(o: Obj, file: string, field: string, where: string): string {
  const id = text(o, file, field, where, 36);
  if (!CLICS_ID.test(id))
    throw new PackageError(
      M.badField(file, `${field}${where}`, `'${id}' is no CLICS id (at most 36 of a-z A-Z 0-9 _ . -)`),
    );
  return id;
}

export function flag(o: Obj, file: string, field: string, where: string): boolean {
  const value = o[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean')
    throw new PackageError(M.badField(file, `${field}${where}`, 'must be true or false'));
  return value;
}

/** RELTIME (`5:00:00`, `1:00:00.000`) in milliseconds. */
export function relTime(o: Obj, file: string, field: string): number | null {
  const value = o[field];
  if (value === undefined || value === null) return null;
  const m = typeof value === 'string' ? RELTIME.exec(value.trim()) : null;
  if (!m) throw new PackageError(M.badField(file, field, `'${String(value)}' is no duration (h:mm:ss)`));
  const ms =
    (Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4])) * 1000 + Number((m[5] ?? '0').padEnd(3, '0'));
  return m[1] ? -ms : ms;
}

export const where = (o: { $at: number }, id?: string) => (id ? ` of '${id}'` : ` of entry ${o.$at + 1}`);

export function unique(items: { id: string }[], file: string): void {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id)) throw new PackageError(M.badField(file, 'id', `'${item.id}' is given twice`));
    seen.add(item.id);
  }
}
