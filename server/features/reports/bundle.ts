import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import yazl from 'yazl';

export type BundleEntry = { name: string; bytes: Uint8Array };
export type ManifestEntry = { name: string; size: number; sha256: string };

export const sha256 = (bytes: Uint8Array | string) =>
  createHash('sha256').update(bytes).digest('hex');

const clean = (part: string) =>
  part
    // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is removed.
    .replace(/[\u0000-\u001f\u007f\\:*?"<>|]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 180) || 'file';

/**
 * Names that are safe inside a ZIP on every system (no folders from outside, no control
 * characters) and unique: a second "bill.pdf" becomes "bill (2).pdf".
 */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    // One folder level at most, chosen by us; whatever the file's own name holds is flattened.
    const parts = name.split('/');
    const folder = parts.length > 1 ? `${clean(parts[0] ?? '')}/` : '';
    const base = clean(parts.at(-1) ?? '');
    const dot = base.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
    let candidate = `${folder}${base}`;
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) {
      candidate = `${folder}${stem} (${n})${ext}`;
    }
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * The ZIP bundle: every entry, then `manifest.json` listing each with its size and SHA-256
 * (and whatever `about` says of the report), written by yazl as a stream.
 */
export async function buildBundle(
  entries: BundleEntry[],
  about: Record<string, unknown>,
  mtime: Date,
): Promise<{ zip: Buffer; manifest: ManifestEntry[] }> {
  const names = uniqueNames(entries.map((e) => e.name));
  const manifest = entries.map((entry, i) => ({
    name: names[i] ?? entry.name,
    size: entry.bytes.byteLength,
    sha256: sha256(entry.bytes),
  }));
  const zip = new yazl.ZipFile();
  entries.forEach((entry, i) => {
    // PDFs and ZIP-like files are compressed already; store them as they are.
    const compress = !/\.(pdf|zip|png|jpe?g)$/i.test(names[i] ?? '');
    zip.addBuffer(Buffer.from(entry.bytes), names[i] ?? entry.name, { mtime, compress });
  });
  const manifestJson = `${JSON.stringify({ ...about, files: manifest }, null, 2)}\n`;
  zip.addBuffer(Buffer.from(manifestJson), 'manifest.json', { mtime });
  zip.end();
  const bytes = await buffer(zip.outputStream);
  return { zip: bytes, manifest };
}
