import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35: every write that changes what a signed-in request knows of its user — the account's names,
 * its token version, its roles, the account itself — tells every API instance at commit, through
 * PostgreSQL's NOTIFY on the channel `javelin_auth_users` (the user's id; '*' when a table is emptied).
 * Each instance keeps the users it read while it hears the channel (AuthUserChanges), so a revoked
 * token or a removed role ends at once on all of them, whoever wrote it: an instance or plain SQL.
 */
export class AuthUserNotifications1795800000000 implements MigrationInterface {
  name = 'AuthUserNotifications1795800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION javelin_auth_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_LEVEL = 'STATEMENT' THEN
          PERFORM pg_notify('javelin_auth_users', '*');
        ELSIF TG_TABLE_NAME = 'users' THEN
          IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('javelin_auth_users', OLD.id::text); END IF;
          IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('javelin_auth_users', NEW.id::text); END IF;
        ELSE
          IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('javelin_auth_users', OLD.user_id::text); END IF;
          IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('javelin_auth_users', NEW.user_id::text); END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER users_auth_changed
        AFTER INSERT OR DELETE OR UPDATE OF id, email, username, full_name, email_verified, token_version ON users
        FOR EACH ROW EXECUTE FUNCTION javelin_auth_user_changed()`);
    await q.query(`
      CREATE TRIGGER user_roles_auth_changed
        AFTER INSERT OR UPDATE OR DELETE ON user_roles
        FOR EACH ROW EXECUTE FUNCTION javelin_auth_user_changed()`);
    for (const table of ['users', 'user_roles']) {
      await q.query(`
        CREATE TRIGGER ${table}_auth_emptied
          AFTER TRUNCATE ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION javelin_auth_user_changed()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'users_auth_changed ON users',
      'user_roles_auth_changed ON user_roles',
      'users_auth_emptied ON users',
      'user_roles_auth_emptied ON user_roles',
    ])
      await q.query(`DROP TRIGGER ${t}`);
    await q.query(`DROP FUNCTION javelin_auth_user_changed()`);
  }
}
