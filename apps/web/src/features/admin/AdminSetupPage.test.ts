import { describe, expect, it } from 'vitest';
import { validateAdminSetup } from './AdminSetupPage';

describe('admin setup checks the form with the schema the API checks it with', () => {
  // 'root' itself is a reserved username (issue 47): the setup uses another.
  const form = { email: 'root@example.com', password: 'abcdef', username: 'rosa', fullName: 'Root' };

  it('says what the API would say, and the page sentence for a short username', () => {
    expect(validateAdminSetup(form)).toBeNull();
    expect(validateAdminSetup({ ...form, username: 'root' })).toMatch(/^username is reserved/);
    expect(validateAdminSetup({ ...form, fullName: ' ' })).toBe('All fields are required');
    expect(validateAdminSetup({ ...form, password: 'abc' })).toBe(
      'Password must be at least 6 characters long',
    );
    // Trimmed, as the page sends it.
    expect(validateAdminSetup({ ...form, username: '  ro  ' })).toBe(
      'Username must be at least 3 characters long',
    );
    expect(validateAdminSetup({ ...form, email: 'root' })).toBe('email must be a valid email address');
    expect(validateAdminSetup({ ...form, username: 'ro ot' })).toBe(
      'username may contain only letters, digits, dot, dash and underscore',
    );
    expect(validateAdminSetup({ ...form, password: 'x'.repeat(129) })).toBe(
      'password must be shorter than or equal to 128 characters',
    );
  });
});
