/** A relative path that stays where it is put: no absolute path, no `..`, no backslashes or empty parts. */
export function isInsidePath(path: string): boolean {
  if (path.startsWith('/') || path.includes('\\') || path.includes('\0')) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
