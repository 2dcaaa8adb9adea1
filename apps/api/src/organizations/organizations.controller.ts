import { ConflictException, Controller, Delete, Get, NotFoundException, Param, Post } from '@nestjs/common';
import { ServerMessages, createOrganizationSchema } from '@javelin/contracts';
import { AdminOnly } from '../auth/guards';
import { uuidParam } from '../common/uuid.pipe';
import { CreateOrganizationDto } from './dto';
import { OrganizationsRepository } from './organizations.repository';
import { ZodBody } from '../common/zod';

/** Schools and clubs (issue 32): everyone lists them (a profile picks one), admins add and remove them. */
@Controller()
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsRepository) {}

  @Get('organizations')
  list() {
    return this.organizations.list();
  }

  @Post('admin/organizations')
  @AdminOnly()
  async create(@ZodBody(createOrganizationSchema) dto: CreateOrganizationDto) {
    const created = await this.organizations.create({
      name: dto.name,
      formalName: dto.formalName || null,
      country: dto.country ?? null,
    });
    if (!created) throw new ConflictException(ServerMessages.organizationNameTaken);
    return created;
  }

  @Delete('admin/organizations/:id')
  @AdminOnly()
  async remove(@Param('id', uuidParam('id')) id: string) {
    if (!(await this.organizations.remove(id)))
      throw new NotFoundException(ServerMessages.organizationNotFound);
    return { success: true as const, message: ServerMessages.organizationDeleted };
  }
}
