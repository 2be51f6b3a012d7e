// The import rules in .dependency-cruiser.cjs can fail: each is broken once in a
// small tree written to a temporary folder, and a tree that follows them reports nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterEach, describe, expect, it } from 'vitest';

const CONFIG = path.resolve(import.meta.dirname, '..', '.dependency-cruiser.cjs');

// The project's own aliases, so the fixture also proves that `@/` imports are followed.
const TSCONFIG = JSON.stringify({
  compilerOptions: {
    module: 'ESNext',
    moduleResolution: 'Bundler',
    jsx: 'react-jsx',
    allowImportingTsExtensions: true,
    noEmit: true,
    baseUrl: '.',
    paths: { '@common/*': ['common/*'], '@/*': ['client/*'] },
  },
});

const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function writeTree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  folders.push(root);
  for (const [name, text] of Object.entries({ 'tsconfig.json': TSCONFIG, ...files })) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

/** Cruises `root` with the project's configuration, as `npm run lint` cruises the repository. */
async function violationsIn(root: string): Promise<string[]> {
  const options = await extractDepcruiseOptions(CONFIG);
  const tsConfigFile = path.join(root, 'tsconfig.json');
  const result = await cruise(
    ['server', 'client', 'common'],
    { ...options, baseDir: root, tsConfig: { fileName: tsConfigFile } },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  if (typeof result.output === 'string') throw new Error('expected a cruise result');
  return result.output.summary.violations.map(describeViolation).sort();
}

function describeViolation(violation: IViolation): string {
  if (violation.cycle) {
    // Which edge of a cycle is named depends on the order the files are read in.
    const members = [violation.from, ...violation.cycle.map((step) => step.name)];
    return `${violation.rule.name}: ${[...new Set(members)].sort().join(' + ')}`;
  }
  return `${violation.rule.name}: ${violation.from} -> ${violation.to}`;
}

describe('import rules', () => {
  it('reports each broken rule, at the import that breaks it', async () => {
    const root = writeTree({
      'server/features/a/routes.ts':
        "import { internal } from '../b/internal.ts';\nexport { internal };\n",
      'server/features/b/internal.ts': 'export const internal = 1;\n',
      // A cycle of type-only imports, which the compiled JavaScript would not show.
      'server/features/a/service.ts':
        "import type { Vault } from './credentials.ts';\nexport type Service = { vault: Vault };\n",
      'server/features/a/credentials.ts':
        "import type { Service } from './service.ts';\nexport type Vault = { owner: Service };\n",
      'server/lib/engine.ts': "export { internal } from '../features/b/internal.ts';\n",
      'server/lib/missing.ts': "export { gone } from './gone.ts';\n",
      'client/pages/x/page.tsx': "export { widget } from '@/pages/y/widget.tsx';\n",
      'client/pages/y/widget.tsx': 'export const widget = 1;\n',
      'client/components/card.tsx': "export { widget } from '../pages/y/widget.tsx';\n",
      'client/lib/api.ts': "export type { Service } from '../../server/features/a/service.ts';\n",
      'common/contract.ts': "export { widget } from '../client/pages/y/widget.tsx';\n",
    });

    expect(await violationsIn(root)).toEqual([
      'client-screens: client/pages/x/page.tsx -> client/pages/y/widget.tsx',
      'client-shared-code: client/components/card.tsx -> client/pages/y/widget.tsx',
      'common-is-shared: common/contract.ts -> client/pages/y/widget.tsx',
      'feature-internals: server/features/a/routes.ts -> server/features/b/internal.ts',
      'lib-is-a-library: server/lib/engine.ts -> server/features/b/internal.ts',
      'no-circular: server/features/a/credentials.ts + server/features/a/service.ts',
      'not-to-unresolvable: server/lib/missing.ts -> ./gone.ts',
      'server-client-apart: client/lib/api.ts -> server/features/a/service.ts',
    ]);
  });

  it('reports nothing for a tree that keeps the rules', async () => {
    const root = writeTree({
      'server/features/a/routes.ts':
        "import { make } from '../b/service.ts';\nimport { list } from '../c/index.ts';\nexport const routes = [make, list];\n",
      'server/features/a/a.test.ts':
        "import { internal } from '../b/internal.ts';\nimport { factory } from '../b/testing/factory.ts';\nexport const used = [internal, factory];\n",
      'server/features/b/service.ts':
        "import { engine } from '../../lib/engine.ts';\nexport const make = engine;\n",
      'server/features/b/internal.ts': 'export const internal = 1;\n',
      'server/features/b/testing/factory.ts':
        "import { internal } from '../internal.ts';\nexport const factory = internal;\n",
      'server/features/c/index.ts':
        "import type { Shape } from '@common/contract.ts';\nexport const list: Shape[] = [];\n",
      'server/lib/engine.ts':
        "import type { Shape } from '../../common/contract.ts';\nexport const engine = (s: Shape) => s;\n",
      'client/pages/admin/one/view.tsx': "export { two } from '../two/view.tsx';\n",
      'client/pages/admin/two/view.tsx':
        "import { card } from '@/components/card.tsx';\nexport const two = card;\n",
      'client/components/card.tsx':
        "import type { Shape } from '@common/contract.ts';\nexport const card: Shape = {};\n",
      'common/contract.ts': 'export type Shape = Record<string, never>;\n',
    });

    expect(await violationsIn(root)).toEqual([]);
  });
});
