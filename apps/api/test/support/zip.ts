import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  path: string;
  content: Buffer | string;
  /** Write this uncompressed size into the headers instead of the real one (a lying zip bomb). */
  claimedSize?: number;
}

/**
 * A zip written byte by byte (deflated entries, central directory), so a test can build any package,
 * hostile ones included (a path with `..`, a size the headers lie about), without the code under test.
 */
export function buildZip(entries: readonly ZipEntry[] | Record<string, Buffer | string>): Buffer {
  const list: ZipEntry[] = Array.isArray(entries)
    ? [...entries]
    : Object.entries(entries).map(([path, content]) => ({ path, content }));
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of list) {
    const data = typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : entry.content;
    const compressed = deflateRawSync(data);
    const name = Buffer.from(entry.path, 'utf8');
    const crc = crc32(data);
    const size = entry.claimedSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(list.length, 8);
  end.writeUInt16LE(list.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
