// Which tables this process writes, as it writes them: a Kysely plugin on the storage's
// instance (and so on its transactions) that names the table of every INSERT, UPDATE and
// DELETE, once before the statement runs and once after it answers. A short-lived
// in-process copy of some rows (the API-key check's) listens, and drops what a write may
// have changed, so a change made by this process applies to its next request. Writes by
// other processes are not seen here: such a copy must also expire (docs/accounts.md).
// Statements that bypass the builder (the prepared fast paths, statements.ts) are not seen
// either; none of them writes a table anything listens for.
// Inside a transaction both calls come before the commit: on PostgreSQL a read on another
// pooled connection in between can still see, and keep, the old row — for at most the
// copy's lifetime, the same bound as another process's write.
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** A table name, or `*` when a raw statement writes a table that could not be read from it. */
export type WriteListener = (table: string) => void;

interface Named extends OperationNode {
  kind: 'TableNode';
  table: { identifier: { name: string } };
}

const tableName = (node: OperationNode | undefined): string | undefined => {
  const table = node?.kind === 'AliasNode' ? (node as unknown as { node: OperationNode }).node : node;
  return table?.kind === 'TableNode' ? (table as Named).table.identifier.name : undefined;
};

/** A write keyword and the name after it, when a name (not a parameter) follows. */
const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from|replace\s+into|merge\s+into)\b(?:\s+"?(\w+)"?)?/gi;

/** A read's answer, shared: every statement of the process passes here. */
const NONE: readonly string[] = Object.freeze([]);

/** The tables a statement writes (empty for a read). */
export function writtenTables(node: RootOperationNode): readonly string[] {
  switch (node.kind) {
    case 'InsertQueryNode':
      return [tableName(node.into) ?? '*'];
    case 'UpdateQueryNode':
      return [tableName(node.table) ?? '*'];
    case 'DeleteQueryNode':
      return node.from.froms.map((f) => tableName(f) ?? '*');
    case 'MergeQueryNode':
      return [tableName(node.into) ?? '*'];
    case 'RawNode': {
      // Fragments are joined around a character no name has: a table given as a parameter
      // (sql.table) leaves the keyword without a name, which counts as any table.
      const text = node.sqlFragments.join('\u0000');
      return [...text.matchAll(RAW_WRITE)].map((m) => m[1]?.toLowerCase() ?? '*');
    }
    case 'SelectQueryNode':
      // A read may still write through a WITH clause on PostgreSQL.
      if (!node.with) return NONE;
      return node.with.expressions.flatMap((cte) => {
        const inner = cte.expression as RootOperationNode;
        return inner.kind === 'SelectQueryNode' && !inner.with ? [] : writtenTables(inner);
      });
    default:
      // Schema changes (migrations) may touch any table.
      return ['*'];
  }
}

export class WriteWatch implements KyselyPlugin {
  readonly #listeners = new Set<WriteListener>();
  readonly #running = new WeakMap<object, readonly string[]>();

  /** Calls `listener` with each table written; the answer stops it. */
  onWrite(listener: WriteListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (this.#listeners.size === 0) return node;
    const tables = writtenTables(node);
    if (tables.length > 0) {
      this.#running.set(queryId, tables);
      this.#tell(tables);
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.#running.get(queryId);
    if (tables) {
      this.#running.delete(queryId);
      // Again once it has run: a read that started while it ran may hold the old row.
      this.#tell(tables);
    }
    return result;
  }

  #tell(tables: readonly string[]): void {
    for (const listener of this.#listeners) for (const table of tables) listener(table);
  }
}
