import { MigrationInterface, QueryRunner } from 'typeorm';

/** Zero-width, invisible and bidi-control characters: a name's identity ignores them (as the text rule refuses them). */
const HIDDEN =
  '[\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2069\\u3164\\uFEFF\\uFFA0]';

/**
 * Issue 47 item 8: two users cannot share a display name that differs only in letter case, Unicode
 * compatibility forms, spacing or invisible characters (the standings and the CLICS team names show it).
 * `full_name_key` is that identity, set by a trigger on every write whoever writes it, and unique.
 * Names already shared before this migration keep working: only the earliest account holds the key.
 */
export class DisplayNameKey1795900047000 implements MigrationInterface {
  name = 'DisplayNameKey1795900047000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION javelin_display_name_key(name text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
        SELECT lower(btrim(regexp_replace(regexp_replace(normalize(name, NFKC), '${HIDDEN}', '', 'g'), '\\s+', ' ', 'g')))
      $$`);
    await q.query(`ALTER TABLE users ADD COLUMN full_name_key text`);
    await q.query(`
      CREATE FUNCTION javelin_set_display_name_key() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- A contest package's account (issue 43) goes by its team's name, label and organization: teams of
        -- two contests may share a name, so it holds no key. A person's name left as it is keeps its key
        -- (a name shared before this migration stays keyless).
        IF NEW.account_type IS DISTINCT FROM 'person' THEN
          NEW.full_name_key := NULL;
        ELSIF TG_OP = 'INSERT' OR NEW.full_name IS DISTINCT FROM OLD.full_name THEN
          NEW.full_name_key := javelin_display_name_key(NEW.full_name);
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER users_display_name_key
        BEFORE INSERT OR UPDATE OF full_name, account_type ON users
        FOR EACH ROW EXECUTE FUNCTION javelin_set_display_name_key()`);
    await q.query(`
      UPDATE users u SET full_name_key = k.key
        FROM (SELECT id, javelin_display_name_key(full_name) AS key,
                     row_number() OVER (PARTITION BY javelin_display_name_key(full_name) ORDER BY created_at, id) AS n
                FROM users WHERE account_type = 'person') k
       WHERE u.id = k.id AND k.n = 1`);
    await q.query(`CREATE UNIQUE INDEX users_full_name_key ON users (full_name_key)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER users_display_name_key ON users`);
    await q.query(`DROP FUNCTION javelin_set_display_name_key()`);
    await q.query(`ALTER TABLE users DROP COLUMN full_name_key`);
    await q.query(`DROP FUNCTION javelin_display_name_key(text)`);
  }
}
