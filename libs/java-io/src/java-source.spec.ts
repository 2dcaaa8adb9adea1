import { describe, expect, it } from 'vitest';
import { analyzeJavaSource, blankCommentsAndLiterals } from './java-source';

describe('analyzeJavaSource', () => {
  it('finds the public class and its main', () => {
    const info = analyzeJavaSource(
      'import java.util.*;\npublic class Solution {\n  public static void main(String[] a) {}\n}\n',
    );
    expect(info).toEqual({
      packageName: null,
      publicClass: 'Solution',
      publicTypes: ['Solution'],
      topLevelTypes: ['Solution'],
      mainClass: 'Solution',
    });
  });

  it('ignores classes in comments and strings, and nested classes', () => {
    const src = [
      '// public class Fake {',
      '/* class Other { */',
      'class Helper { static class Inner { public static void main(String[] a) {} } }',
      'public final class Real {',
      '  String s = "class Nope { {";',
      "  char c = '{';",
      '  static public void main(String... args) { }',
      '}',
    ].join('\n');
    const info = analyzeJavaSource(src);
    expect(info.publicClass).toBe('Real');
    expect(info.publicTypes).toEqual(['Real']);
    expect(info.topLevelTypes).toEqual(['Helper', 'Real']);
    expect(info.mainClass).toBe('Real');
  });

  it('uses a non-public class with main when there is no public class; reads the package', () => {
    const info = analyzeJavaSource(
      'package a.b;\n@SuppressWarnings("x") class A {}\nclass B { static void main(String[] x) {} }',
    );
    expect(info.packageName).toBe('a.b');
    expect(info.publicClass).toBeNull();
    expect(info.publicTypes).toEqual([]);
    expect(info.mainClass).toBe('B');
  });

  it('lists every public top-level type (two in one file cannot compile)', () => {
    const info = analyzeJavaSource('public class A { class Inner {} }\npublic interface B {}\nclass C {}');
    expect(info.publicTypes).toEqual(['A', 'B']);
  });

  it('blanks text blocks and keeps offsets', () => {
    const src = 'a """\n{ class X\n""" b';
    const out = blankCommentsAndLiterals(src);
    expect(out.length).toBe(src.length);
    expect(out).not.toContain('class');
  });
});
