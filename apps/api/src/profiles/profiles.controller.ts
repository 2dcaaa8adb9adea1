import { updateProfileSchema } from '@javelin/contracts';
import { Controller, Get, Param, Put } from '@nestjs/common';
import { Authenticated, CurrentUser, OptionalAuth } from '../auth/guards';
import { uuidParam } from '../common/uuid.pipe';
import type { AuthUser } from '../users/users.service';
import { UpdateProfileDto } from './dto';
import { ProfilesService } from './profiles.service';
import { ZodBody } from '../common/zod';

@Controller('profiles')
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get('me')
  @Authenticated()
  me(@CurrentUser() user: AuthUser) {
    return this.profiles.get(user.id, true, user);
  }

  @Put('me')
  @Authenticated()
  update(@CurrentUser() user: AuthUser, @ZodBody(updateProfileSchema) dto: UpdateProfileDto) {
    return this.profiles.update(user, dto);
  }

  @Get('me/activity')
  @Authenticated()
  myActivity(@CurrentUser() user: AuthUser) {
    return this.profiles.activity(user.id, user);
  }

  @Get('me/rating-history')
  @Authenticated()
  myRatingHistory(@CurrentUser() user: AuthUser) {
    return this.profiles.ratingHistory(user.id);
  }

  /** Public; the bearer token, when sent, lets the owner and admins count through a freeze. */
  @Get(':userId')
  @OptionalAuth()
  get(@Param('userId', uuidParam('userId')) userId: string, @CurrentUser() viewer?: AuthUser) {
    return this.profiles.get(userId, false, viewer);
  }

  /** Public; the bearer token, when sent, lets the owner and admins see through a freeze. */
  @Get(':userId/activity')
  @OptionalAuth()
  activity(@Param('userId', uuidParam('userId')) userId: string, @CurrentUser() viewer?: AuthUser) {
    return this.profiles.activity(userId, viewer);
  }

  @Get(':userId/rating-history')
  ratingHistory(@Param('userId', uuidParam('userId')) userId: string) {
    return this.profiles.ratingHistory(userId);
  }
}
