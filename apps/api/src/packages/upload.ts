import { BadRequestException } from '@nestjs/common';
import { PACKAGE_LIMITS, PackageMessages } from '@javelin/contracts';
import type { Request, Response } from 'express';
import multer from 'multer';

const MB = 1024 * 1024;
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

/** The multipart reader: one file, the field `package`, kept in memory (bounded by the package size limit). */
const multipart = multer({
  storage: multer.memoryStorage(),
  limits: { files: 1, fileSize: PACKAGE_LIMITS.maxZipBytes, fields: 10, parts: 20 },
}).single('package');

/**
 * The uploaded package: the multipart field `package`, or the body itself with Content-Type
 * application/zip. A 400 naming what is wrong when there is none or it is over the size limit (read no
 * further than the limit). Returns the zip and the name it came with, if any.
 */
export async function packageUpload(req: Request, res: Response): Promise<{ zip: Buffer; name?: string }> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'multipart/form-data') {
    await new Promise<void>((resolve, reject) =>
      multipart(req, res, (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
          return reject(
            new BadRequestException(PackageMessages.zipTooLarge(PACKAGE_LIMITS.maxZipBytes / MB)),
          );
        if (error instanceof multer.MulterError && error.code === 'LIMIT_UNEXPECTED_FILE')
          return reject(new BadRequestException(PackageMessages.notMultipartPackage));
        reject(new BadRequestException(PackageMessages.notAZip((error as Error).message ?? String(error))));
      }),
    );
    const file = (req as Request & { file?: { buffer: Buffer; originalname?: string } }).file;
    if (!file) throw new BadRequestException(PackageMessages.notMultipartPackage);
    return { zip: file.buffer, name: file.originalname?.replace(/\.(zip|kpp)$/i, '') };
  }
  if (ZIP_TYPES.includes(type)) return { zip: await rawBody(req) };
  if (!type) throw new BadRequestException(PackageMessages.noPackage);
  throw new BadRequestException(PackageMessages.unsupportedUpload(type));
}

/** The request's body, stopping (a 400) as soon as it passes the package size limit. */
async function rawBody(req: Request): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > PACKAGE_LIMITS.maxZipBytes)
    throw new BadRequestException(PackageMessages.zipTooLarge(PACKAGE_LIMITS.maxZipBytes / MB));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > PACKAGE_LIMITS.maxZipBytes) {
      req.unpipe();
      req.resume();
      throw new BadRequestException(PackageMessages.zipTooLarge(PACKAGE_LIMITS.maxZipBytes / MB));
    }
    chunks.push(chunk as Buffer);
  }
  if (size === 0) throw new BadRequestException(PackageMessages.noPackage);
  return Buffer.concat(chunks);
}
