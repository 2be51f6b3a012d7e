// The California residential plans the product ships as data: one JSON file per tariff in
// ./catalogue, each a URDB rate object wrapped with where its figures came from, the date they
// took effect and the date we read them. The figures are copied from the sources named in each
// file, never estimated; a plan whose figures we could not find with a source is left out
// (docs/decisions/019-tariffs.md lists them). JSON imports are bundled by the server build.
// Export price tables (California's net billing tariff pays exports by month, hour and day type)
// are files of their own, named by the plans they apply to (`exportRates`), and reach the rate
// object as its `exportrates`.

import pgeE1 from './catalogue/pge-e-1.json' with { type: 'json' };
import pgeEElec from './catalogue/pge-e-elec.json' with { type: 'json' };
import pgeETouC from './catalogue/pge-e-tou-c.json' with { type: 'json' };
import pgeETouD from './catalogue/pge-e-tou-d.json' with { type: 'json' };
import pgeEv2A from './catalogue/pge-ev2-a.json' with { type: 'json' };
import pgeExportRates2026 from './catalogue/pge-export-rates-2026.json' with { type: 'json' };
import sceD from './catalogue/sce-d.json' with { type: 'json' };
import sceTouDPrime from './catalogue/sce-tou-d-prime.json' with { type: 'json' };
import sdgeDr from './catalogue/sdge-dr.json' with { type: 'json' };
import sdgeEvTou5 from './catalogue/sdge-ev-tou-5.json' with { type: 'json' };
import sdgeTouDr1 from './catalogue/sdge-tou-dr1.json' with { type: 'json' };
import sdgeTouDr2 from './catalogue/sdge-tou-dr2.json' with { type: 'json' };
import { type ExportRates, parseUrdb, type UrdbRate } from './urdb.ts';

/** A utility's export price table, with where its figures came from. */
interface CatalogueExportRates {
  id: string;
  utility: CatalogueTariff['utility'];
  name: string;
  /** `YYYY-MM-DD` the prices apply from and to (a calendar year of a vintage). */
  effectiveDate: string;
  endDate: string;
  seenAt: string;
  source: string;
  publishedSource: string;
  notes: string;
  /** $/kWh by month (12) and hour (24), weekdays and weekends with holidays. */
  weekday: number[][];
  weekend: number[][];
}

export interface CatalogueTariff {
  /** The file's name without `.json`, e.g. `pge-e-tou-c`. */
  id: string;
  utility: 'PG&E' | 'SCE' | 'SDG&E';
  name: string;
  /** Where the figures were copied from: `github.com/owner/repo@commit:path` or a URL. */
  source: string;
  /** The utility's document that source names for the figures. */
  publishedSource: string;
  /** Other sources that give the same figures. */
  corroboratedBy: string[];
  /** `YYYY-MM-DD` the rates took effect, as the source states it. */
  effectiveDate: string;
  /** `YYYY-MM-DD` we read the source. */
  seenAt: string;
  /** What the rate object covers and leaves out (baseline territory, credits, holidays). */
  notes: string;
  /** The export price table the plan's exports are paid at under net billing, if one is shipped. */
  exportRates: CatalogueExportRates | null;
  urdb: UrdbRate;
}

const EXPORT_TABLES: readonly CatalogueExportRates[] = [pgeExportRates2026 as CatalogueExportRates];

const FILES: readonly unknown[] = [
  pgeETouC,
  pgeETouD,
  pgeEElec,
  pgeEv2A,
  pgeE1,
  sceTouDPrime,
  sceD,
  sdgeTouDr1,
  sdgeTouDr2,
  sdgeEvTou5,
  sdgeDr,
];

const UTILITIES = ['PG&E', 'SCE', 'SDG&E'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function text(entry: Record<string, unknown>, key: string, id: string): string {
  const value = entry[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`Tariff catalogue ${id}: ${key} is missing`);
  }
  return value;
}

/** Checks one file's wrapper and its rate object (`parseUrdb` throws naming the field). */
function readEntry(raw: unknown): CatalogueTariff {
  const entry = raw as Record<string, unknown>;
  const id = text(entry, 'id', '(no id)');
  const utility = text(entry, 'utility', id);
  if (!(UTILITIES as readonly string[]).includes(utility)) {
    throw new Error(`Tariff catalogue ${id}: utility "${utility}" is not PG&E, SCE or SDG&E`);
  }
  const effectiveDate = text(entry, 'effectiveDate', id);
  const seenAt = text(entry, 'seenAt', id);
  for (const [key, value] of [
    ['effectiveDate', effectiveDate],
    ['seenAt', seenAt],
  ]) {
    if (!DATE.test(value as string)) {
      throw new Error(`Tariff catalogue ${id}: ${key} "${value}" is not YYYY-MM-DD`);
    }
  }
  const corroboratedBy = entry.corroboratedBy;
  if (!Array.isArray(corroboratedBy) || !corroboratedBy.every((s) => typeof s === 'string')) {
    throw new Error(`Tariff catalogue ${id}: corroboratedBy must be a list of sources`);
  }
  let exportRates: CatalogueExportRates | null = null;
  let rate = entry.urdb as Record<string, unknown>;
  if (entry.exportRates !== undefined) {
    const table = EXPORT_TABLES.find((t) => t.id === entry.exportRates);
    if (!table || table.utility !== utility) {
      throw new Error(`Tariff catalogue ${id}: export rates "${entry.exportRates}" not found`);
    }
    exportRates = structuredClone(table);
    const exportrates: ExportRates = {
      name: exportRates.name,
      source: `${exportRates.publishedSource}; figures copied from ${exportRates.source}, read ${exportRates.seenAt}`,
      effectiveDate: exportRates.effectiveDate,
      weekday: exportRates.weekday,
      weekend: exportRates.weekend,
    };
    rate = { ...rate, exportrates };
  }
  const [urdb] = parseUrdb(rate);
  if (!urdb) throw new Error(`Tariff catalogue ${id}: urdb holds no rate`);
  return {
    id,
    utility: utility as CatalogueTariff['utility'],
    name: text(entry, 'name', id),
    source: text(entry, 'source', id),
    publishedSource: text(entry, 'publishedSource', id),
    corroboratedBy,
    effectiveDate,
    seenAt,
    notes: text(entry, 'notes', id),
    exportRates,
    urdb,
  };
}

/**
 * The shipped California residential tariffs, PG&E first, then SCE and SDG&E, read afresh on
 * each call so no caller can change another's copy. Each rate object has passed `parseUrdb`; a
 * broken file throws here rather than pricing wrongly later.
 */
export function californiaTariffs(): CatalogueTariff[] {
  return FILES.map(readEntry);
}
