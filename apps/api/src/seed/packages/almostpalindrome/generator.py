#!/usr/bin/env python3
"""Writes data/sample and data/secret of almostpalindrome (seeded, reproducible). Small words are
checked by deleting every letter in turn; long ones by a two-pointer check written independently."""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(1221)


def is_pal(s):
    return s == s[::-1]


def almost(s):
    if len(s) <= 60:
        return is_pal(s) or any(is_pal(s[:i] + s[i + 1 :]) for i in range(len(s)))
    i, j = 0, len(s) - 1
    while i < j and s[i] == s[j]:
        i, j = i + 1, j - 1
    if i >= j:
        return True
    return is_pal(s[i + 1 : j + 1]) or is_pal(s[i:j])


def write(group, name, words):
    folder = os.path.join(HERE, 'data', group)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name + '.in'), 'w') as f:
        f.write(f'{len(words)}\n' + ''.join(w + '\n' for w in words))
    with open(os.path.join(folder, name + '.ans'), 'w') as f:
        f.write(''.join(('YES' if almost(w) else 'NO') + '\n' for w in words))


def word(n, letters='ab'):
    return ''.join(rng.choice(letters) for _ in range(n))


def palindrome(n, letters='abc'):
    half = word(n // 2, letters)
    return half + (rng.choice(letters) if n % 2 else '') + half[::-1]


def insert_one(s, letters='abc'):
    k = rng.randint(0, len(s))
    return s[:k] + rng.choice(letters) + s[k:]


def right_skip_only(n):
    """Mismatch where deleting the left letter looks fine for a while but only the right deletion works."""
    core = palindrome(n, 'ab')
    return 'c' + core + 'd' + 'c'  # delete d: c core c


write('sample', '1', ['abca', 'racecar', 'abc'])
write('sample', '2', ['a', 'ab', 'abccdba'])

write('secret', '01-single-letters', list('abcxyz'))
write('secret', '02-pairs', ['aa', 'ab', 'ba', 'zz', 'az'])
write('secret', '03-triples', [''.join(p) for p in ['abc', 'aab', 'aba', 'abb', 'bca', 'cab', 'aaa']])
write('secret', '04-known', ['deeee', 'eeeed', 'eedee', 'abcdba', 'abcdcba', 'tebbem', 'eccer', 'cupuufxoohdfpgjdmysgvhmvffcnqxjjxqncffvmhvgsymdjgpfdhooxfuupucu', 'aguokepatgbnvfqmgmlcupuufxoohdfpgjdmysgvhmvffcnqxjjxqncffvmhvgsymdjgpfdhooxfuupuculmgmqfvnbgtapekouga'])
write('secret', '05-skip-left-needed', ['yaba', 'cbbcc', 'ccbbc', 'acbba', 'xabbax' + 'y'])
write('secret', '06-skip-right-needed', [right_skip_only(rng.randint(10, 50)) for _ in range(200)])
write('secret', '07-random-small', [word(rng.randint(1, 12), 'ab') for _ in range(2000)])
write('secret', '08-random-small-abc', [word(rng.randint(1, 9), 'abc') for _ in range(2000)])
write('secret', '09-palindromes-plus-one', [insert_one(palindrome(rng.randint(1, 50))) for _ in range(2000)])
write('secret', '10-palindromes-plus-two', [insert_one(insert_one(palindrome(rng.randint(2, 50)))) for _ in range(2000)])
write('secret', '11-long-yes', [insert_one(palindrome(199999, 'ab'), 'ab') for _ in range(2)] + [palindrome(200000, 'z')])
write('secret', '12-long-no', [insert_one(insert_one(palindrome(199998, 'ab'), 'ab'), 'ab') for _ in range(2)] + ['a' * 100000 + 'b' + 'a' * 99997 + 'bb'])
write('secret', '13-long-right-skip', ['c' + palindrome(199996, 'ab') + 'dc', 'cd' + palindrome(199996, 'ab') + 'c'])
write('secret', '14-many-short', [rng.choice([palindrome(rng.randint(1, 6)), word(rng.randint(1, 6), 'abc')]) for _ in range(10000)])
write('secret', '15-max-total', [insert_one(palindrome(99, 'xy'), 'xy') for _ in range(10000)])
