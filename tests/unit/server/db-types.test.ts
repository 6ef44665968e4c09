import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchema } from '../../../scripts/db-types.js';
import { columnType, rowTypeName, rowTypesSource } from '../../../server/db/row-types.js';

describe('row types of the tables', () => {
  it('server/db/tables.generated.ts is what the migrations build today (else: npm run db:types)', async () => {
    const schema = await readSchema();
    expect(schema.length).toBeGreaterThan(50);
    expect(schema.map((t) => t.table)).toContain('sales');
    const current = fs.readFileSync(path.join(import.meta.dirname, '../../../server/db/tables.generated.ts'), 'utf8');
    expect(current).toBe(rowTypesSource(schema));
  });

  it('types each column as both databases hand it back, nullable where the schema allows NULL', () => {
    expect(
      ['integer', 'bigint', 'varchar(255)', 'text', 'boolean', 'datetime', 'float', 'blob', ''].map(columnType),
    ).toEqual(['number', 'number', 'string', 'string', 'DbBoolean', 'string', 'number', 'Buffer', 'unknown']);
    expect(rowTypeName('cash_closings')).toBe('CashClosingsRow');
    const source = rowTypesSource([
      {
        table: 'treasury_accounts',
        columns: [
          { name: 'id', type: 'integer', nullable: false },
          { name: 'kind', type: 'varchar(255)', nullable: false },
          { name: 'operator', type: 'varchar(255)', nullable: true },
        ],
      },
    ]);
    expect(source).toContain(
      'export type TreasuryAccountsRow = {\n  id: number;\n  kind: TreasuryKind;\n  operator: MobileMoneyOperator | null;\n};',
    );
    expect(source).toContain("import type { MobileMoneyOperator, TreasuryKind } from '../../shared/treasury.js';");
    expect(source).toContain('    treasury_accounts: TreasuryAccountsRow;');
  });
});
