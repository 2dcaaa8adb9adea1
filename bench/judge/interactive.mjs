// The judge benchmark's jobs with an output validator (issue 42), beside the plain two-sum one:
//   validated:   two-sum judged by a custom C++ output validator (one validator sandbox per submission)
//   interactive: guess-the-number against a C++ interactor, talking through the harness's FIFOs
//   validated-java, validated-python, interactive-java, interactive-python: the same validator and
//                interactor written in Java and in Python
// All are accepted 10-test submissions, so their CPU per submission reads beside the plain path's.
import { requireFromRoot } from '../lib/common.mjs';

const { DEFAULT_JUDGE_LIMITS: LIMITS } = requireFromRoot('@javelin/contracts');

/** Accepts the expected answer's tokens (the two indices) exactly. */
const TOKENS_VALIDATOR = {
  language: 'cpp',
  files: [
    {
      path: 'validator.cpp',
      content: `#include <fstream>
#include <iostream>
#include <string>
int main(int argc, char** argv) {
  std::ifstream answer(argv[2]);
  std::string want, got;
  while (answer >> want) { if (!(std::cin >> got) || got != want) return 43; }
  return std::cin >> got ? 43 : 42;
}
`,
    },
  ],
};

/** Guess the number in [1, 10^9] (the input file's), at most 31 guesses. */
const GUESS_VALIDATOR = {
  language: 'cpp',
  files: [
    {
      path: 'interactor.cpp',
      content: `#include <cstdio>
#include <fstream>
int main(int argc, char** argv) {
  std::ifstream in(argv[1]);
  long n; in >> n;
  for (int q = 0; q < 31; q++) {
    long g;
    if (scanf("%ld", &g) != 1) return 43;
    if (g == n) { printf("correct\\n"); fflush(stdout); return 42; }
    printf(g < n ? "higher\\n" : "lower\\n"); fflush(stdout);
  }
  return 43;
}
`,
    },
  ],
};

/** TOKENS_VALIDATOR in Java. */
const TOKENS_VALIDATOR_JAVA = {
  language: 'java',
  files: [
    {
      path: 'Validator.java',
      content: `import java.nio.file.*;
public class Validator {
    public static void main(String[] args) throws Exception {
        String[] want = Files.readString(Path.of(args[1])).trim().split("\\s+");
        String[] got = new String(System.in.readAllBytes()).trim().split("\\s+");
        System.exit(java.util.Arrays.equals(want, got) ? 42 : 43);
    }
}
`,
    },
  ],
};

/** TOKENS_VALIDATOR in Python. */
const TOKENS_VALIDATOR_PYTHON = {
  language: 'python',
  files: [
    {
      path: 'validator.py',
      content: `import sys
want = open(sys.argv[2]).read().split()
got = sys.stdin.read().split()
sys.exit(42 if want == got else 43)
`,
    },
  ],
};

/** GUESS_VALIDATOR in Java. */
const GUESS_VALIDATOR_JAVA = {
  language: 'java',
  files: [
    {
      path: 'Interactor.java',
      content: `import java.io.*;
import java.nio.file.*;
public class Interactor {
    public static void main(String[] args) throws IOException {
        long n = Long.parseLong(Files.readString(Path.of(args[0])).trim());
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (int q = 0; q < 31; q++) {
            String line = in.readLine();
            if (line == null) System.exit(43);
            long g = Long.parseLong(line.trim());
            if (g == n) { System.out.println("correct"); System.out.flush(); System.exit(42); }
            System.out.println(g < n ? "higher" : "lower");
            System.out.flush();
        }
        System.exit(43);
    }
}
`,
    },
  ],
};

/** GUESS_VALIDATOR in Python. */
const GUESS_VALIDATOR_PYTHON = {
  language: 'python',
  files: [
    {
      path: 'interactor.py',
      content: `import sys
n = int(open(sys.argv[1]).read())
for _ in range(31):
    line = sys.stdin.readline()
    if not line:
        sys.exit(43)
    g = int(line)
    if g == n:
        print("correct", flush=True)
        sys.exit(42)
    print("higher" if g < n else "lower", flush=True)
sys.exit(43)
`,
    },
  ],
};

/** One exchange per test: the interactor says the input's number, the submission says it back. */
const ONCE_VALIDATOR = {
  language: 'cpp',
  files: [
    {
      path: 'once.cpp',
      content: `#include <cstdio>
#include <fstream>
int main(int argc, char** argv) {
  std::ifstream in(argv[1]);
  long n, got; in >> n;
  printf("%ld\\n", n); fflush(stdout);
  return scanf("%ld", &got) == 1 && got == n ? 42 : 43;
}
`,
    },
  ],
};

function echoSource(salt) {
  return `import java.io.*;

public class Main {
    // submission ${salt}
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        System.out.println(in.readLine());
    }
}
`;
}

const VALIDATORS = { cpp: TOKENS_VALIDATOR, java: TOKENS_VALIDATOR_JAVA, python: TOKENS_VALIDATOR_PYTHON };
const INTERACTORS = { cpp: GUESS_VALIDATOR, java: GUESS_VALIDATOR_JAVA, python: GUESS_VALIDATOR_PYTHON };

function guessSource(salt) {
  return `import java.io.*;

public class Main {
    // submission ${salt}
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        long lo = 1, hi = 1_000_000_000L;
        while (true) {
            long mid = (lo + hi) / 2;
            System.out.println(mid);
            System.out.flush();
            String r = in.readLine();
            if (r.equals("correct")) return;
            if (r.equals("higher")) lo = mid + 1; else hi = mid - 1;
        }
    }
}
`;
}

/**
 * The plain job (`plain`, the two-sum submission) judged by the custom validator in `language` (cpp,
 * java, python) instead of the exact checker.
 */
export function validatedSubmission(plain, language = 'cpp') {
  return { ...plain, outputValidation: { flags: [], custom: VALIDATORS[language] } };
}

/**
 * An accepted interactive 10-test submission (each test ~30 round trips) against the interactor in
 * `language`; `once`: the C++ interactor of one exchange per test (what the judge's interactive
 * machinery costs beside the dialogue a problem asks for).
 */
export function interactiveSubmission(salt, language = 'cpp') {
  const once = language === 'once';
  const tests = Array.from({ length: 10 }, (_, t) => ({
    id: `t${t}`,
    stdin: `${1 + ((t * 104_729_003) % 1_000_000_000)}\n`,
    expectedOutput: '',
  }));
  return {
    code: once ? echoSource(salt) : guessSource(salt),
    language: 'java',
    tests,
    limits: LIMITS,
    requestId: `bench-${salt}`,
    outputValidation: { flags: [], custom: once ? ONCE_VALIDATOR : INTERACTORS[language], interactive: true },
  };
}
