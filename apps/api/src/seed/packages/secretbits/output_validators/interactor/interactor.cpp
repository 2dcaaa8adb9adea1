// Secret Bits' interactor: the input file holds n and the secret; at most n + 1 questions.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

static std::ofstream judge;

static int finish(int code, const std::string& message) {
    judge << message << "\n";
    judge.close();
    return code;
}

int main(int argc, char** argv) {
    std::ifstream input(argv[1]);
    int n;
    std::string secret;
    input >> n >> secret;
    judge.open(std::string(argv[3]) + "judgemessage.txt");
    std::cout << n << std::endl;
    for (int asked = 0;;) {
        std::string kind, t;
        if (!(std::cin >> kind >> t)) return finish(43, "the program ended before answering");
        if ((int)t.size() != n || t.find_first_not_of("01") != std::string::npos)
            return finish(43, "not a string of " + std::to_string(n) + " bits: " + t.substr(0, 40));
        if (kind == "!") return t == secret ? finish(42, "found after " + std::to_string(asked) + " questions")
                                            : finish(43, "wrong answer " + t.substr(0, 40));
        if (kind != "?") return finish(43, "a line that is neither ? nor !");
        if (++asked > n + 1) return finish(43, "more than n + 1 questions");
        int same = 0;
        for (int i = 0; i < n; i++) same += t[i] == secret[i];
        std::cout << same << std::endl;
    }
}
