import {
  DIFFICULTIES,
  Difficulty,
  INPUT_TYPES,
  InputType,
  RETURN_TYPES,
  ReturnType,
} from '@javelin/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Optional } from '../../common/validation';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const MAX_TEST_CASES = 200;
export const MAX_INPUT_VARIABLES = 20;
export const MAX_VALUE_LENGTH = 100_000;

export class InputVariableDto {
  @Optional()
  @IsString()
  @MaxLength(64)
  id?: string;

  @Transform(trim)
  @IsString({ message: 'name is required' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(64)
  name!: string;

  @IsIn(INPUT_TYPES, { message: `type must be one of: ${INPUT_TYPES.join(', ')}` })
  type!: InputType;

  @Optional()
  @IsString()
  @MaxLength(1000)
  description?: string;
}

/** Values may arrive as strings, numbers or booleans; they are kept as the strings an admin typed. */
const toRawValues = ({ value }: { value: unknown }) => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      typeof v === 'number' || typeof v === 'boolean' ? String(v) : Array.isArray(v) ? `[${v.join(',')}]` : v,
    ]),
  );
};

export class TestCaseDto {
  @Optional()
  @IsString()
  @MaxLength(64)
  id?: string;

  @Optional()
  @IsString()
  @MaxLength(64)
  _id?: string;

  @Transform(toRawValues)
  @IsObject({ message: 'inputs must be an object of variable name to value' })
  inputs!: Record<string, string>;

  /** Accepted from clients that send the stored form; `inputs` wins when both are present. */
  @Optional()
  @IsString()
  @MaxLength(MAX_VALUE_LENGTH)
  input?: string;

  @IsString({ message: 'expectedOutput must be a string' })
  @MaxLength(MAX_VALUE_LENGTH)
  expectedOutput!: string;

  @IsBoolean({ message: 'isExample must be true or false' })
  isExample!: boolean;
}

export class ProblemFormDto {
  @Transform(trim)
  @IsString({ message: 'title is required' })
  @IsNotEmpty({ message: 'title is required' })
  @MaxLength(200)
  title!: string;

  @IsString({ message: 'description is required' })
  @IsNotEmpty({ message: 'description is required' })
  @MaxLength(20_000)
  description!: string;

  @Optional()
  @IsString()
  @MaxLength(5_000)
  constraints?: string;

  @Optional()
  @IsIn(DIFFICULTIES, { message: 'difficulty must be one of: easy, medium, hard' })
  difficulty?: Difficulty;

  @Optional()
  @IsInt({ message: 'points must be a whole number' })
  @Min(0)
  @Max(10_000)
  points?: number;

  @IsArray({ message: 'inputVariables must be an array' })
  @ArrayMaxSize(MAX_INPUT_VARIABLES)
  @ValidateNested({ each: true })
  @Type(() => InputVariableDto)
  inputVariables!: InputVariableDto[];

  @IsArray({ message: 'testCases must be an array' })
  @ArrayMinSize(1, { message: 'testCases must contain at least one test case' })
  @ArrayMaxSize(MAX_TEST_CASES)
  @ValidateNested({ each: true })
  @Type(() => TestCaseDto)
  testCases!: TestCaseDto[];

  @Transform(trim)
  @IsString({ message: 'functionName is required' })
  @IsNotEmpty({ message: 'functionName is required' })
  @MaxLength(100)
  functionName!: string;

  @Optional()
  @IsIn(RETURN_TYPES, { message: 'returnType must be one of: int, string, boolean, void' })
  returnType?: ReturnType;

  @Optional()
  @IsString()
  @MaxLength(64 * 1024)
  boilerplateCode?: string;

  @Optional()
  @IsArray({ message: 'tags must be an array of strings' })
  @ArrayMaxSize(20)
  @IsString({ each: true, message: 'tags must be an array of strings' })
  @MaxLength(40, { each: true })
  tags?: string[];

  @Optional()
  @IsBoolean({ message: 'isVisible must be true or false' })
  isVisible?: boolean;
}
