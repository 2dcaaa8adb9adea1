import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AdminOnly, CurrentUser, OptionalAuth } from '../auth/guards';
import { JudgingBudget } from '../common/rate-limit';
import { uuidParam } from '../common/uuid.pipe';
import type { AuthUser } from '../users/users.service';
import { PackagesService } from './packages.service';
import { packageUpload } from './upload';

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
  ) {
    const upload = await packageUpload(req, res);
    return this.packages.importPackage(upload.zip, author, upload.name);
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
    @Param('name') name: string,
    @Query('contestId') contestId: string | undefined,
    @CurrentUser() viewer: AuthUser | undefined,
    @Res() res: Response,
  ) {
    const image = await this.packages.image(
      id,
      name,
      viewer,
      typeof contestId === 'string' ? contestId : undefined,
    );
    res.setHeader('Content-Type', image.contentType);
    // An SVG is a document: never run its scripts in the site's origin.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(image.data);
  }
}
