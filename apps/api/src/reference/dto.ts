import { CHECKERS, CheckerName, TestValue } from '@javelin/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Optional } from '../common/validation';
import {
  InputVariableDto,
  MAX_INPUT_VARIABLES,
  MAX_JAVA_SOURCE_LENGTH,
  MAX_TEST_CASES,
  MAX_TOLERANCE,
  MIN_TOLERANCE,
  TestCaseDto,
} from '../problems/dto/problem-form.dto';

/** The parts of a problem form a reference run needs: the solution, the variables, the tests and the checker. */
export class ValidateDraftDto {
  @IsString({ message: 'referenceSolution is required' })
  @IsNotEmpty({ message: 'referenceSolution is required' })
  @MaxLength(MAX_JAVA_SOURCE_LENGTH)
  referenceSolution!: string;

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

  @Optional()
  @IsIn(CHECKERS, { message: `checker must be one of: ${CHECKERS.join(', ')}` })
  checker?: CheckerName;

  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'tolerance must be a number' })
  @Min(MIN_TOLERANCE, { message: `tolerance must be at least ${MIN_TOLERANCE}` })
  @Max(MAX_TOLERANCE, { message: `tolerance must be at most ${MAX_TOLERANCE}` })
  tolerance?: number;

  @Optional()
  @IsString({ message: 'checkerCode must be a string' })
  @MaxLength(MAX_JAVA_SOURCE_LENGTH)
  checkerCode?: string;
}

/** `POST /api/problems/expected-output`: one test's inputs, to be filled in with what the reference prints. */
export class ExpectedOutputDto {
  @IsString({ message: 'referenceSolution is required' })
  @IsNotEmpty({ message: 'referenceSolution is required' })
  @MaxLength(MAX_JAVA_SOURCE_LENGTH)
  referenceSolution!: string;

  @IsArray({ message: 'inputVariables must be an array' })
  @ArrayMaxSize(MAX_INPUT_VARIABLES)
  @ValidateNested({ each: true })
  @Type(() => InputVariableDto)
  inputVariables!: InputVariableDto[];

  /** Variable name to value, as in a test case (typed text or a JSON value). */
  @IsObject({ message: 'inputs must be an object of variable name to value' })
  inputs!: Record<string, TestValue>;
}
