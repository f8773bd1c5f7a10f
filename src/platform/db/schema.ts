// Table types for Kysely. Conventions that keep one set of queries valid on both dialects:
// timestamps are epoch milliseconds in bigint columns (`*_at`), booleans are 0/1 integers,
// JSON is stored as text.

export interface SvcMetaTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface Database {
  svc_meta: SvcMetaTable;
}
