// Builds the app (no listening server, an in-memory database) and writes the OpenAPI document
// it serves at /api/openapi.json to a file (`document <file>`, which `npm run lint:openapi`
// lints), or the committed client types generated from it (`types`, `npm run openapi:types`).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { API_TYPES_FILE, apiTypes } from './openapi-types.ts';

async function openApiDocument(dataDir: string): Promise<object> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'openapi-document-openapi-document-00',
    // A deployment serves its own PUBLIC_URL as the document's server; the default (localhost)
    // is rightly a warning for a published document, so a stand-in address is linted instead.
    PUBLIC_URL: 'https://utility-reports.test',
  });
  const database = openDatabase({ dataDir: undefined });
  const app = await buildApp({ config, database, jobMode: 'inline' });
  try {
    await app.ready();
    await app.databaseReady;
    return app.swagger();
  } finally {
    await app.close();
    await database.close();
  }
}

const [command, out] = process.argv.slice(2);
const dir = mkdtempSync(path.join(tmpdir(), 'ur-openapi-'));
try {
  const document = await openApiDocument(dir);
  if (command === 'types') {
    writeFileSync(API_TYPES_FILE, await apiTypes(document));
    console.log(`wrote ${path.relative(process.cwd(), API_TYPES_FILE)}`);
  } else if (command === 'document' && out) {
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(document, null, 2));
  } else {
    console.error('usage: tsx scripts/openapi.ts types | document <file>');
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
