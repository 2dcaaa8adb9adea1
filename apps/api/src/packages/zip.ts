import { PACKAGE_LIMITS, PackageMessages } from '@javelin/contracts';
import { Readable } from 'node:stream';
import * as yauzl from 'yauzl';
import * as yazl from 'yazl';
import { isInsidePath } from '../problems/paths';

/** A package that cannot be read, with the sentence naming why (a 400 for the importer). */
export class PackageError extends Error {}

const MB = 1024 * 1024;

/**
 * The files of a zip by their path (folders left out), read from its central directory with bounds kept
 * while reading: the zip's size, the number of entries, each file's and the total uncompressed size
 * (counted on the inflated bytes, not on what the zip claims). No bound on an entry's compression
 * ratio: real test data compresses far beyond any such bound (a regional's 1.4 MB answer of one repeated
 * line, 670:1), and the inflated-size bounds are what stop a bomb. A path leaving the package
 * (absolute, `..`) is refused, never written anywhere.
 */
export async function readZip(zip: Buffer, limits = PACKAGE_LIMITS): Promise<Map<string, Buffer>> {
  if (zip.length > limits.maxZipBytes)
    throw new PackageError(PackageMessages.zipTooLarge(limits.maxZipBytes / MB));
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      zip,
      // Sizes are checked against what is inflated (validateEntrySizes); names are checked here.
      { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: false },
      (error, file) => (error || !file ? reject(asPackageError(error ?? 'empty')) : resolve(file)),
    ),
  );
  if (archive.entryCount > limits.maxEntries) {
    archive.close();
    throw new PackageError(PackageMessages.tooManyEntries(limits.maxEntries));
  }
  const files = new Map<string, Buffer>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => reject(asPackageError(error));
      archive.on('error', fail);
      archive.on('end', () => resolve());
      archive.on('entry', (entry: yauzl.Entry) => {
        const path = entry.fileName.replace(/^\.\//, '');
        if (!isInsidePath(path.replace(/\/$/, '')))
          return fail(new PackageError(PackageMessages.pathEscapes(entry.fileName)));
        if (path.endsWith('/')) return archive.readEntry();
        if (entry.uncompressedSize > limits.maxFileBytes)
          return fail(new PackageError(PackageMessages.fileTooLarge(path, limits.maxFileBytes / MB)));
        if (total + entry.uncompressedSize > limits.maxUncompressedBytes)
          return fail(
            new PackageError(PackageMessages.uncompressedTooLarge(limits.maxUncompressedBytes / MB)),
          );
        archive.openReadStream(entry, (error, stream) => {
          if (error || !stream) return fail(error);
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            // yauzl stops at the declared size too; this bound holds whatever the header claims.
            if (size > limits.maxFileBytes || total + size > limits.maxUncompressedBytes) {
              stream.destroy();
              fail(new PackageError(PackageMessages.uncompressedTooLarge(limits.maxUncompressedBytes / MB)));
              return;
            }
            chunks.push(chunk);
          });
          stream.on('error', fail);
          stream.on('end', () => {
            total += size;
            files.set(path, Buffer.concat(chunks));
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  } finally {
    archive.close();
  }
  return files;
}

/** yauzl refuses a name leaving the package ("invalid relative path: ../x", "absolute path: /x") before it is read. */
function asPackageError(error: unknown): PackageError {
  if (error instanceof PackageError) return error;
  const message = String((error as Error)?.message ?? error);
  const escape = /^(?:invalid relative path|absolute path): (.*)$/.exec(message);
  return new PackageError(escape ? PackageMessages.pathEscapes(escape[1]) : PackageMessages.notAZip(message));
}

/** A zip of `files` (path → content), deflated, in the order given. */
export function writeZip(files: ReadonlyMap<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [path, content] of files) {
    zip.addBuffer(typeof content === 'string' ? Buffer.from(content, 'utf8') : content, path, {
      mtime: ZIP_TIME,
    });
  }
  zip.end();
  return streamToBuffer(zip.outputStream as Readable);
}

/** A fixed time, so one problem always exports to the same bytes. */
const ZIP_TIME = new Date(Date.UTC(2024, 0, 1));

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
