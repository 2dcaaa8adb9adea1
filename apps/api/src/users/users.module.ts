import { Global, Module } from '@nestjs/common';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Accounts for everyone: auth, admin and profiles read and change users through these two. */
@Global()
@Module({ providers: [UsersService, UsersRepository], exports: [UsersService, UsersRepository] })
export class UsersModule {}
