import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { AdminOnly, CurrentUser } from '../auth/guards';
import { uuidParam } from '../common/uuid.pipe';
import type { AuthUser } from '../users/users.service';
import { AdminService } from './admin.service';
import { GrantRoleDto } from './dto';

@Controller('admin')
@AdminOnly()
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('all-users')
  allUsers() {
    return this.admin.allUsers();
  }

  @Get('users')
  adminUsers() {
    return this.admin.adminUsers();
  }

  @Get('user-roles')
  userRoles() {
    return this.admin.userRoles();
  }

  @Post('users')
  grant(@CurrentUser() actor: AuthUser, @Body() dto: GrantRoleDto) {
    return this.admin.grant(actor, dto.userId, dto.role);
  }

  @Delete('users/:id')
  revoke(@CurrentUser() actor: AuthUser, @Param('id', uuidParam('id')) id: string) {
    return this.admin.revoke(actor, id);
  }
}
