import { PACKAGE_LIMITS, PackageMessages } from '@javelin/contracts';
import { describe, expect, it } from 'vitest';
import { buildZip } from '../../test/support/zip';
import { PackageError, readZip } from './zip';

describe('readZip: bounds on what a zip inflates to, never on how well real data compresses', () => {
  it("reads a real regional's kind of answer file: megabytes of one repeated line (670:1 and more)", async () => {
    // Rocky Mountain 2023's addormultiply/data/secret/large-rand-6.ans: 200,001 lines of "997655".
    const answer = Buffer.from('997655\n'.repeat(200_001));
    const zip = buildZip({
      'problem.yaml': 'name: Add or Multiply\n',
      'data/secret/large-rand-6.ans': answer,
    });
    expect(answer.length / zip.length).toBeGreaterThan(500);
    const files = await readZip(zip);
    expect(files.get('data/secret/large-rand-6.ans')?.equals(answer)).toBe(true);
  });

  it('still refuses a file inflating past the per-file bound', async () => {
    const zip = buildZip({ 'data/secret/bomb.in': Buffer.alloc(PACKAGE_LIMITS.maxFileBytes + 1) });
    await expect(readZip(zip)).rejects.toEqual(
      new PackageError(
        PackageMessages.fileTooLarge('data/secret/bomb.in', PACKAGE_LIMITS.maxFileBytes / 1024 / 1024),
      ),
    );
  });
});
