import { AuthToken } from '../auth/auth-token.entity';
import { Profile } from '../users/profile.entity';
import { UserRole } from '../users/user-role.entity';
import { User } from '../users/user.entity';

export const ENTITIES = [User, UserRole, Profile, AuthToken];
