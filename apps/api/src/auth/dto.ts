import { Transform } from 'class-transformer';
import { Equals, IsEmail, IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

export class EmailDto {
  @Transform(trim)
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be a valid email address' })
  email!: string;
}

export class LoginDto extends EmailDto {
  @MaxLength(PASSWORD_MAX)
  @IsNotEmpty({ message: 'password is required' })
  @IsString()
  password!: string;
}

export class AccountFieldsDto extends EmailDto {
  @MaxLength(PASSWORD_MAX)
  @MinLength(PASSWORD_MIN, { message: 'Password must be at least 6 characters long' })
  @IsString()
  password!: string;

  @Transform(trim)
  @Matches(USERNAME_PATTERN, { message: 'username may contain only letters, digits, dot, dash and underscore' })
  @MaxLength(USERNAME_MAX)
  @MinLength(USERNAME_MIN, { message: 'username must be at least 3 characters long' })
  @IsString()
  username!: string;

  @Transform(trim)
  @MaxLength(100)
  @IsNotEmpty({ message: 'fullName is required' })
  @IsString()
  fullName!: string;
}

export class RegisterDto extends AccountFieldsDto {
  @IsNotEmpty({ message: 'confirmPassword is required' })
  @IsString()
  confirmPassword!: string;
}

export class CreateSuperAdminDto extends AccountFieldsDto {
  @Equals('super_admin', { message: 'role must be super_admin' })
  role!: 'super_admin';
}

export class TokenDto {
  @MaxLength(200)
  @IsNotEmpty({ message: 'token is required' })
  @IsString({ message: 'token is required' })
  token!: string;
}

export class ResetPasswordDto {
  @MaxLength(200)
  @IsNotEmpty({ message: 'Invalid or missing reset token' })
  @IsString({ message: 'Invalid or missing reset token' })
  token!: string;

  @MaxLength(PASSWORD_MAX)
  @MinLength(PASSWORD_MIN, { message: 'Password must be at least 6 characters long' })
  @IsString()
  newPassword!: string;
}
