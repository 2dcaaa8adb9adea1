import { Transform, Type } from 'class-transformer';
import { Equals, IsEmail, IsNotEmpty, IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';
import {
  FieldSentences,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
  type CreateSuperAdminBody,
  type RegisterBody,
  type ResetPasswordBody,
} from '@javelin/contracts';
import { Optional } from '../common/validation';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const USERNAME_MIN = USERNAME_MIN_LENGTH;
export const USERNAME_MAX = USERNAME_MAX_LENGTH;
export { USERNAME_PATTERN };
/** Google ID tokens are about 1 KB; the cap only keeps junk out. */
export const GOOGLE_CREDENTIAL_MAX = 8192;

export class EmailDto {
  @Transform(trim)
  @IsEmail({}, { message: FieldSentences.email })
  @MaxLength(254)
  email!: string;
}

export class LoginDto extends EmailDto {
  @IsString()
  @IsNotEmpty({ message: FieldSentences.isRequired('password') })
  @MaxLength(PASSWORD_MAX_LENGTH)
  password!: string;
}

/** Sign-up, the first super admin and a reset are checked by the schemas shared with the web (libs/contracts). */
export type RegisterDto = RegisterBody;
export type CreateSuperAdminDto = CreateSuperAdminBody;
export type ResetPasswordDto = ResetPasswordBody;

export class TokenDto {
  @IsString({ message: FieldSentences.isRequired('token') })
  @IsNotEmpty({ message: FieldSentences.isRequired('token') })
  @MaxLength(200)
  token!: string;
}

/** What the web decoded from the credential; accepted for the spec's wire shape, never trusted. */
export class GoogleUserInfoDto {
  @Optional()
  @IsString()
  @MaxLength(255)
  id?: string;

  @Optional()
  @IsString()
  @MaxLength(254)
  email?: string;

  @Optional()
  @IsString()
  @MaxLength(255)
  name?: string;

  @Optional()
  @IsString()
  @MaxLength(2048)
  picture?: string;
}

export class GoogleLoginDto {
  @Equals('google', { message: FieldSentences.mustBe('provider', 'google') })
  provider!: 'google';

  @IsString({ message: FieldSentences.isRequired('accessToken') })
  @IsNotEmpty({ message: FieldSentences.isRequired('accessToken') })
  @MaxLength(GOOGLE_CREDENTIAL_MAX)
  accessToken!: string;

  @Optional()
  @IsObject({ message: FieldSentences.mustBeObject('userInfo') })
  @ValidateNested()
  @Type(() => GoogleUserInfoDto)
  userInfo?: GoogleUserInfoDto;
}
