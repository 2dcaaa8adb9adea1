import type { InputType, InputVariable, ReturnType } from '@javelin/contracts';
import { isJavaIdentifier } from './identifiers';

/** The class every generated boilerplate declares; the judge also accepts any other public class name. */
export const BOILERPLATE_CLASS_NAME = 'Main';

export interface BoilerplateSpec {
  functionName: string;
  returnType: ReturnType;
  inputVariables: ReadonlyArray<Pick<InputVariable, 'name' | 'type'>>;
}

const JAVA_TYPE: Record<InputType | ReturnType, string> = {
  int: 'int',
  string: 'String',
  array: 'int[]',
  boolean: 'boolean',
  void: 'void',
};

const DEFAULT_RETURN: Record<ReturnType, string | null> = {
  int: '0',
  string: '""',
  boolean: 'false',
  void: null,
};

/** The Java type for a problem's input or return type (string -> String, array -> int[]). */
export function javaType(type: InputType | ReturnType): string {
  const t = JAVA_TYPE[type];
  if (!t) throw new Error(`Unknown type "${String(type)}"`);
  return t;
}

function readExpression(type: InputType, reader: string): string {
  switch (type) {
    case 'int':
      return `Integer.parseInt(readLine(${reader}).trim())`;
    case 'boolean':
      return `Boolean.parseBoolean(readLine(${reader}).trim())`;
    case 'array':
      return `readIntArray(${reader})`;
    case 'string':
      return `readLine(${reader})`;
    default:
      throw new Error(`Unknown input type "${String(type)}"`);
  }
}

const RESERVED_FUNCTION_NAMES = new Set(['main', 'readLine', 'readIntArray']);
/** Type names the generated main refers to; a variable with one of these names would obscure it. */
const RESERVED_VARIABLE_NAMES = new Set([
  'String', 'Integer', 'Boolean', 'System', 'BufferedReader', 'InputStreamReader', 'StringTokenizer',
  'IOException', 'EOFException',
]);

function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
  taken.add(name);
  return name;
}

/**
 * Generate the starting code for a problem (spec §5): `public class Main` with
 * `public static <returnType> <functionName>(<inputs>)` to fill in, and a `main` that reads every
 * input from stdin in variable order (libs/java-io encoding: arrays as a length line then a line of
 * space-separated elements, strings as a whole line, booleans true/false), calls the function and
 * prints the result with println; a void function's result is not printed.
 *
 * Throws an Error when the function name or a variable name is not a Java identifier, names repeat,
 * or a type is unknown.
 */
export function generateBoilerplate(spec: BoilerplateSpec): string {
  const { functionName, returnType, inputVariables } = spec;
  if (!isJavaIdentifier(functionName)) {
    throw new Error(`Function name "${functionName}" is not a valid Java identifier`);
  }
  if (RESERVED_FUNCTION_NAMES.has(functionName)) {
    throw new Error(`Function name "${functionName}" is reserved by the generated code`);
  }
  if (!(returnType in DEFAULT_RETURN)) throw new Error(`Unknown return type "${String(returnType)}"`);
  const taken = new Set<string>();
  for (const v of inputVariables) {
    if (!isJavaIdentifier(v.name)) throw new Error(`Input name "${v.name}" is not a valid Java identifier`);
    if (RESERVED_VARIABLE_NAMES.has(v.name)) {
      throw new Error(`Input name "${v.name}" is reserved by the generated code`);
    }
    if (taken.has(v.name)) throw new Error(`Input name "${v.name}" is used twice`);
    javaType(v.type);
    taken.add(v.name);
  }
  taken.add(functionName);
  const args = uniqueName('args', taken);
  const reader = uniqueName('reader', taken);
  const result = uniqueName('result', taken);

  const params = inputVariables.map((v) => `${javaType(v.type)} ${v.name}`).join(', ');
  const call = `${functionName}(${inputVariables.map((v) => v.name).join(', ')})`;
  const ret = DEFAULT_RETURN[returnType];

  const lines: string[] = [
    'import java.io.*;',
    'import java.util.*;',
    '',
    `public class ${BOILERPLATE_CLASS_NAME} {`,
    `    public static ${javaType(returnType)} ${functionName}(${params}) {`,
    '        // Write your code here',
  ];
  if (ret !== null) lines.push(`        return ${ret};`);
  lines.push('    }', '');
  lines.push(`    public static void main(String[] ${args}) throws IOException {`);
  lines.push(`        BufferedReader ${reader} = new BufferedReader(new InputStreamReader(System.in));`);
  for (const v of inputVariables) {
    lines.push(`        ${javaType(v.type)} ${v.name} = ${readExpression(v.type, reader)};`);
  }
  if (returnType === 'void') {
    lines.push(`        ${call};`);
  } else {
    lines.push(`        ${javaType(returnType)} ${result} = ${call};`);
    lines.push(`        System.out.println(${result});`);
  }
  lines.push('    }');

  const usesLine = inputVariables.length > 0;
  const usesArray = inputVariables.some((v) => v.type === 'array');
  if (usesLine) {
    lines.push(
      '',
      '    private static String readLine(BufferedReader in) throws IOException {',
      '        String line = in.readLine();',
      '        return line == null ? "" : line;',
      '    }',
    );
  }
  if (usesArray) {
    lines.push(
      '',
      '    private static int[] readIntArray(BufferedReader in) throws IOException {',
      '        int n = Integer.parseInt(readLine(in).trim());',
      '        int[] values = new int[n];',
      '        StringTokenizer tokens = new StringTokenizer(readLine(in));',
      '        for (int i = 0; i < n; i++) {',
      '            while (!tokens.hasMoreTokens()) {',
      '                String more = in.readLine();',
      '                if (more == null) throw new EOFException("missing array elements");',
      '                tokens = new StringTokenizer(more);',
      '            }',
      '            values[i] = Integer.parseInt(tokens.nextToken());',
      '        }',
      '        return values;',
      '    }',
    );
  }
  lines.push('}', '');
  return lines.join('\n');
}
