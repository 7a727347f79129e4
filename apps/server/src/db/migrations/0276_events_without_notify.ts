import { type Kysely, sql } from 'kysely';

/**
 * The live events' triggers (0205) stop calling `pg_notify`. PostgreSQL serialises every
 * notifying commit of a database on one lock held through the commit's WAL flush, so every
 * booking of every merchant queued behind every other one's commit (ADR 017, "Later"). The
 * events hub now reads the table on a short poll instead; the events themselves are unchanged.
 *
 * Each trigger function is replaced by its own definition without the wake-up line, so this
 * stays correct whatever the functions' bodies are; a function still notifying afterwards fails
 * the migration rather than leaving the lock in place.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One DO statement, run as it is (the script splitter knows only `$$` bodies).
  await sql
    .raw(`
    DO $migration$
    DECLARE
      f oid;
      def text;
    BEGIN
      FOR f IN SELECT p.oid FROM pg_proc p WHERE p.proname LIKE 'gerbang\\_events\\_%' LOOP
        def := pg_get_functiondef(f);
        IF position('pg_notify' IN def) > 0 THEN
          EXECUTE replace(def, 'IF FOUND THEN PERFORM pg_notify(''gerbang_events'', ''''); END IF;', '');
        END IF;
      END LOOP;
      IF EXISTS (SELECT 1 FROM pg_proc p WHERE p.proname LIKE 'gerbang\\_events\\_%'
                 AND position('pg_notify' IN pg_get_functiondef(p.oid)) > 0) THEN
        RAISE EXCEPTION 'a live-events trigger function still calls pg_notify';
      END IF;
    END $migration$`)
    .execute(db);
}
