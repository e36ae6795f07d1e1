/**
 * Issue 12 item 5: the module boundaries are lint errors. A deliberate cross-module import, linted as if it were
 * in the repository, must be refused; the same file importing its own repository passes.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { findCycles } from '../../../scripts/check-cycles.js';

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

describe('import cycles (scripts/check-cycles.ts, run by npm run lint)', () => {
  const withLine = (file: string, line: string) => ({
    [join(root, file)]: `${readFileSync(join(root, file), 'utf8')}\n${line}\n`,
  });

  it('finds none in the repository', () => {
    expect(findCycles(root)).toEqual([]);
  });

  it('refuses a deliberate cycle through .js-suffixed server imports and the web @/ alias', () => {
    // holidays/service -> holidays/repository -> lib/lists, closed by lists importing the service back.
    expect(
      findCycles(root, withLine('apps/server/src/lib/lists.ts', "import '../modules/holidays/service.js';")),
    ).toEqual([
      [
        'apps/server/src/lib/lists.ts',
        'apps/server/src/modules/holidays/service.ts',
        'apps/server/src/modules/holidays/repository.ts',
        'apps/server/src/lib/lists.ts',
      ],
    ]);
    expect(
      findCycles(
        root,
        withLine(
          'apps/web/src/lib/route-handle.ts',
          "import { PageHeader } from '@/components/page-header';",
        ),
      ),
    ).toEqual([
      [
        'apps/web/src/components/page-header.tsx',
        'apps/web/src/lib/route-handle.ts',
        'apps/web/src/components/page-header.tsx',
      ],
    ]);
  });

  it('lets a type-only import close a loop: the compiler erases it', () => {
    const line = "import type { PageHeader } from '@/components/page-header';";
    expect(findCycles(root, withLine('apps/web/src/lib/route-handle.ts', line))).toEqual([]);
  });
});
