import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '../auth/dto';
import { JSONSchema } from 'class-validator-jsonschema';
import { Optional } from '../common/validation';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class UpdateProfileDto {
  @Optional()
  @Transform(trim)
  @IsString({ message: 'username must be a string' })
  @MinLength(USERNAME_MIN, { message: 'username must be at least 3 characters long' })
  @MaxLength(USERNAME_MAX)
  @Matches(USERNAME_PATTERN, {
    message: 'username may contain only letters, digits, dot, dash and underscore',
  })
  username?: string;

  @Optional()
  @Transform(trim)
  @IsString({ message: 'fullName must be a string' })
  @IsNotEmpty({ message: 'fullName must not be empty' })
  @MaxLength(100)
  fullName?: string;

  /** null clears the bio. */
  @Optional({ nullable: true })
  @JSONSchema({ nullable: true })
  @IsString({ message: 'bio must be a string' })
  @MaxLength(2_000, { message: 'bio must be at most 2000 characters long' })
  bio?: string | null;

  @Optional()
  @Transform(trim)
  @IsString({ message: 'preferredLanguage must be a string' })
  @MaxLength(50)
  preferredLanguage?: string;

  /** The web sends the read-only email back; any other value is refused by the service. */
  @Optional()
  @IsString()
  @MaxLength(254)
  email?: string;
}
