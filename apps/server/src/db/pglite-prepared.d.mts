import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** Statements prepared once on the embedded database (pglite-prepared.mjs, decision 0073). */
export interface PreparedStatements {
  accepts(text: string): boolean;
  query<T>(text: string, params: unknown[], options: QueryOptions): Promise<Results<T>>;
  size(): number;
}

export function preparedStatements(pglite: PGlite, keptMax?: number): PreparedStatements;
