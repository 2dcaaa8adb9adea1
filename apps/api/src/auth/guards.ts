import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  SetMetadata,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { isAdminRoles, isSuperAdminRoles, ServerMessages } from '@javelin/contracts';
import { isConnectionError } from '../common/connection-errors';
import type { AuthUser } from '../users/users.service';

/** Requires a valid bearer token: 401 'Unauthorized' otherwise. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(error: unknown, user: T): T {
    return authenticatedUser(error, user);
  }
}

/**
 * A bad or missing token is a 401. A user lookup that failed because PostgreSQL is unreachable is
 * not the client's fault: it travels on to the exception filter (a 503 with Retry-After), so clients
 * keep their session and retry instead of signing out.
 */
function authenticatedUser<T>(error: unknown, user: T): T {
  if (error && isConnectionError(error)) throw error;
  if (error || !user) throw new UnauthorizedException(ServerMessages.unauthorized);
  return user;
}

/** Reads the bearer token when present; a missing token means an anonymous caller, a bad one is still 401. */
@Injectable()
class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
    if (!request.headers.authorization) return true;
    return super.canActivate(context);
  }

  override handleRequest<T>(error: unknown, user: T): T {
    return authenticatedUser(error, user);
  }
}

type RequiredRole = 'admin' | 'super_admin';
const REQUIRED_ROLE = 'requiredRole';

@Injectable()
class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const required = this.reflector.getAllAndOverride<RequiredRole | undefined>(REQUIRED_ROLE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!required) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user) throw new UnauthorizedException(ServerMessages.unauthorized);
    if (required === 'super_admin' && !isSuperAdminRoles(user.roles)) {
      throw new ForbiddenException(ServerMessages.superAdminRequired);
    }
    if (required === 'admin' && !isAdminRoles(user.roles))
      throw new ForbiddenException(ServerMessages.adminRequired);
    return true;
  }
}

/** Signed in, any role. */
export const Authenticated = () => UseGuards(JwtAuthGuard);
/** Signed in with admin or super_admin. */
export const AdminOnly = () =>
  applyDecorators(SetMetadata(REQUIRED_ROLE, 'admin'), UseGuards(JwtAuthGuard, RolesGuard));
/** Signed in with super_admin. */
export const SuperAdminOnly = () =>
  applyDecorators(SetMetadata(REQUIRED_ROLE, 'super_admin'), UseGuards(JwtAuthGuard, RolesGuard));
/** The caller when signed in, else undefined. */
export const OptionalAuth = () => UseGuards(OptionalJwtAuthGuard);

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser | undefined => {
    return context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
  },
);
