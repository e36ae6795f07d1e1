/**
 * Import cycles are a lint error (issue 12 item 5, bulletproof-react's `import/no-cycle`). `npm run lint` runs this
 * after ESLint; `apps/server/test/lint-boundaries.test.ts` proves it fails on a deliberate cycle.
 *
 * Our own check rather than eslint-plugin-import: it reads each file once with the TypeScript parser we already
 * have and resolves our `.js`-suffixed TS imports and the web's `@/` alias without a resolver plugin.
 *
 * What counts is what runs at load time: static imports and re-exports. `import type` / `export type` and imports
 * whose every name is `type` are erased by the compiler, and dynamic `import()` (lazy routes) runs after the
 * importing module has loaded, so neither can leave a module half-initialised. Each package is its own graph:
 * packages never import apps and contracts/payroll import nothing of ours (lint rules), so `@hrpay/*` is a leaf.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Source roots checked, with the `@/` alias each one resolves (if any). */
const roots = [
  { dir: 'apps/server/src' },
  { dir: 'apps/web/src', alias: 'apps/web/src' },
  { dir: 'packages/contracts/src' },
  { dir: 'packages/payroll/src' },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a specifier names, or undefined for a package or a non-TS asset. */
function resolveSpecifier(from: string, spec: string, aliasDir?: string): string | undefined {
  let base: string;
  if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else if (aliasDir && spec.startsWith('@/')) base = join(aliasDir, spec.slice(2));
  else return undefined;
  const stem = base.replace(/\.jsx?$/, '');
  return [`${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(existsSync);
}

/** The specifiers a file loads at run time (see the header for what is left out). */
function runtimeImports(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const specs: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          bindings &&
          ts.isNamedImports(bindings) &&
          bindings.elements.length > 0 &&
          bindings.elements.every((e) => e.isTypeOnly));
      if (!onlyTypes && ts.isStringLiteral(node.moduleSpecifier)) specs.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const onlyTypes =
        node.isTypeOnly ||
        (clause &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((e) => e.isTypeOnly));
      if (!onlyTypes) specs.push(node.moduleSpecifier.text);
    }
  }
  return specs;
}

/**
 * Every import cycle in the checked sources, each as repository-relative paths from a file back to itself.
 * `overrides` (absolute path -> text) lints files as if they had that content, for the test.
 */
export function findCycles(root = repoRoot, overrides: Record<string, string> = {}): string[][] {
  const graph = new Map<string, string[]>();
  for (const { dir, alias } of roots) {
    const files = new Set([
      ...sourceFiles(join(root, dir)),
      ...Object.keys(overrides).filter((f) => f.startsWith(join(root, dir))),
    ]);
    for (const file of files) {
      const text = overrides[file] ?? readFileSync(file, 'utf8');
      const targets = runtimeImports(file, text)
        .map((spec) => resolveSpecifier(file, spec, alias && join(root, alias)))
        .filter((t): t is string => t !== undefined);
      graph.set(file, targets);
    }
  }
  return stronglyConnected(graph).map((component) =>
    cycleThrough(graph, component).map((f) => relative(root, f)),
  );
}

/** Tarjan's strongly connected components with more than one file, or a file importing itself. */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** One concrete loop inside a component (breadth-first from its first file), to print something actionable. */
function cycleThrough(graph: Map<string, string[]>, component: string[]): string[] {
  const start = component[0]!;
  const members = new Set(component);
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (w === start) {
        const path = [start];
        for (let at = v; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (members.has(w) && !previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = findCycles();
  for (const cycle of cycles) console.error(`import cycle: ${cycle.join(' -> ')}`);
  if (cycles.length > 0) process.exit(1);
}
