import { resolve } from 'node:path';

/** Where the stack serves the web app and /api; the e2e starts nothing itself. */
export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
/** The API writes verification mails here when MAIL_URL is unset (its MAIL_OUTBOX_DIR, default var/mail). */
export const MAIL_OUTBOX_DIR = resolve(REPO_ROOT, process.env.MAIL_OUTBOX_DIR ?? 'var/mail');
export const ARTIFACTS_DIR = resolve(REPO_ROOT, process.env.E2E_ARTIFACTS_DIR ?? 'test-artifacts/web-e2e');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The super admin the journeys create through /admin-setup, or sign in as when one already exists. */
export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'e2e-admin@javelin.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password',
  username: process.env.E2E_ADMIN_USERNAME ?? 'e2eadmin',
  fullName: 'E2E Super Admin',
};
/** A suffix that keeps one run's users, problems and contests apart from another's. */
export const RUN_ID = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
