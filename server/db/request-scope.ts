/**
 * One transaction per state-changing call (docs/decisions/018-audit-log.md, 'Same transaction'):
 * `inRequestTransaction(db, work)` opens a transaction and, for everything `work` awaits, makes
 * the services' `db` (a `scopedDatabase`) mean that transaction. So a route's data access — the
 * change, the jobs it enqueues, its audit event — commits or rolls back as one, without every data
 * function taking a transaction argument. Data functions that open their own `db.transaction`
 * get a savepoint inside it.
 *
 * Once the transaction has ended, the scope is closed: work started inside it that outlives it
 * (a background task) falls back to the database itself.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '.';

interface Scope {
  tx: Database;
  open: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

/** The request's transaction when one is open in this async context, else `root`. */
function current(root: Database): Database {
  const scope = scopes.getStore();
  return scope?.open ? scope.tx : root;
}

/** A Database that resolves to the open request transaction, if any, at each use. */
export function scopedDatabase(root: Database): Database {
  return new Proxy(root, {
    get(_target, prop) {
      const db = current(root);
      const value = Reflect.get(db, prop, db) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(db) : value;
    },
  });
}

/** Runs `work` in one transaction that `scopedDatabase`s of this context use. */
export function inRequestTransaction<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const scope: Scope = { tx: tx as unknown as Database, open: true };
    try {
      return await scopes.run(scope, () => work(scope.tx));
    } finally {
      scope.open = false;
    }
  });
}

/** Whether a request transaction is open here (for assertions in tests). */
export function inRequestScope(): boolean {
  return scopes.getStore()?.open === true;
}
