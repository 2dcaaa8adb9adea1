import {
  CHECKERS,
  CheckerName,
  DIFFICULTIES,
  Difficulty,
  PROBLEM_INPUT_TYPES,
  PROBLEM_RETURN_TYPES,
  ProblemInputType,
  ProblemReturnType,
  TestValue,
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
  IsNumber,
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
/** Reference solutions and checkers: as long as boilerplate code may be. */
export const MAX_JAVA_SOURCE_LENGTH = 64 * 1024;
/** A 'float' tolerance outside these is a mistake (1e-15 is below a double's precision near 1). */
export const MIN_TOLERANCE = 1e-15;
export const MAX_TOLERANCE = 0.5;

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

  @IsIn(PROBLEM_INPUT_TYPES, { message: `type must be one of: ${PROBLEM_INPUT_TYPES.join(', ')}` })
  type!: ProblemInputType;

  @Optional()
  @IsString()
  @MaxLength(1000)
  description?: string;
}

export class TestCaseDto {
  @Optional()
  @IsString()
  @MaxLength(64)
  id?: string;

  @Optional()
  @IsString()
  @MaxLength(64)
  _id?: string;

  /**
   * Variable name to value: the text an admin typed, or a JSON value (number, boolean, string,
   * nested arrays). The service checks each value against its variable's type (libs/java-io).
   */
  @IsObject({ message: 'inputs must be an object of variable name to value' })
  inputs!: Record<string, TestValue>;

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
  @IsIn(PROBLEM_RETURN_TYPES, { message: `returnType must be one of: ${PROBLEM_RETURN_TYPES.join(', ')}` })
  returnType?: ProblemReturnType;

  @Optional()
  @IsString()
  @MaxLength(MAX_JAVA_SOURCE_LENGTH)
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

  /** How the judge compares outputs; 'exact' (the spec's rule) when left out. */
  @Optional()
  @IsIn(CHECKERS, { message: `checker must be one of: ${CHECKERS.join(', ')}` })
  checker?: CheckerName;

  /** The 'float' checker's absolute or relative error, DEFAULT_FLOAT_TOLERANCE (1e-6) when left out. */
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'tolerance must be a number' })
  @Min(MIN_TOLERANCE, { message: `tolerance must be at least ${MIN_TOLERANCE}` })
  @Max(MAX_TOLERANCE, { message: `tolerance must be at most ${MAX_TOLERANCE}` })
  tolerance?: number;

  /** The 'custom' checker: a Java program that prints "accepted" or "wrong" (apps/judge/src/checkers/README.md). */
  @Optional()
  @IsString({ message: 'checkerCode must be a string' })
  @MaxLength(MAX_JAVA_SOURCE_LENGTH)
  checkerCode?: string;

  /** The author's Java solution; admins only. An empty string clears it. */
  @Optional()
  @IsString({ message: 'referenceSolution must be a string' })
  @MaxLength(MAX_JAVA_SOURCE_LENGTH)
  referenceSolution?: string;
}
