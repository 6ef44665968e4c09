import { describe, expect, it } from 'vitest';
import { NUMBERED_MIGRATIONS, migrationFiles, migrationNameProblems } from '../../../server/db/migrate.js';

describe('migration names', () => {
  it('every file of database/migrations follows the rule, and no two share a prefix', () => {
    const files = migrationFiles();
    expect(files).toEqual(expect.arrayContaining([...NUMBERED_MIGRATIONS]));
    expect(migrationNameProblems(files)).toEqual([]);
  });

  it('keeps the numbered names recorded by existing databases, and applies them first', () => {
    const files = migrationFiles();
    expect(files.slice(0, NUMBERED_MIGRATIONS.length)).toEqual([...NUMBERED_MIGRATIONS]);
  });

  it('accepts a UTC timestamp prefix and a snake_case name', () => {
    expect(
      migrationNameProblems([...NUMBERED_MIGRATIONS, '202611231945_sales.ts', '202612010800_sale_lines_index.ts']),
    ).toEqual([]);
  });

  it('refuses two migrations with the same prefix', () => {
    const problems = migrationNameProblems(['202611231945_sales.ts', '202611231945_receivables.ts']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('202611231945_receivables.ts');
    expect(problems[0]).toContain('202611231945_sales.ts');
  });

  it('refuses a new numbered migration and names off the rule', () => {
    for (const name of [
      '0005_sales.ts',
      '0003_stock_again.ts',
      '2026112319_sales.ts',
      '202611231945-sales.ts',
      '202611231945_Sales.ts',
      '202613011200_sales.ts',
      '202611231960_sales.ts',
      '202611232400_sales.ts',
      '202611231945_.ts',
      'sales.ts',
    ]) {
      expect(migrationNameProblems([name]), name).toHaveLength(1);
    }
  });
});
