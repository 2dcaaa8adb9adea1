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
