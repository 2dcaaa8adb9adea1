import { useEffect } from 'react';

export const APP_NAME = 'Javelin';
/** The one separator between a page's name and the product's, on every route. */
export const TITLE_SEPARATOR = ' · ';

export function documentTitle(page: string): string {
  return `${page}${TITLE_SEPARATOR}${APP_NAME}`;
}

/**
 * Names the browser tab after the page ('<page> · Javelin'), so tabs and history entries can be told
 * apart. Call it before any early return, with a name that needs no data ('Contest' until the contest
 * has loaded). null leaves the title to the page inside (a guard that lets its page through).
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title !== null) document.title = documentTitle(title);
  }, [title]);
}

/** A route's name before its page's code has loaded (the lazy chunk's fallback names the tab already). */
export function routeTitle(pathname: string): string {
  const rules: [RegExp, string][] = [
    [/^\/$/, 'Home'],
    [/^\/(auth|login)$/, 'Sign in'],
    [/^\/signup$/, 'Sign up'],
    [/^\/verify-email$/, 'Email Verification'],
    [/^\/reset-password$/, 'Reset Password'],
    [/^\/dashboard$/, 'Dashboard'],
    [/^\/problems$/, 'Problems'],
    [/^\/problems\/[^/]+$/, 'Problem'],
    [/^\/contests$/, 'Contests'],
    [/^\/contests\/[^/]+$/, 'Contest'],
    [/^\/contests\/[^/]+\/problems\/[^/]+$/, 'Contest Problem'],
    [/^\/contests\/[^/]+\/practice\/[^/]+$/, 'Practice'],
    [/^\/leaderboard$/, 'Leaderboard'],
    [/^\/profile(\/[^/]+)?$/, 'Profile'],
    [/^\/admin\/contests$/, 'Contest Management'],
    [/^\/admin\/contests\/[^/]+\/plagiarism$/, 'Plagiarism'],
    [/^\/admin\/users$/, 'User Management'],
    [/^\/admin\/problems$/, 'Problem Management'],
    [/^\/admin-setup$/, 'Admin Setup'],
  ];
  return rules.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Loading';
}
