// The two repository-wide rules `npm run lint` adds to Biome's defaults can fail: a file name
// that is not kebab-case (Biome) and an export nothing imports (knip). Each is broken once in a
// small tree written to a temporary folder with the project's own configuration, and the same
// tree put right reports nothing.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');

const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A tree with the project's Biome and knip settings. */
function writeTree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'lint-rules-'));
  folders.push(root);
  const base = {
    // The start script names the server's entry, as the project's own scripts do for knip.
    'package.json': JSON.stringify({
      name: 'lint-rules',
      private: true,
      type: 'module',
      scripts: { start: 'node server/main.ts' },
    }),
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        module: 'ESNext',
        moduleResolution: 'Bundler',
        allowImportingTsExtensions: true,
        noEmit: true,
      },
    }),
  };
  for (const [name, text] of Object.entries({ ...base, ...files })) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  for (const config of ['biome.json', 'knip.json']) {
    copyFileSync(path.join(ROOT, config), path.join(root, config));
  }
  return root;
}

/** What Biome's lint reports, as `rule: file` lines (the tree is not a git checkout). */
async function biomeFindings(root: string): Promise<string[]> {
  const { stdout } = await run(
    path.join(BIN, 'biome'),
    ['lint', '--vcs-enabled=false', '--reporter=json', '.'],
    { cwd: root },
  ).catch((failed: { stdout: string }) => failed);
  const report = JSON.parse(stdout) as {
    diagnostics: { category: string; location: { path: string } }[];
  };
  return report.diagnostics.map((d) => `${d.category}: ${d.location.path}`).sort();
}

/** What knip reports, as `kind: file: name` lines, and whether it failed. */
async function knipFindings(root: string): Promise<{ failed: boolean; findings: string[] }> {
  const outcome = await run(path.join(BIN, 'knip'), ['--reporter', 'json', '--no-progress'], {
    cwd: root,
  }).then(
    ({ stdout }) => ({ failed: false, stdout }),
    (failed: { stdout: string }) => ({ failed: true, stdout: failed.stdout }),
  );
  const report = JSON.parse(outcome.stdout) as {
    issues: ({ file: string } & Record<string, { name: string }[]>)[];
  };
  const findings = report.issues.flatMap(({ file, ...kinds }) =>
    Object.entries(kinds).flatMap(([kind, found]) =>
      Array.isArray(found) ? found.map((f) => `${kind}: ${file}: ${f.name}`) : [],
    ),
  );
  return { failed: outcome.failed, findings: findings.sort() };
}

const CLEAN = {
  'server/main.ts': "import { used } from './lib/used-here.ts';\nconsole.log(used);\n",
  'server/lib/used-here.ts': 'export const used = 1;\n',
};

describe('lint rules', () => {
  it('refuses a file name that is not kebab-case', async () => {
    const root = writeTree({
      ...CLEAN,
      'server/lib/usedHere.ts': 'export const other = 2;\n',
      'server/worker.ts': "import { other } from './lib/usedHere.ts';\nconsole.log(other);\n",
    });
    expect(await biomeFindings(root)).toEqual([
      'lint/style/useFilenamingConvention: server/lib/usedHere.ts',
    ]);
  });

  it('refuses an export that nothing imports', async () => {
    const root = writeTree({
      ...CLEAN,
      'server/lib/used-here.ts': 'export const used = 1;\nexport const forgotten = 2;\n',
    });
    expect(await knipFindings(root)).toEqual({
      failed: true,
      findings: ['exports: server/lib/used-here.ts: forgotten'],
    });
  });

  it('passes the same tree put right', async () => {
    const root = writeTree(CLEAN);
    expect(await biomeFindings(root)).toEqual([]);
    expect(await knipFindings(root)).toEqual({ failed: false, findings: [] });
  });
});
