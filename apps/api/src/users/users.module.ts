import { Global, Module } from '@nestjs/common';
import { AuthUserChanges } from './auth-user-changes';
import { SessionEvents } from './session-events.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Accounts for everyone: auth, admin and profiles read and change users through these; SessionEvents says when a user's sessions changed. */
@Global()
@Module({
  providers: [UsersService, UsersRepository, SessionEvents, AuthUserChanges],
  exports: [UsersService, UsersRepository, SessionEvents],
})
export class UsersModule {}
