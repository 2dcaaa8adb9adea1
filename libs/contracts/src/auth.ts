export interface User {
  id: string;
  _id: string;
  email: string;
  username: string;
  fullName: string;
  roles: string[];
  isAdmin: boolean;
  isSuperAdmin: boolean;
  emailVerified: boolean;
}

export interface MeResponse {
  user: User;
  roles: string[];
}

export interface TokenResponse {
  token: string;
}

export interface RegisterResponse {
  token?: string;
  requiresVerification: boolean;
  message?: string;
}

/** Body of every error the API sends: `error` is the human message the web shows. */
export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface RegisterRequest {
  email: string;
  password: string;
  confirmPassword: string;
  username: string;
  fullName: string;
}

export interface CreateSuperAdminRequest {
  email: string;
  password: string;
  username: string;
  fullName: string;
  role: 'super_admin';
}

export interface GoogleLoginRequest {
  provider: 'google';
  accessToken: string;
  userInfo: { id: string; email: string; name: string; picture?: string };
}

/** GET /api/auth/config: what the web needs at start to show the sign-in options. */
export interface AuthConfig {
  googleClientId?: string;
  githubEnabled: boolean;
}

/** A confirmation with its sentence (ServerMessages). */
export interface MessageResponse {
  message?: string;
  success?: boolean;
}
