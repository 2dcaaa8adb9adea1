/** Java reserved words and literals (Java 17); none of them may be used as an identifier. */
export const JAVA_RESERVED = new Set([
  'abstract', 'assert', 'boolean', 'break', 'byte', 'case', 'catch', 'char', 'class', 'const',
  'continue', 'default', 'do', 'double', 'else', 'enum', 'extends', 'final', 'finally', 'float',
  'for', 'goto', 'if', 'implements', 'import', 'instanceof', 'int', 'interface', 'long', 'native',
  'new', 'package', 'private', 'protected', 'public', 'return', 'short', 'static', 'strictfp',
  'super', 'switch', 'synchronized', 'this', 'throw', 'throws', 'transient', 'try', 'void',
  'volatile', 'while', 'true', 'false', 'null', '_',
]);

/**
 * Whether `name` is a legal Java identifier (ASCII letters, digits, `_` and `$`, not starting with a
 * digit, not a reserved word). Non-ASCII letters are legal Java but refused here on purpose: names
 * end up in generated code that admins and users read.
 */
export function isJavaIdentifier(name: string): boolean {
  return typeof name === 'string' && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && !JAVA_RESERVED.has(name);
}
