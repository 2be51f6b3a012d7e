// `npm run restore -- <backup folder> <new DATA_DIR>`: checks a backup made by npm run backup
// against its manifest and restores it into a new or empty folder, for DATA_DIR=<it> npm start.

import { restoreBackup } from '../server/lib/backup/restore.ts';
import { restrictNewFiles } from '../server/lib/data-dir-modes.ts';

const [backup, target] = process.argv.slice(2);
if (!backup || !target || process.argv.length > 4) {
  console.error('Usage: npm run restore -- <backup folder> <new or empty DATA_DIR>');
  process.exit(1);
}
restrictNewFiles();
try {
  const started = Date.now();
  const manifest = await restoreBackup(backup, target);
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${Object.keys(manifest.database.tables).length} tables (${rows} rows, as recorded), ${manifest.objects.count} stored files, secrets: ${manifest.secrets.files.join(', ') || 'none'}.`,
  );
  if (!manifest.secrets.files.includes('credentials-key')) {
    console.log(`Credential key ${manifest.secrets.credentialKey}: start the app with it.`);
  }
  console.log(`Start the app on it: DATA_DIR=${target} npm start`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
