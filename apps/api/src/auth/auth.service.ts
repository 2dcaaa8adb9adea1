import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  UnauthorizedException,
} from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import {
  MailMessages,
  MeResponse,
  RegisterResponse,
  ServerMessages,
  TokenResponse,
} from '@javelin/contracts';
import * as argon2 from 'argon2';
import { Transactions } from '../common/transactions';
import { ENV, Env } from '../config/env';
import { MailService } from '../mail/mail.service';
import { User } from '../users/user.entity';
import { SessionEvents } from '../users/session-events.service';
import { UsersRepository } from '../users/users.repository';
import { AuthUser, toUserDto, UsersService } from '../users/users.service';
import { CreateSuperAdminDto, LoginDto, RegisterDto, ResetPasswordDto } from './dto';
import { TokensService } from './tokens.service';

/** Hashed once at start so a login for an unknown email costs as much as a real one. */
const DUMMY_HASH = argon2.hash('javelin-timing-equaliser');

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly users: UsersService,
    private readonly accounts: UsersRepository,
    private readonly transactions: Transactions,
    private readonly tokens: TokensService,
    private readonly jwt: JwtService,
    private readonly mail: MailService,
    private readonly sessions: SessionEvents,
  ) {}

  /** A token for the user as loaded: it carries their current token version (`iat` and `exp` are added by the signer). */
  tokenFor(user: Pick<User, 'id' | 'tokenVersion'>): string {
    return this.jwt.sign({ sub: user.id, ver: user.tokenVersion });
  }

  /** A token for a user known by id, at their current token version. */
  async signToken(userId: string): Promise<string> {
    const tokenVersion = await this.accounts.tokenVersion(userId);
    if (tokenVersion === null) throw new UnauthorizedException(ServerMessages.unauthorized);
    return this.tokenFor({ id: userId, tokenVersion });
  }

  /** Ends every session of the caller: every token signed for them so far is refused from now on. */
  async logout(user: AuthUser): Promise<{ success: true; message: string }> {
    await this.accounts.revokeTokens([user.id]);
    await this.sessions.changed(user.id);
    return { success: true, message: ServerMessages.loggedOut };
  }

  async register(dto: RegisterDto): Promise<RegisterResponse> {
    if (dto.password !== dto.confirmPassword)
      throw new BadRequestException(ServerMessages.passwordsDoNotMatch);
    const needsVerification = this.env.emailVerification;
    const user = await this.users.create({
      email: dto.email,
      username: dto.username,
      fullName: dto.fullName,
      passwordHash: await argon2.hash(dto.password, { type: argon2.argon2id }),
      emailVerified: !needsVerification,
    });
    if (!needsVerification) return { token: this.tokenFor(user), requiresVerification: false };
    await this.sendVerification(user);
    return {
      requiresVerification: true,
      message: ServerMessages.registeredCheckEmail,
    };
  }

  async login(dto: LoginDto): Promise<TokenResponse> {
    const user = await this.userWithPassword(dto.email, dto.password);
    if (!user) throw new UnauthorizedException(ServerMessages.invalidCredentials);
    if (!user.emailVerified) throw new ForbiddenException(ServerMessages.verifyEmail);
    return { token: this.tokenFor(user) };
  }

  /**
   * The account these credentials open, or null (an unknown email costs the same hash as a real
   * one). Login and the CLICS API's HTTP Basic authentication both check passwords here.
   */
  async userWithPassword(email: string, password: string): Promise<User | null> {
    const user = await this.signingIn(email);
    const valid = user?.passwordHash
      ? await argon2.verify(user.passwordHash, password)
      : (await argon2.verify(await DUMMY_HASH, password), false);
    return user && valid ? user : null;
  }

  /**
   * The account an identifier names: an e-mail address, or (issue 43) the username of an account a
   * contest package brought (a team, a judge or an admin); a person's username signs in no one.
   */
  private async signingIn(identifier: string): Promise<User | null> {
    if (identifier.includes('@')) return this.users.findByEmail(identifier);
    const user = await this.accounts.byUsername(identifier);
    return user && user.accountType !== 'person' ? user : null;
  }

  async me(user: AuthUser): Promise<MeResponse> {
    return { user: toUserDto(user, user.roles), roles: [...user.roles] };
  }

  async verifyEmail(token: string): Promise<{ success: true; message: string; token: string }> {
    const userId = await this.tokens.consume(token, 'verify_email');
    if (!userId) {
      // A link opened again after it verified its account says so (409), not "failed"; it signs nobody in.
      const owner = await this.tokens.ownerOf(token, 'verify_email');
      if (owner && (await this.users.requireById(owner)).emailVerified)
        throw new ConflictException(ServerMessages.emailAlreadyVerified);
      throw new BadRequestException(ServerMessages.invalidVerificationToken);
    }
    await this.accounts.markEmailVerified(userId);
    return { success: true, message: ServerMessages.emailVerified, token: await this.signToken(userId) };
  }

  /** Answers the same whether or not the address exists, so it cannot be used to probe accounts. */
  async resendVerification(email: string): Promise<{ message: string }> {
    const user = await this.users.findByEmail(email);
    if (user && !user.emailVerified) await this.sendVerification(user);
    return { message: ServerMessages.verificationSent };
  }

  async forgotPassword(email: string): Promise<{ message: string }> {
    const user = await this.users.findByEmail(email);
    if (user) await this.sendPasswordReset(user);
    return { message: ServerMessages.resetLinkSent };
  }

  async sendPasswordResetTo(userId: string): Promise<{ message: string }> {
    await this.sendPasswordReset(await this.users.requireById(userId));
    return { message: ServerMessages.resetLinkSentToYou };
  }

  async resetPassword(dto: ResetPasswordDto): Promise<{ success: true; message: string }> {
    // A dead token is refused before the hash: argon2 costs CPU and memory no refused request should spend.
    if (!(await this.tokens.isLive(dto.token, 'reset_password')))
      throw new BadRequestException(ServerMessages.invalidResetToken);
    const passwordHash = await argon2.hash(dto.newPassword, { type: argon2.argon2id });
    const userId = await this.transactions.run(async (tx) => {
      const owner = await this.tokens.consume(dto.token, 'reset_password', tx);
      if (!owner) throw new BadRequestException(ServerMessages.invalidResetToken);
      await this.accounts.setPasswordVerifyingEmail(owner, passwordHash, tx);
      return owner;
    });
    // The new password ends every earlier session, on every instance (open streams included).
    await this.sessions.changed(userId);
    return { success: true, message: ServerMessages.passwordReset };
  }

  /** Creates the first super admin; refused (403) once any super admin exists, also under concurrent calls. */
  async createSuperAdmin(dto: CreateSuperAdminDto) {
    // Refused before the hash once set up (the check under the lock below still decides races).
    if ((await this.accounts.countWithRole('super_admin')) > 0)
      throw new ForbiddenException(ServerMessages.superAdminExists);
    const passwordHash = await argon2.hash(dto.password, { type: argon2.argon2id });
    const user = await this.transactions.run(async (tx) => {
      await this.accounts.lockFirstSuperAdmin(tx);
      if ((await this.accounts.countWithRole('super_admin', tx)) > 0)
        throw new ForbiddenException(ServerMessages.superAdminExists);
      const created = await this.users.create(
        {
          email: dto.email,
          username: dto.username,
          fullName: dto.fullName,
          passwordHash,
          emailVerified: true,
        },
        tx,
      );
      await this.accounts.grantRole(created.id, 'super_admin', tx);
      return created;
    });
    this.logger.log(`first super admin created: ${user.email}`);
    return {
      success: true,
      message: ServerMessages.superAdminCreated,
      token: this.tokenFor(user),
      user: toUserDto(user, ['super_admin']),
    };
  }

  private async sendVerification(user: User): Promise<void> {
    const token = await this.tokens.issue(user.id, 'verify_email');
    const link = `${this.env.publicUrl}/verify-email?token=${token}`;
    await this.mail.send({
      to: user.email,
      subject: MailMessages.verifySubject,
      text: MailMessages.verifyText(user.fullName, link),
      link,
    });
  }

  private async sendPasswordReset(user: User): Promise<void> {
    const token = await this.tokens.issue(user.id, 'reset_password');
    const link = `${this.env.publicUrl}/reset-password?token=${token}`;
    await this.mail.send({
      to: user.email,
      subject: MailMessages.resetSubject,
      text: MailMessages.resetText(user.fullName, link),
      link,
    });
  }
}
