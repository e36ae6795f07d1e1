/**
 * Issue 12 item 5: the module boundaries are lint errors. A deliberate cross-module import, linted as if it were
 * in the repository, must be refused; the same file importing its own repository passes.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const eslint = new ESLint({ cwd: root });

async function messagesFor(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('lint boundaries', () => {
  it("refuses a server module importing another module's repository", async () => {
    const code = `import { companiesRepo } from '../companies/repository.js';\nexport const x = companiesRepo;\n`;
    expect(await messagesFor('apps/server/src/modules/holidays/routes.ts', code)).toEqual([
      "'../companies/repository.js' import is restricted from being used by a pattern. another module's repository is its own; call that module's service",
    ]);
    const own = `import { holidaysRepo } from './repository.js';\nexport const x = holidaysRepo;\n`;
    expect(await messagesFor('apps/server/src/modules/holidays/routes.ts', own)).toEqual([]);
  });

  it('refuses a web feature importing another feature, and allows components and lib', async () => {
    const cross = `import { useCompany } from '@/features/companies/api/get-company';\nexport const x = useCompany;\n`;
    const crossMessages = await messagesFor('apps/web/src/features/holidays/pages/holidays-page.tsx', cross);
    expect(crossMessages).toHaveLength(1);
    expect(crossMessages[0]).toContain('a feature does not import another feature');
    const relative = `import { useCompany } from '../../companies/api/get-company';\nexport const x = useCompany;\n`;
    expect(
      await messagesFor('apps/web/src/features/holidays/pages/holidays-page.tsx', relative),
    ).toHaveLength(1);
    const shared = `import { PageHeader } from '@/components/page-header';\nimport { useHolidays } from '../api/holidays';\nexport const x = [PageHeader, useHolidays];\n`;
    expect(await messagesFor('apps/web/src/features/holidays/pages/holidays-page.tsx', shared)).toEqual([]);
  });
});
