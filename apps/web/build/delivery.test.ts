import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_PAGE_SOURCE, loginRouteFiles, precompress, type Manifest } from './delivery';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('precompress', () => {
  it('writes .br and .gz beside every text file worth it, and leaves the rest alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hrpay-build-'));
    dirs.push(dir);
    const js = `export const x = ${JSON.stringify('a'.repeat(2000))};`;
    writeFileSync(join(dir, 'app-Abc12345.js'), js);
    writeFileSync(join(dir, 'tiny.css'), 'a{}');
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 1));
    const sizes = precompress(dir);
    expect(brotliDecompressSync(readFileSync(join(dir, 'app-Abc12345.js.br'))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(join(dir, 'app-Abc12345.js.gz'))).toString()).toBe(js);
    expect(sizes.get('app-Abc12345.js')).toBeLessThan(js.length / 10);
    expect(existsSync(join(dir, 'tiny.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'logo.png.br'))).toBe(false);
  });
});

describe('loginRouteFiles', () => {
  it('counts the entry, the login page and what they import statically, not lazy pages', () => {
    const manifest: Manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-1.js' },
      '_mui.js': { file: 'assets/mui-1.js', imports: ['_react.js'] },
      [LOGIN_PAGE_SOURCE]: { file: 'assets/Login-1.js', imports: ['_mui.js'] },
      'src/features/companies/pages/companies-page.tsx': {
        file: 'assets/Companies-1.js',
        imports: ['_grid.js'],
      },
      '_grid.js': { file: 'assets/grid-1.js' },
    };
    expect(loginRouteFiles(manifest).sort()).toEqual(
      ['assets/Login-1.js', 'assets/index-1.js', 'assets/mui-1.js', 'assets/react-1.js'].sort(),
    );
  });

  it('fails loudly when the manifest has no login page (a renamed file must not switch the check off)', () => {
    expect(() => loginRouteFiles({ 'index.html': { file: 'a.js', isEntry: true } })).toThrow(/login-page/);
  });
});
