import { PACKAGE_LIMITS, PackageMessages } from '@javelin/contracts';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { PackageError, readZip } from './zip';

/** A zip of `files`, deflated, written by yazl (a library, not the code under test). */
function buildZip(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [path, content] of Object.entries(files))
    zip.addBuffer(typeof content === 'string' ? Buffer.from(content) : content, path);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

describe('readZip: bounds on what a zip inflates to, never on how well real data compresses', () => {
  it("reads a real regional's kind of answer file: megabytes of one repeated line (670:1 and more)", async () => {
    // Rocky Mountain 2023's addormultiply/data/secret/large-rand-6.ans: 200,001 lines of "997655".
    const answer = Buffer.from('997655\n'.repeat(200_001));
    const zip = await buildZip({
      'problem.yaml': 'name: Add or Multiply\n',
      'data/secret/large-rand-6.ans': answer,
    });
    expect(answer.length / zip.length).toBeGreaterThan(500);
    const files = await readZip(zip);
    expect(files.get('data/secret/large-rand-6.ans')?.equals(answer)).toBe(true);
  });

  it('still refuses a file inflating past the per-file bound', async () => {
    const zip = await buildZip({ 'data/secret/bomb.in': Buffer.alloc(PACKAGE_LIMITS.maxFileBytes + 1) });
    await expect(readZip(zip)).rejects.toEqual(
      new PackageError(
        PackageMessages.fileTooLarge('data/secret/bomb.in', PACKAGE_LIMITS.maxFileBytes / 1024 / 1024),
      ),
    );
  });
});
