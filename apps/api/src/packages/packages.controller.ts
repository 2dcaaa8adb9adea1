import { BadRequestException, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  FieldSentences,
  importPackageQuerySchema,
  type ImportPackageQuery,
  PackageMessages,
  packageImageNameSchema,
  packageImageQuerySchema,
  type PackageImageQuery,
} from '@javelin/contracts';
import type { Request, Response } from 'express';
import { AdminOnly, CurrentUser, OptionalAuth } from '../auth/guards';
import { JudgingBudget } from '../common/rate-limit';
import { uuidParam } from '../common/uuid.pipe';
import { ZodParam, ZodQuery } from '../common/zod';
import { IMAGE_EXP, IMAGE_SIG } from '../problems/image-links';
import type { AuthUser } from '../users/users.service';
import { PackagesService } from './packages.service';
import { packageUpload } from './upload';

/** A signed image link's query (ImageLinks): both parts in the form the API writes them, or neither. */
function imageSignature(exp: unknown, sig: unknown): { signature?: { exp: string; sig: string } } {
  if (exp === undefined && sig === undefined) return {};
  if (typeof exp !== 'string' || typeof sig !== 'string' || !IMAGE_EXP.test(exp) || !IMAGE_SIG.test(sig))
    throw new BadRequestException(PackageMessages.imageSignatureMalformed);
  return { signature: { exp, sig } };
}

/** A multipart upload's `publish` field (the import dialog's "Publish now"): true, false or absent. */
function publishField(req: Request): 'true' | 'false' | undefined {
  const value: unknown = (req.body as Record<string, unknown> | undefined)?.publish;
  if (value === undefined || value === 'true' || value === 'false') return value;
  throw new BadRequestException(FieldSentences.trueOrFalse('publish'));
}

/** Problem packages (issue 29): import and export in the ICPC / Kattis format, jury verification, statement images. */
@Controller('problems')
export class PackagesController {
  constructor(private readonly packages: PackagesService) {}

  @Post('import')
  @AdminOnly()
  async importPackage(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentUser() author: AuthUser,
    @ZodQuery(importPackageQuerySchema) query: ImportPackageQuery,
  ) {
    const upload = await packageUpload(req, res);
    const publish = query.publish === 'true' || publishField(req) === 'true';
    return this.packages.importPackage(upload.zip, author, upload.name, publish);
  }

  @Post(':id/verify')
  @HttpCode(200)
  @AdminOnly()
  @JudgingBudget()
  verify(@Param('id', uuidParam('id')) id: string, @Req() req: Request) {
    return this.packages.verify(id, req.id);
  }

  @Get(':id/export')
  @AdminOnly()
  async exportPackage(@Param('id', uuidParam('id')) id: string, @Res() res: Response) {
    const { zip, fileName } = await this.packages.exportPackage(id);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.send(zip);
  }

  @Get(':id/images/:name')
  @OptionalAuth()
  async image(
    @Param('id', uuidParam('id')) id: string,
    @ZodParam('name', packageImageNameSchema) name: string,
    @ZodQuery(packageImageQuerySchema) { contestId, exp, sig }: PackageImageQuery,
    @CurrentUser() viewer: AuthUser | undefined,
    @Res() res: Response,
  ) {
    const image = await this.packages.image(id, name, viewer, {
      ...(typeof contestId === 'string' ? { contestId } : {}),
      ...imageSignature(exp, sig),
    });
    res.setHeader('Content-Type', image.contentType);
    // An SVG is a document: never run its scripts in the site's origin.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // A hidden problem's image reached by a signed link is that viewer's: no shared cache keeps it.
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.send(image.data);
  }
}
