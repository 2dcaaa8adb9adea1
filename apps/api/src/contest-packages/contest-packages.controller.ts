import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AdminOnly, CurrentUser } from '../auth/guards';
import { uuidParam } from '../common/uuid.pipe';
import { packageUpload } from '../packages/upload';
import type { AuthUser } from '../users/users.service';
import { ContestPackagesService } from './contest-packages.service';

/** Contest packages (issue 43): a regional's CLICS contest package in one request, and its accounts. */
@Controller('contests')
export class ContestPackagesController {
  constructor(private readonly packages: ContestPackagesService) {}

  /** The package as a zip: the body with Content-Type application/zip, or the multipart field `package`. */
  @Post('import')
  @AdminOnly()
  async importPackage(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentUser() author: AuthUser,
  ) {
    const upload = await packageUpload(req, res);
    return this.packages.importPackage(upload.zip, author);
  }

  /** The accounts the package brought (username, team, label): never a password. */
  @Get(':id/accounts')
  @AdminOnly()
  accounts(@Param('id', uuidParam('id')) id: string) {
    return this.packages.accounts(id);
  }
}
