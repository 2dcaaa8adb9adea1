import { FieldSentences, MAX_CODE_BYTES } from '@javelin/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsNumber,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { JavaCodeDto } from '../execution/dto';
import { Optional } from '../common/validation';

export const MAX_TEST_RESULTS = 200;
/** Outputs and messages beyond this are cut: nothing useful for a diagnosis lies past them. */
const MAX_TEXT = MAX_CODE_BYTES;

export class AnalyzeCodeDto extends JavaCodeDto {}

/** One test result as the web got it from /execute-code (spec §7 names passed, expectedOutput, actualOutput, error). */
export class TestResultDto {
  @IsBoolean({ message: FieldSentences.trueOrFalse('testResults.passed') })
  passed!: boolean;

  @Optional()
  @IsString()
  @MaxLength(MAX_TEXT)
  expectedOutput?: string;

  @Optional()
  @IsString()
  @MaxLength(MAX_TEXT)
  actualOutput?: string;

  @Optional()
  @IsString()
  @MaxLength(MAX_TEXT)
  error?: string;

  @Optional()
  @IsString()
  @MaxLength(MAX_TEXT)
  input?: string;

  @Optional()
  @IsBoolean({ message: FieldSentences.trueOrFalse('testResults.isExample') })
  isExample?: boolean;

  @Optional()
  @IsString()
  @MaxLength(100)
  testCaseId?: string;

  @Optional()
  @IsString()
  @MaxLength(100)
  _id?: string;

  @Optional()
  @IsNumber()
  executionTime?: number;

  @Optional()
  @IsString()
  @MaxLength(50)
  verdict?: string;
}

export class DebugHelpDto extends AnalyzeCodeDto {
  @Optional()
  @IsString({ message: FieldSentences.mustBeText('errorMessage') })
  @MaxLength(MAX_TEXT, { message: FieldSentences.atMostKiB('errorMessage', MAX_TEXT) })
  errorMessage?: string;

  @Optional()
  @IsArray({ message: FieldSentences.mustBeArray('testResults') })
  @ArrayMaxSize(MAX_TEST_RESULTS, { message: FieldSentences.atMostItems('testResults', MAX_TEST_RESULTS) })
  @ValidateNested({ each: true, message: FieldSentences.testResultsList })
  @Type(() => TestResultDto)
  testResults?: TestResultDto[];
}
