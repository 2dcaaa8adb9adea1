import { FieldSentences } from '@javelin/contracts';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '../auth/dto';
import { JSONSchema } from 'class-validator-jsonschema';
import { Optional } from '../common/validation';

const BIO_MAX_LENGTH = 2_000;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class UpdateProfileDto {
  @Optional()
  @Transform(trim)
  @IsString({ message: FieldSentences.mustBeString('username') })
  @MinLength(USERNAME_MIN, { message: FieldSentences.usernameTooShort })
  @MaxLength(USERNAME_MAX)
  @Matches(USERNAME_PATTERN, { message: FieldSentences.usernameCharacters })
  username?: string;

  @Optional()
  @Transform(trim)
  @IsString({ message: FieldSentences.mustBeString('fullName') })
  @IsNotEmpty({ message: FieldSentences.notEmpty('fullName') })
  @MaxLength(100)
  fullName?: string;

  /** null clears the bio. */
  @Optional({ nullable: true })
  @JSONSchema({ nullable: true })
  @IsString({ message: FieldSentences.mustBeString('bio') })
  @MaxLength(BIO_MAX_LENGTH, { message: FieldSentences.atMostCharactersLong('bio', BIO_MAX_LENGTH) })
  bio?: string | null;

  @Optional()
  @Transform(trim)
  @IsString({ message: FieldSentences.mustBeString('preferredLanguage') })
  @MaxLength(50)
  preferredLanguage?: string;

  /** The school or club the user names (one of GET /api/organizations); null clears it. */
  @Optional({ nullable: true })
  @JSONSchema({ nullable: true })
  @IsUUID('all', { message: FieldSentences.uuid('organizationId') })
  organizationId?: string | null;

  /** The web sends the read-only email back; any other value is refused by the service. */
  @Optional()
  @IsString()
  @MaxLength(254)
  email?: string;
}
