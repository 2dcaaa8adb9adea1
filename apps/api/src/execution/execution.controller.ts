import { Body, Controller, HttpCode, Post } from '@nestjs/common';
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
  execute(@CurrentUser() user: AuthUser, @Body() dto: ExecuteCodeDto) {
    return this.execution.execute(user, dto);
  }
}
