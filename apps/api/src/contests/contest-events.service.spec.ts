import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../users/users.service';
import { mayReceive } from './contest-events.service';

const viewer = (id: string, roles: AuthUser['roles'] = []): AuthUser => ({
  id,
  email: `${id}@example.com`,
  username: id,
  fullName: id,
  emailVerified: true,
  roles,
});

describe('who receives a contest stream event', () => {
  const asker = viewer('asker');
  const other = viewer('other');
  const admin = viewer('admin', ['admin']);
  const superAdmin = viewer('root', ['super_admin']);

  it('sends an event for everyone to everyone, anonymous viewers too', () => {
    for (const v of [asker, other, admin, undefined]) expect(mayReceive({ everyone: true }, v)).toBe(true);
  });

  it('sends a private event to its user and admins only', () => {
    const audience = { adminsAndUser: 'asker' };
    expect([asker, admin, superAdmin].map((v) => mayReceive(audience, v))).toEqual([true, true, true]);
    expect([other, undefined].map((v) => mayReceive(audience, v))).toEqual([false, false]);
  });

  it('sends the anonymous copy to everyone else, so no viewer gets both', () => {
    const audience = { allButAdminsAndUser: 'asker' };
    expect([other, undefined].map((v) => mayReceive(audience, v))).toEqual([true, true]);
    expect([asker, admin, superAdmin].map((v) => mayReceive(audience, v))).toEqual([false, false, false]);
  });
});
