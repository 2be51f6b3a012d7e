// The typed client's types (`paths`, `components`) are generated from the OpenAPI document, so a
// client written against them stops compiling when a route's contract changes.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

const ROOT = path.join(import.meta.dirname, '..');
/** Committed next to the other shared API types; rewritten by `npm run openapi:types`. */
export const API_TYPES_FILE = path.join(ROOT, 'common', 'api-v1-types.ts');

const HEADER = `// Generated from the OpenAPI document (/api/openapi.json) by \`npm run openapi:types\`: do not
// edit by hand. A test fails when it no longer matches the routes.
`;

/** The TypeScript types of a document, exactly as they are committed (formatted by Biome). */
export async function apiTypes(document: object): Promise<string> {
  const ast = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0]);
  const format = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'biome'),
    ['format', `--stdin-file-path=${API_TYPES_FILE}`],
    { input: HEADER + astToString(ast), encoding: 'utf8', cwd: ROOT },
  );
  if (format.status !== 0) throw new Error(`biome format failed: ${format.stderr}`);
  return format.stdout;
}
