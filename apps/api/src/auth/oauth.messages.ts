/** What a user reads when a Google or GitHub sign-in fails (the web prefixes 'OAuth login failed: '). */
export const OAuthMessages = {
  googleNotConfigured: 'Google sign-in is not configured',
  githubNotConfigured: 'GitHub sign-in is not configured',
  googleTokenInvalid: 'The Google sign-in could not be verified, please try again',
  googleTokenExpired: 'The Google sign-in has expired, please try again',
  googleWrongAudience: 'The Google sign-in was issued for another application',
  googleWrongIssuer: 'The Google sign-in was not issued by Google',
  googleUnreachable: 'Google could not be reached to verify the sign-in, please try again later',
  githubAccessDenied: 'Access to your GitHub account was denied',
  githubRefused: 'GitHub refused the sign-in request',
  githubStateMismatch: 'The sign-in request expired or did not come from this browser, please try again',
  githubMissingCode: 'GitHub did not return an authorization code',
  githubCodeRejected: 'GitHub did not accept the sign-in, please try again',
  githubUnreachable: 'GitHub could not be reached, please try again later',
  githubFailed: 'GitHub sign-in failed, please try again',
  unverifiedEmail: (provider: string) =>
    `Your ${provider} account has no verified email address; verify one with ${provider} and try again`,
} as const;
