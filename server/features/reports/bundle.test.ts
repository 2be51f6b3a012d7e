import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { buildBundle, uniqueNames } from './bundle.ts';

function entries(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err);
      const out = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) =>
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        }),
      );
      file.on('end', () => resolve(out));
      file.readEntry();
    });
  });
}

describe('the ZIP bundle', () => {
  it('keeps every file intact and lists its size and SHA-256 in manifest.json', async () => {
    const pdf = Buffer.from('%PDF-1.7 fake');
    const csv = Buffer.from('start,kwh\n2024-01-01T00:00Z,1.5\n');
    const { zip, manifest } = await buildBundle(
      [
        { name: 'report.pdf', bytes: pdf },
        { name: 'interval-files/usage.csv', bytes: csv },
      ],
      { report: { id: 7 } },
      new Date('2026-01-01T00:00:00Z'),
    );
    const files = await entries(zip);
    expect(files.get('report.pdf')?.equals(pdf)).toBe(true);
    expect(files.get('interval-files/usage.csv')?.equals(csv)).toBe(true);
    const json = JSON.parse(String(files.get('manifest.json')));
    expect(json.report).toEqual({ id: 7 });
    expect(json.files).toEqual(manifest);
    expect(manifest[1]).toEqual({
      name: 'interval-files/usage.csv',
      size: csv.byteLength,
      sha256: createHash('sha256').update(csv).digest('hex'),
    });
  });

  it('gives files of the same name their own entry, and no path escapes its folder', () => {
    expect(
      uniqueNames([
        'statements/bill.pdf',
        'statements/bill.pdf',
        'statements/BILL.pdf',
        'statements/../../etc/passwd',
        'statements/a\u0000b.csv',
      ]),
    ).toEqual([
      'statements/bill.pdf',
      'statements/bill (2).pdf',
      'statements/BILL (3).pdf',
      'statements/passwd',
      'statements/a_b.csv',
    ]);
  });
});
