import { BadRequestException, ParseUUIDPipe } from '@nestjs/common';
import { ServerSentences } from '@javelin/contracts';

/** A path id must be a UUID: anything else is a 400 that names the parameter. */
export function uuidParam(name: string): ParseUUIDPipe {
  return new ParseUUIDPipe({
    exceptionFactory: () => new BadRequestException(ServerSentences.mustBeUuid(name)),
  });
}
