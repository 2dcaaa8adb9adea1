import { ZipFile } from 'yazl';

/** A zip of `files` (path → text), as a coach's package download would be. */
export function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [path, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), path);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
