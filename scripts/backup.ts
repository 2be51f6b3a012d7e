// `npm run backup -- <folder>`: backs up the embedded install (DATA_DIR: the database, the
// local store's files, the generated secrets) into a new or empty folder, whether the app runs
// or not. With DATABASE_URL the database is PostgreSQL's to back up (README: Backups).
import { readFileSync } from 'node:fs';
import type { Config } from '../server/config.ts';
import { createBackup } from '../server/lib/backup/backup.ts';
import { restrictNewFiles } from '../server/lib/data-dir-modes.ts';
import { configOrExit } from '../server/start.ts';

const target = process.argv[2];
if (!target || process.argv.length > 3) {
  console.error('Usage: npm run backup -- <new or empty folder>');
  process.exit(1);
}
// The backup holds every secret of DATA_DIR: folders 0700, files 0600.
restrictNewFiles();
const config = configOrExit();
if (config.databaseUrl) {
  console.error(
    'The database is PostgreSQL (DATABASE_URL): back it up with pg_dump -Fc, and the S3 bucket with its versioning or aws s3 sync (README: Backups).',
  );
  process.exit(1);
}

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
try {
  const started = Date.now();
  const manifest = await createBackup({
    dataDir: config.dataDir,
    target,
    localObjects: config.storage.kind === 'local',
    credentialKey: credentialKey(config),
    appVersion: version,
  });
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Backed up ${manifest.whileAppRan ? 'the running app' : 'the stopped app'} into ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${Object.keys(manifest.database.tables).length} tables (${rows} rows), ${manifest.objects.count} stored files, secrets: ${manifest.secrets.files.join(', ') || 'none'}.`,
  );
  if (!manifest.objects.included) console.log(`Stored files ${manifest.objects.note}.`);
  console.log(`Credential key: ${manifest.secrets.credentialKey}.`);
  console.log('Keep this backup as secret as the credential key: it opens the saved logins.');
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

function credentialKey({ credentials }: Config): string {
  if (credentials.keySource === 'DATA_DIR') return 'included (DATA_DIR/credentials-key)';
  if (credentials.keySource === 'CREDENTIALS_KEY_FILE') {
    return 'not included: it is in the file CREDENTIALS_KEY_FILE names, keep a copy of it with the backups';
  }
  if (credentials.keySource === 'CREDENTIALS_KEY') {
    return 'not included: it is the CREDENTIALS_KEY setting, keep a copy of it with the backups';
  }
  return credentials.kms
    ? 'not included: the vault keys are in the database, wrapped by the KMS key CREDENTIALS_KMS_KEY_ID names, which must still exist'
    : 'none';
}
