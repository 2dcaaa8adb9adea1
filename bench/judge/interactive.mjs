// The judge benchmark's jobs with an output validator (issue 42), beside the plain two-sum one:
//   validated:   two-sum judged by a custom C++ output validator (one validator sandbox per test)
//   interactive: guess-the-number against a C++ interactor, talking through the harness's FIFOs
// Both are accepted 10-test submissions, so their CPU per submission reads beside the plain path's.
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

/** The plain job (`plain`, the two-sum submission) judged by the custom validator instead of the exact checker. */
export function validatedSubmission(plain) {
  return { ...plain, outputValidation: { flags: [], custom: TOKENS_VALIDATOR } };
}

/** An accepted interactive 10-test submission (each test ~30 round trips). */
export function interactiveSubmission(salt) {
  const tests = Array.from({ length: 10 }, (_, t) => ({
    id: `t${t}`,
    stdin: `${1 + ((t * 104_729_003) % 1_000_000_000)}\n`,
    expectedOutput: '',
  }));
  return {
    code: guessSource(salt),
    language: 'java',
    tests,
    limits: LIMITS,
    requestId: `bench-${salt}`,
    outputValidation: { flags: [], custom: GUESS_VALIDATOR, interactive: true },
  };
}
