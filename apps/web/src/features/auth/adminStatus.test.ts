import { describe, expect, it, vi } from 'vitest';
import { resolveAdminStatus, statusLabel } from './adminStatus';

describe('admin status rules (spec §4)', () => {
  it('is admin with the admin role and super admin only with super_admin', async () => {
    const lookup = vi.fn();
    expect(await resolveAdminStatus({ id: 'u', roles: ['admin'] }, lookup)).toEqual({
      isAdmin: true,
      isSuperAdmin: false,
    });
    expect(await resolveAdminStatus({ id: 'u', roles: ['super_admin'] }, lookup)).toEqual({
      isAdmin: true,
      isSuperAdmin: true,
    });
    expect(await resolveAdminStatus({ id: 'u', roles: ['user'] }, lookup)).toEqual({
      isAdmin: false,
      isSuperAdmin: false,
    });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('looks roles up by userId in the user-roles list when the user carries none', async () => {
    const lookup = vi.fn().mockResolvedValue([
      { userId: 'other', role: 'super_admin' },
      { userId: 'u', role: 'admin' },
    ]);
    expect(await resolveAdminStatus({ id: 'u' }, lookup)).toEqual({ isAdmin: true, isSuperAdmin: false });
    expect(lookup).toHaveBeenCalledOnce();
  });

  it('treats the user as non-admin when the lookup fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const lookup = vi.fn().mockRejectedValue(new Error('403'));
    expect(await resolveAdminStatus({ id: 'u', roles: null }, lookup)).toEqual({
      isAdmin: false,
      isSuperAdmin: false,
    });
  });

  it('labels the status Super Admin, Admin or User', () => {
    expect(statusLabel({ isAdmin: true, isSuperAdmin: true })).toBe('Super Admin');
    expect(statusLabel({ isAdmin: true, isSuperAdmin: false })).toBe('Admin');
    expect(statusLabel({ isAdmin: false, isSuperAdmin: false })).toBe('User');
  });
});
