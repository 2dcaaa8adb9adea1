import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  Activity,
  isAdminRoles,
  Profile as ProfileDto,
  RatingChange,
  ServerMessages,
} from '@javelin/contracts';
import { ANONYMOUS, type FreezeViewer } from '../contests/freeze-visibility';
import { Transactions } from '../common/transactions';
import { AuthUser, UsersService } from '../users/users.service';
import { UpdateProfileDto } from './dto';
import { ProfilesRepository } from './profiles.repository';

const PROFILE_NOT_FOUND = ServerMessages.profileNotFound;

function freezeViewer(viewer: AuthUser | undefined): FreezeViewer {
  return viewer ? { id: viewer.id, admin: isAdminRoles(viewer.roles) } : ANONYMOUS;
}
const RECENT_ACTIVITY = 5;

@Injectable()
export class ProfilesService {
  constructor(
    private readonly repository: ProfilesRepository,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
  ) {}

  /** A profile; its email only for its owner; its numbers as `viewer` may see them through a freeze. */
  async get(userId: string, includeEmail: boolean, viewer?: AuthUser): Promise<ProfileDto> {
    const profile = await this.repository.byUserId(userId, freezeViewer(viewer));
    if (!profile) throw new NotFoundException(PROFILE_NOT_FOUND);
    if (includeEmail) return profile;
    const { email: _email, ...shown } = profile;
    return shown;
  }

  async update(user: AuthUser, dto: UpdateProfileDto): Promise<ProfileDto> {
    if (dto.email !== undefined && dto.email.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new BadRequestException(ServerMessages.emailCannotChange);
    }
    await this.transactions.run(async (tx) => {
      if (dto.username !== undefined || dto.fullName !== undefined)
        await this.users.rename(
          user.id,
          { username: dto.username ?? null, fullName: dto.fullName ?? null },
          tx,
        );
      await this.repository.updateAbout(
        user.id,
        // A null bio clears it; an absent one keeps it.
        { bio: dto.bio === null ? '' : (dto.bio ?? null), preferredLanguage: dto.preferredLanguage ?? null },
        tx,
      );
      if (
        dto.organizationId !== undefined &&
        !(await this.repository.setOrganization(user.id, dto.organizationId, tx))
      )
        throw new NotFoundException(ServerMessages.organizationNotFound);
    });
    return this.get(user.id, true, user);
  }

  /** The user's latest solves as `viewer` may see them: during a freeze, only the owner and admins see its late solves. */
  async activity(userId: string, viewer?: AuthUser): Promise<Activity[]> {
    await this.assertExists(userId);
    return this.repository.recentSolves(userId, RECENT_ACTIVITY, freezeViewer(viewer));
  }

  async ratingHistory(userId: string): Promise<RatingChange[]> {
    await this.assertExists(userId);
    return this.repository.ratingChanges(userId);
  }

  private async assertExists(userId: string): Promise<void> {
    if (!(await this.repository.exists(userId))) throw new NotFoundException(PROFILE_NOT_FOUND);
  }
}
