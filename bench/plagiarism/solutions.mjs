// Java solutions for the plagiarism bench: five problems, each with the boilerplate participants start
// from and a generator of independent-looking accepted solutions (a few algorithms, each written in
// many styles: names, loop forms, helpers, guards, comments, input reading, method order), plus a
// planted copy (the same program with every identifier renamed, comments and layout changed).

/** A small deterministic PRNG (mulberry32), so every run compares the same corpus. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const chance = (rand, p) => rand() < p;

const NAMES = {
  acc: ['sum', 'total', 'acc', 'result', 'answer', 'res', 'running', 's', 'agg', 'value'],
  idx: ['i', 'j', 'k', 'idx', 'pos', 'p', 'index', 't'],
  best: ['best', 'max', 'maxSum', 'ans', 'top', 'record', 'hi', 'peak'],
  cur: ['cur', 'current', 'here', 'run', 'window', 'local', 'tmp', 'c'],
  count: ['count', 'cnt', 'n', 'vowels', 'found', 'hits', 'num', 'k'],
  ch: ['c', 'ch', 'letter', 'x', 'symbol', 'chr'],
  left: ['l', 'left', 'lo', 'i', 'start', 'a'],
  right: ['r', 'right', 'hi', 'j', 'end', 'b'],
  prev: ['a', 'prev', 'before', 'f0', 'x', 'older'],
  next: ['b', 'next', 'after', 'f1', 'y', 'newer'],
};

function names(rand) {
  return Object.fromEntries(Object.entries(NAMES).map(([role, pool]) => [role, pick(rand, pool)]));
}

const COMMENTS = [
  '// straightforward approach',
  '// O(n) time',
  '// TODO: clean up',
  '// edge cases handled below',
  '/* iterate once */',
  '// works for the examples',
  '// keep it simple',
];

function comment(rand, indent) {
  return chance(rand, 0.35) ? `${indent}${pick(rand, COMMENTS)}\n` : '';
}

const SCANNER_MAIN = (read, call) => `    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
${read}
        System.out.println(${call});
    }`;

const READER_MAIN = (read, call) => `    public static void main(String[] args) throws IOException {
        BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
${read}
        System.out.println(${call});
    }`;

const ARRAY_READ = {
  scanner: `        int n = in.nextInt();
        int[] nums = new int[n];
        for (int i = 0; i < n; i++) nums[i] = in.nextInt();`,
  reader: `        int n = Integer.parseInt(br.readLine().trim());
        StringTokenizer st = new StringTokenizer(br.readLine());
        int[] nums = new int[n];
        for (int i = 0; i < n; i++) nums[i] = Integer.parseInt(st.nextToken());`,
};
const STRING_READ = {
  scanner: `        String s = in.nextLine();`,
  reader: `        String s = br.readLine();`,
};
const INT_READ = {
  scanner: `        int n = in.nextInt();`,
  reader: `        int n = Integer.parseInt(br.readLine().trim());`,
};

/** Wraps a method body into the whole program, boilerplate-style or rewritten. */
function program(rand, { signature, body, helpers = [], read, call }) {
  const reader = chance(rand, 0.2);
  const imports = reader ? 'import java.io.*;\nimport java.util.*;\n' : 'import java.util.*;\n';
  const main = (reader ? READER_MAIN : SCANNER_MAIN)(reader ? read.reader : read.scanner, call);
  const solve = `    public static ${signature} {\n${body}    }`;
  const parts = [solve, ...helpers];
  if (chance(rand, 0.3)) parts.reverse();
  const ordered = chance(rand, 0.25) ? [main, ...parts] : [...parts, main];
  return `${imports}\npublic class Main {\n${ordered.join('\n\n')}\n}\n`;
}

function loopOverArray(rand, n, visit) {
  const style = pick(rand, ['for', 'while', 'each']);
  if (style === 'each') return `        for (int v : nums) {\n${visit('v')}        }\n`;
  if (style === 'while')
    return `        int ${n.idx} = 0;\n        while (${n.idx} < nums.length) {\n${visit(`nums[${n.idx}]`)}            ${n.idx}++;\n        }\n`;
  return `        for (int ${n.idx} = 0; ${n.idx} < nums.length; ${n.idx}++) {\n${visit(`nums[${n.idx}]`)}        }\n`;
}

const GENERATORS = {
  sumArray(rand) {
    const n = names(rand);
    const guard = chance(rand, 0.3) ? '        if (nums.length == 0) return 0;\n' : '';
    const viaHelper = chance(rand, 0.3);
    const body = viaHelper
      ? `${guard}        return add(nums, 0);\n`
      : `${guard}        long ${n.acc} = 0;\n${comment(rand, '        ')}${loopOverArray(rand, n, (v) => `            ${n.acc} += ${v};\n`)}        return ${n.acc};\n`;
    const helpers = viaHelper
      ? [`    static long add(int[] nums, int from) {\n        if (from == nums.length) return 0;\n        return nums[from] + add(nums, from + 1);\n    }`]
      : [];
    return program(rand, { signature: 'long sumArray(int[] nums)', body, helpers, read: ARRAY_READ, call: 'sumArray(nums)' });
  },
  maxSubarray(rand) {
    const n = names(rand);
    const algorithm = pick(rand, ['kadane', 'kadane', 'prefix', 'brute']);
    let body;
    if (algorithm === 'kadane') {
      const update = chance(rand, 0.5)
        ? (v) => `            ${n.cur} = Math.max(${v}, ${n.cur} + ${v});\n            ${n.best} = Math.max(${n.best}, ${n.cur});\n`
        : (v) => `            ${n.cur} += ${v};\n            if (${n.cur} > ${n.best}) ${n.best} = ${n.cur};\n            if (${n.cur} < 0) ${n.cur} = 0;\n`;
      body = `        int ${n.best} = ${chance(rand, 0.5) ? 'nums[0]' : 'Integer.MIN_VALUE'};\n        int ${n.cur} = 0;\n${comment(rand, '        ')}${loopOverArray(rand, n, update)}        return ${n.best};\n`;
    } else if (algorithm === 'prefix') {
      body = `        long ${n.acc} = 0, low = 0, ${n.best} = Long.MIN_VALUE;\n${loopOverArray(rand, n, (v) => `            ${n.acc} += ${v};\n            ${n.best} = Math.max(${n.best}, ${n.acc} - low);\n            low = Math.min(low, ${n.acc});\n`)}        return (int) ${n.best};\n`;
    } else {
      body = `        int ${n.best} = Integer.MIN_VALUE;\n        for (int ${n.left} = 0; ${n.left} < nums.length; ${n.left}++) {\n            int ${n.acc} = 0;\n            for (int ${n.right} = ${n.left}; ${n.right} < nums.length; ${n.right}++) {\n                ${n.acc} += nums[${n.right}];\n                ${n.best} = Math.max(${n.best}, ${n.acc});\n            }\n        }\n        return ${n.best};\n`;
    }
    return program(rand, { signature: 'int maxSubarray(int[] nums)', body, read: ARRAY_READ, call: 'maxSubarray(nums)' });
  },
  countVowels(rand) {
    const n = names(rand);
    const helper = chance(rand, 0.5);
    const test = helper ? `isVowel(${n.ch})` : pick(rand, [`"aeiouAEIOU".indexOf(${n.ch}) >= 0`, `"aeiou".indexOf(Character.toLowerCase(${n.ch})) != -1`]);
    const loop = pick(rand, ['each', 'index']) === 'each'
      ? `        for (char ${n.ch} : s.toCharArray()) {\n            if (${test}) ${n.count}++;\n        }\n`
      : `        for (int ${n.idx} = 0; ${n.idx} < s.length(); ${n.idx}++) {\n            char ${n.ch} = s.charAt(${n.idx});\n            if (${test}) {\n                ${n.count} += 1;\n            }\n        }\n`;
    const body = `        int ${n.count} = 0;\n${comment(rand, '        ')}${loop}        return ${n.count};\n`;
    const helpers = helper
      ? [
          pick(rand, [
            `    static boolean isVowel(char c) {\n        c = Character.toLowerCase(c);\n        return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';\n    }`,
            `    private static boolean isVowel(char c) {\n        switch (Character.toLowerCase(c)) {\n            case 'a': case 'e': case 'i': case 'o': case 'u': return true;\n            default: return false;\n        }\n    }`,
          ]),
        ]
      : [];
    return program(rand, { signature: 'int countVowels(String s)', body, helpers, read: STRING_READ, call: 'countVowels(s)' });
  },
  isPalindrome(rand) {
    const n = names(rand);
    const algorithm = pick(rand, ['twoPointers', 'reverse', 'recursive']);
    let body;
    let helpers = [];
    if (algorithm === 'twoPointers') {
      body = `        int ${n.left} = 0, ${n.right} = s.length() - 1;\n        while (${n.left} < ${n.right}) {\n            if (s.charAt(${n.left}) != s.charAt(${n.right})) return false;\n            ${n.left}++;\n            ${n.right}--;\n        }\n        return true;\n`;
    } else if (algorithm === 'reverse') {
      body = chance(rand, 0.5)
        ? `        String ${n.acc} = new StringBuilder(s).reverse().toString();\n        return ${n.acc}.equals(s);\n`
        : `        String ${n.acc} = "";\n        for (int ${n.idx} = s.length() - 1; ${n.idx} >= 0; ${n.idx}--) ${n.acc} += s.charAt(${n.idx});\n        return s.equals(${n.acc});\n`;
    } else {
      body = `        return check(s, 0, s.length() - 1);\n`;
      helpers = [`    static boolean check(String s, int ${n.left}, int ${n.right}) {\n        if (${n.left} >= ${n.right}) return true;\n        return s.charAt(${n.left}) == s.charAt(${n.right}) && check(s, ${n.left} + 1, ${n.right} - 1);\n    }`];
    }
    return program(rand, { signature: 'boolean isPalindrome(String s)', body: comment(rand, '        ') + body, helpers, read: STRING_READ, call: 'isPalindrome(s)' });
  },
  fib(rand) {
    const n = names(rand);
    const algorithm = pick(rand, ['iterative', 'array', 'memo']);
    const mod = chance(rand, 0.5) ? '1_000_000_007' : '1000000007';
    let body;
    let helpers = [];
    if (algorithm === 'iterative') {
      body = `        long ${n.prev} = 0, ${n.next} = 1;\n        for (int ${n.idx} = 0; ${n.idx} < n; ${n.idx}++) {\n            long ${n.acc} = (${n.prev} + ${n.next}) % ${mod};\n            ${n.prev} = ${n.next};\n            ${n.next} = ${n.acc};\n        }\n        return (int) ${n.prev};\n`;
    } else if (algorithm === 'array') {
      body = `        if (n < 2) return n;\n        long[] dp = new long[n + 1];\n        dp[1] = 1;\n        for (int ${n.idx} = 2; ${n.idx} <= n; ${n.idx}++) dp[${n.idx}] = (dp[${n.idx} - 1] + dp[${n.idx} - 2]) % ${mod};\n        return (int) dp[n];\n`;
    } else {
      body = `        return (int) go(n, new HashMap<>());\n`;
      helpers = [`    static long go(int k, Map<Integer, Long> memo) {\n        if (k < 2) return k;\n        Long known = memo.get(k);\n        if (known != null) return known;\n        long v = (go(k - 1, memo) + go(k - 2, memo)) % ${mod};\n        memo.put(k, v);\n        return v;\n    }`];
    }
    return program(rand, { signature: 'int fib(int n)', body: comment(rand, '        ') + body, helpers, read: INT_READ, call: 'fib(n)' });
  },
};

const BOILERPLATE = {
  sumArray: ['long sumArray(int[] nums)', 'return 0;', ARRAY_READ.scanner, 'sumArray(nums)'],
  maxSubarray: ['int maxSubarray(int[] nums)', 'return 0;', ARRAY_READ.scanner, 'maxSubarray(nums)'],
  countVowels: ['int countVowels(String s)', 'return 0;', STRING_READ.scanner, 'countVowels(s)'],
  isPalindrome: ['boolean isPalindrome(String s)', 'return false;', STRING_READ.scanner, 'isPalindrome(s)'],
  fib: ['int fib(int n)', 'return 0;', INT_READ.scanner, 'fib(n)'],
};

export const PROBLEMS = Object.keys(GENERATORS);

/** The code every participant of `problem` starts from. */
export function boilerplate(problem) {
  const [signature, ret, read, call] = BOILERPLATE[problem];
  return `import java.util.*;\n\npublic class Main {\n    public static ${signature} {\n        // Write your solution here\n        ${ret}\n    }\n\n${SCANNER_MAIN(read, call)}\n}\n`;
}

export function independentSolution(problem, rand) {
  return GENERATORS[problem](rand);
}

/** A distinctive, longer solution of maxSubarray (its author's own style), the source of the planted copy. */
export const PLANTED_ORIGINAL = `import java.util.*;

public class Main {
    static final class Window {
        long bestSum = Long.MIN_VALUE;
        long runningSum = 0;
        int bestLength = 0;
        int runningLength = 0;

        void push(int value) {
            if (runningSum <= 0) {
                runningSum = value;
                runningLength = 1;
            } else {
                runningSum += value;
                runningLength++;
            }
            if (runningSum > bestSum || (runningSum == bestSum && runningLength < bestLength)) {
                bestSum = runningSum;
                bestLength = runningLength;
            }
        }
    }

    public static int maxSubarray(int[] nums) {
        Window window = new Window();
        for (int value : nums) window.push(value);
        return (int) window.bestSum;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        int[] nums = new int[n];
        for (int i = 0; i < n; i++) nums[i] = in.nextInt();
        System.out.println(maxSubarray(nums));
    }
}
`;

/** PLANTED_ORIGINAL with every identifier it chose renamed, a comment added and the braces moved. */
export function plantedCopy(original) {
  const renames = {
    Window: 'Segment',
    bestSum: 'top',
    runningSum: 'acc',
    bestLength: 'topLen',
    runningLength: 'accLen',
    push: 'feed',
    window: 'seg',
    value: 'x',
  };
  let code = original;
  for (const [from, to] of Object.entries(renames)) code = code.replace(new RegExp(`\\b${from}\\b`, 'g'), to);
  return code
    .replace('public class Main {', '// my solution\npublic class Main\n{')
    .replace(/\) \{\n(\s+)if \(acc <= 0\)/, ')\n$1{\n$1if (acc <= 0)');
}
