import { MAX_CODE_BYTES } from '@javelin/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsNumber,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { JavaCodeDto } from '../execution/dto';

export const MAX_TEST_RESULTS = 200;
/** Outputs and messages beyond this are cut: nothing useful for a diagnosis lies past them. */
const MAX_TEXT = MAX_CODE_BYTES;

export class AnalyzeCodeDto extends JavaCodeDto {}

/** One test result as the web got it from /execute-code (spec §7 names passed, expectedOutput, actualOutput, error). */
export class TestResultDto {
  @IsBoolean({ message: 'testResults.passed must be true or false' })
  passed!: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  expectedOutput?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  actualOutput?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  error?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  input?: string;

  @IsOptional()
  @IsBoolean({ message: 'testResults.isExample must be true or false' })
  isExample?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  testCaseId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  _id?: string;

  @IsOptional()
  @IsNumber()
  executionTime?: number;

  @IsOptional()
  @IsString()
  @MaxLength(50)
  verdict?: string;
}

export class DebugHelpDto extends AnalyzeCodeDto {
  @IsOptional()
  @IsString({ message: 'errorMessage must be text' })
  @MaxLength(MAX_TEXT, { message: 'errorMessage must be at most 64 KiB' })
  errorMessage?: string;

  @IsOptional()
  @IsArray({ message: 'testResults must be an array' })
  @ArrayMaxSize(MAX_TEST_RESULTS, { message: `testResults must have at most ${MAX_TEST_RESULTS} items` })
  @ValidateNested({ each: true, message: 'testResults must be an array of test results' })
  @Type(() => TestResultDto)
  testResults?: TestResultDto[];
}
