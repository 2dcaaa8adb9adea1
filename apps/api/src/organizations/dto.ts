import { FieldSentences } from '@javelin/contracts';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Optional } from '../common/validation';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
export const ORGANIZATION_NAME_MAX = 120;
export const ORGANIZATION_FORMAL_NAME_MAX = 300;

export class CreateOrganizationDto {
  @Transform(trim)
  @IsString({ message: FieldSentences.isRequired('name') })
  @IsNotEmpty({ message: FieldSentences.isRequired('name') })
  @MaxLength(ORGANIZATION_NAME_MAX, {
    message: FieldSentences.atMostCharacters('name', ORGANIZATION_NAME_MAX),
  })
  name!: string;

  @Optional({ nullable: true })
  @JSONSchema({ nullable: true })
  @Transform(trim)
  @IsString({ message: FieldSentences.mustBeString('formalName') })
  @MaxLength(ORGANIZATION_FORMAL_NAME_MAX, {
    message: FieldSentences.atMostCharacters('formalName', ORGANIZATION_FORMAL_NAME_MAX),
  })
  formalName?: string | null;

  /** ISO 3166-1 alpha-3, as the ICPC tools show flags by it. */
  @Optional({ nullable: true })
  @JSONSchema({ nullable: true })
  @IsString({ message: FieldSentences.mustBeString('country') })
  @Matches(/^[A-Z]{3}$/, { message: FieldSentences.countryCode })
  country?: string | null;
}
