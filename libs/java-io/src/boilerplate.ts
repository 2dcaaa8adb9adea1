import {
  isProblemInputType,
  isProblemReturnType,
  type ProblemInputType,
  type ProblemReturnType,
} from '@javelin/contracts';
import { isJavaIdentifier } from './identifiers';
import { TYPE_SHAPES, type ScalarKind } from './typed-values';
import type { TypedVariable } from './values';

/** The class every generated boilerplate declares; the judge also accepts any other public class name. */
export const BOILERPLATE_CLASS_NAME = 'Main';

export interface BoilerplateSpec {
  functionName: string;
  returnType: ProblemReturnType;
  inputVariables: ReadonlyArray<TypedVariable>;
}

const JAVA_TYPE: Record<ProblemReturnType, string> = {
  int: 'int',
  long: 'long',
  double: 'double',
  char: 'char',
  boolean: 'boolean',
  string: 'String',
  array: 'int[]',
  'int[]': 'int[]',
  'long[]': 'long[]',
  'double[]': 'double[]',
  'boolean[]': 'boolean[]',
  'char[]': 'char[]',
  'string[]': 'String[]',
  'int[][]': 'int[][]',
  'char[][]': 'char[][]',
  void: 'void',
};

const DEFAULT_RETURN: Record<ProblemReturnType, string | null> = {
  int: '0',
  long: '0',
  double: '0.0',
  char: "' '",
  boolean: 'false',
  string: '""',
  array: 'new int[0]',
  'int[]': 'new int[0]',
  'long[]': 'new long[0]',
  'double[]': 'new double[0]',
  'boolean[]': 'new boolean[0]',
  'char[]': 'new char[0]',
  'string[]': 'new String[0]',
  'int[][]': 'new int[0][]',
  'char[][]': 'new char[0][]',
  void: null,
};

/** The Java type for a problem's input or return type (string -> String, array -> int[], string[] -> String[]). */
export function javaType(type: ProblemInputType | ProblemReturnType): string {
  const t = isProblemReturnType(type) ? JAVA_TYPE[type] : undefined;
  if (!t) throw new Error(`Unknown type "${String(type)}"`);
  return t;
}

/** `Int`, `Long`, ... as the generated helpers' names spell an element kind. */
function kindName(kind: ScalarKind): string {
  return kind[0].toUpperCase() + kind.slice(1);
}

const JAVA_ELEMENT: Record<ScalarKind, string> = {
  int: 'int',
  long: 'long',
  double: 'double',
  char: 'char',
  boolean: 'boolean',
  string: 'String',
};

const PARSE_TOKEN: Partial<Record<ScalarKind, string>> = {
  int: 'Integer.parseInt',
  long: 'Long.parseLong',
  double: 'Double.parseDouble',
  boolean: 'Boolean.parseBoolean',
};

/** The name of the helper that reads a value of `type`, or null when main reads it inline. */
function readerHelper(type: ProblemInputType): string | null {
  const { element, depth } = TYPE_SHAPES[type];
  if (depth === 0)
    return element === 'long' || element === 'double' || element === 'char'
      ? `read${kindName(element)}`
      : null;
  return `read${kindName(element)}${depth === 1 ? 'Array' : 'Matrix'}`;
}

function readExpression(type: ProblemInputType, reader: string): string {
  switch (type) {
    case 'int':
      return `Integer.parseInt(readLine(${reader}).trim())`;
    case 'boolean':
      return `Boolean.parseBoolean(readLine(${reader}).trim())`;
    case 'string':
      return `readLine(${reader})`;
    default:
      return `${readerHelper(type)}(${reader})`;
  }
}

/** The name of the helper that formats a result of `type` canonically, or null when println prints it so. */
function formatHelper(type: ProblemReturnType): string | null {
  if (type === 'void') return null;
  const { element, depth } = TYPE_SHAPES[type];
  return depth === 0 ? null : `format${kindName(element)}${depth === 1 ? 'Array' : 'Matrix'}`;
}

interface Helper {
  lines: string[];
  uses: string[];
}

function helperSource(name: string): Helper {
  if (name === 'readLine') {
    return {
      uses: [],
      lines: [
        '    private static String readLine(BufferedReader in) throws IOException {',
        '        String line = in.readLine();',
        '        return line == null ? "" : line;',
        '    }',
      ],
    };
  }
  const m = /^(read|format)(Int|Long|Double|Char|Boolean|String)(Array|Matrix)?$/.exec(name);
  if (!m) throw new Error(`No helper "${name}"`);
  const [, verb, kindPart, shape] = m;
  const kind = kindPart.toLowerCase() as ScalarKind;
  const elem = JAVA_ELEMENT[kind];
  if (verb === 'read' && !shape) {
    if (kind === 'char') {
      return {
        uses: ['readLine'],
        lines: [
          '    private static char readChar(BufferedReader in) throws IOException {',
          '        String line = readLine(in);',
          '        if (line.isEmpty()) throw new EOFException("missing char");',
          '        return line.charAt(0);',
          '    }',
        ],
      };
    }
    return {
      uses: ['readLine'],
      lines: [
        `    private static ${elem} ${name}(BufferedReader in) throws IOException {`,
        `        return ${PARSE_TOKEN[kind]}(readLine(in).trim());`,
        '    }',
      ],
    };
  }
  if (verb === 'read' && shape === 'Matrix') {
    return {
      uses: ['readLine', `read${kindPart}Array`],
      lines: [
        `    private static ${elem}[][] ${name}(BufferedReader in) throws IOException {`,
        '        int rows = Integer.parseInt(readLine(in).trim());',
        `        ${elem}[][] values = new ${elem}[rows][];`,
        `        for (int i = 0; i < rows; i++) values[i] = read${kindPart}Array(in);`,
        '        return values;',
        '    }',
      ],
    };
  }
  if (verb === 'read' && kind === 'char') {
    return {
      uses: ['readLine'],
      lines: [
        '    private static char[] readCharArray(BufferedReader in) throws IOException {',
        '        int n = Integer.parseInt(readLine(in).trim());',
        '        String line = readLine(in);',
        '        if (line.length() < n) throw new EOFException("missing array elements");',
        '        return line.substring(0, n).toCharArray();',
        '    }',
      ],
    };
  }
  if (verb === 'read' && kind === 'string') {
    return {
      uses: ['readLine'],
      lines: [
        '    private static String[] readStringArray(BufferedReader in) throws IOException {',
        '        int n = Integer.parseInt(readLine(in).trim());',
        '        String[] values = new String[n];',
        '        for (int i = 0; i < n; i++) values[i] = readLine(in);',
        '        return values;',
        '    }',
      ],
    };
  }
  if (verb === 'read') {
    return {
      uses: ['readLine'],
      lines: [
        `    private static ${elem}[] ${name}(BufferedReader in) throws IOException {`,
        '        int n = Integer.parseInt(readLine(in).trim());',
        `        ${elem}[] values = new ${elem}[n];`,
        '        StringTokenizer tokens = new StringTokenizer(readLine(in));',
        '        for (int i = 0; i < n; i++) {',
        '            while (!tokens.hasMoreTokens()) {',
        '                String more = in.readLine();',
        '                if (more == null) throw new EOFException("missing array elements");',
        '                tokens = new StringTokenizer(more);',
        '            }',
        `            values[i] = ${PARSE_TOKEN[kind]}(tokens.nextToken());`,
        '        }',
        '        return values;',
        '    }',
      ],
    };
  }
  // A null result prints as "null", as println prints a null String: a wrong answer, not a crash in code the user did not write.
  if (shape === 'Matrix') {
    return {
      uses: [`format${kindPart}Array`],
      lines: [
        `    private static String ${name}(${elem}[][] rows) {`,
        '        if (rows == null) return "null";',
        '        StringBuilder out = new StringBuilder();',
        '        for (int i = 0; i < rows.length; i++) {',
        "            if (i > 0) out.append('\\n');",
        `            out.append(format${kindPart}Array(rows[i]));`,
        '        }',
        '        return out.toString();',
        '    }',
      ],
    };
  }
  return {
    uses: [],
    lines: [
      `    private static String ${name}(${elem}[] values) {`,
      '        if (values == null) return "null";',
      '        StringBuilder out = new StringBuilder();',
      '        for (int i = 0; i < values.length; i++) {',
      "            if (i > 0) out.append(' ');",
      '            out.append(values[i]);',
      '        }',
      '        return out.toString();',
      '    }',
    ],
  };
}

/** The helpers `roots` need, each once, dependencies first (readLine before readIntArray, as the spec's boilerplate has them). */
function helperClosure(roots: string[]): string[] {
  const ordered: string[] = [];
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    helperSource(name).uses.forEach(visit);
    ordered.push(name);
  };
  roots.forEach(visit);
  return ordered;
}

const RESERVED_FUNCTION_NAMES = new Set(['main', 'readLine', 'readIntArray']);
/** Type names the generated main refers to; a variable with one of these names would obscure it. */
const RESERVED_VARIABLE_NAMES = new Set([
  'String',
  'Integer',
  'Boolean',
  'System',
  'BufferedReader',
  'InputStreamReader',
  'StringTokenizer',
  'IOException',
  'EOFException',
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
 * input from stdin in variable order (the encoding of README.md: arrays as a length line then a line
 * of elements, strings as a whole line, ...), calls the function and prints the result canonically:
 * scalars with println, arrays on one line with one space between elements, matrices one row per
 * line. A void function's result is not printed. Private helpers are added only for the types used,
 * so a problem of the spec's types gets exactly the spec's boilerplate.
 *
 * Throws an Error when the function name or a variable name is not a Java identifier, names repeat,
 * a name is one the generated code needs, or a type is unknown.
 */
export function generateBoilerplate(spec: BoilerplateSpec): string {
  const { functionName, returnType, inputVariables } = spec;
  if (!isJavaIdentifier(functionName)) {
    throw new Error(`Function name "${functionName}" is not a valid Java identifier`);
  }
  if (RESERVED_FUNCTION_NAMES.has(functionName)) {
    throw new Error(`Function name "${functionName}" is reserved by the generated code`);
  }
  if (!isProblemReturnType(returnType)) throw new Error(`Unknown return type "${String(returnType)}"`);
  const taken = new Set<string>();
  for (const v of inputVariables) {
    if (!isJavaIdentifier(v.name)) throw new Error(`Input name "${v.name}" is not a valid Java identifier`);
    if (RESERVED_VARIABLE_NAMES.has(v.name)) {
      throw new Error(`Input name "${v.name}" is reserved by the generated code`);
    }
    if (taken.has(v.name)) throw new Error(`Input name "${v.name}" is used twice`);
    if (!isProblemInputType(v.type)) throw new Error(`Unknown type "${String(v.type)}"`);
    taken.add(v.name);
  }
  const readers = inputVariables.length > 0 ? ['readLine'] : [];
  for (const v of inputVariables) {
    const helper = readerHelper(v.type);
    if (helper) readers.push(helper);
  }
  const formatter = formatHelper(returnType);
  const helpers = helperClosure(formatter ? [...readers, formatter] : readers);
  if (helpers.includes(functionName)) {
    throw new Error(`Function name "${functionName}" is reserved by the generated code`);
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
    lines.push(`        System.out.println(${formatter ? `${formatter}(${result})` : result});`);
  }
  lines.push('    }');
  for (const helper of helpers) lines.push('', ...helperSource(helper).lines);
  lines.push('}', '');
  return lines.join('\n');
}
