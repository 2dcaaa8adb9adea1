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
import type { AuthUser } from '../users/users.service';

/** Requires a valid bearer token: 401 'Unauthorized' otherwise. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(error: unknown, user: T): T {
    if (error || !user) throw new UnauthorizedException(ServerMessages.unauthorized);
    return user;
  }
}

/** Reads the bearer token when present; a missing token means an anonymous caller, a bad one is still 401. */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
    if (!request.headers.authorization) return true;
    return super.canActivate(context);
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error || !user) throw new UnauthorizedException(ServerMessages.unauthorized);
    return user;
  }
}

type RequiredRole = 'admin' | 'super_admin';
const REQUIRED_ROLE = 'requiredRole';

@Injectable()
export class RolesGuard implements CanActivate {
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
    if (required === 'admin' && !isAdminRoles(user.roles)) throw new ForbiddenException(ServerMessages.adminRequired);
    return true;
  }
}

/** Signed in, any role. */
export const Authenticated = () => UseGuards(JwtAuthGuard);
/** Signed in with admin or super_admin. */
export const AdminOnly = () => applyDecorators(SetMetadata(REQUIRED_ROLE, 'admin'), UseGuards(JwtAuthGuard, RolesGuard));
/** Signed in with super_admin. */
export const SuperAdminOnly = () =>
  applyDecorators(SetMetadata(REQUIRED_ROLE, 'super_admin'), UseGuards(JwtAuthGuard, RolesGuard));
/** The caller when signed in, else undefined. */
export const OptionalAuth = () => UseGuards(OptionalJwtAuthGuard);

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | undefined => {
  return context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
});
