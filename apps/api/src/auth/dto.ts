import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@javelin/contracts';

/** The sign-in routes' bodies, checked by their schemas in libs/contracts (auth.ts). */
export type {
  CreateSuperAdminBody as CreateSuperAdminDto,
  EmailBody as EmailDto,
  GoogleLoginBody as GoogleLoginDto,
  LoginBody as LoginDto,
  RegisterBody as RegisterDto,
  ResetPasswordBody as ResetPasswordDto,
  TokenBody as TokenDto,
} from '@javelin/contracts';
export { USERNAME_PATTERN } from '@javelin/contracts';

export const USERNAME_MIN = USERNAME_MIN_LENGTH;
export const USERNAME_MAX = USERNAME_MAX_LENGTH;
