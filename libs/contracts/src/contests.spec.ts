import { describe, expect, it } from 'vitest';
import { contestStatusAt } from './contests';
import { isAdminRoles, isSuperAdminRoles } from './roles';

describe('contestStatusAt', () => {
  const contest = { startTime: '2026-01-01T10:00:00.000Z', endTime: '2026-01-01T12:00:00.000Z' };
  it('is upcoming one millisecond before the start', () => {
    expect(contestStatusAt(contest, new Date('2026-01-01T09:59:59.999Z'))).toBe('upcoming');
  });
  it('is active exactly at the start and exactly at the end', () => {
    expect(contestStatusAt(contest, new Date('2026-01-01T10:00:00.000Z'))).toBe('active');
    expect(contestStatusAt(contest, new Date('2026-01-01T12:00:00.000Z'))).toBe('active');
  });
  it('is ended one millisecond after the end', () => {
    expect(contestStatusAt(contest, new Date('2026-01-01T12:00:00.001Z'))).toBe('ended');
  });
});

describe('role rules', () => {
  it('treats admin and super_admin as admin, only super_admin as super admin', () => {
    expect(isAdminRoles(['admin'])).toBe(true);
    expect(isAdminRoles(['super_admin'])).toBe(true);
    expect(isAdminRoles(['user'])).toBe(false);
    expect(isAdminRoles(undefined)).toBe(false);
    expect(isSuperAdminRoles(['admin'])).toBe(false);
    expect(isSuperAdminRoles(['admin', 'super_admin'])).toBe(true);
  });
});
