import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Authenticated, CurrentUser } from '../auth/guards';
import type { AuthUser } from '../users/users.service';
import { ExecuteCodeDto } from './dto';
import { ExecutionService } from './execution.service';

@Controller()
export class ExecutionController {
  constructor(private readonly execution: ExecutionService) {}

  @Post('execute-code')
  @HttpCode(200)
  @Authenticated()
  execute(@CurrentUser() user: AuthUser, @Body() dto: ExecuteCodeDto, @Req() req: Request) {
    return this.execution.execute(user, dto, req.id);
  }
}
