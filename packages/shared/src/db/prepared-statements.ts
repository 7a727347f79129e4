/**
 * Starts the text of a statement that is sent often and always with the same text (the ledger's
 * lock and write). A driver that keeps named prepared statements per connection (the server's
 * pool, `apps/server/src/db/prepared-statements.ts`) parses such a statement once per connection
 * instead of at every call. It is a comment: any other driver ignores it. Here, not in the ledger,
 * so that the server's pool can know it without loading the ledger (the lean export worker).
 */
export const PREPARED_STATEMENT_MARK = '/* prepared */';
