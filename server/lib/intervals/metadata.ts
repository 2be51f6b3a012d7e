import type { ImportMetadata } from './types.ts';

/** Empty metadata for an importer to fill in; the zone is set once it is chosen. */
export function newMetadata(): ImportMetadata {
  return {
    timeZone: 'UTC',
    timeZoneSource: 'option',
    bills: [],
    statedTotals: {},
    dstEvents: [],
    duplicatesRemoved: 0,
    conflictingDuplicates: 0,
    ignored: [],
    notes: [],
    meters: [],
    sourceRecords: 0,
  };
}

/** Stores `Key,Value` preamble lines that name the customer, account, meter or service. */
export function notePreamble(metadata: ImportMetadata, key: string, value: string): void {
  const k = key.trim().toLowerCase();
  const v = value.trim();
  if (v === '') return;
  if (k === 'name' || k === 'customer name') metadata.customerName ??= v;
  else if (k === 'address' || k === 'service address') metadata.address ??= v;
  else if (k === 'account number' || k === 'account' || k === 'account no')
    metadata.accountNumber ??= v;
  else if (k === 'meter number' || k === 'meter') metadata.meterNumber ??= v;
  else if (k === 'service' || k === 'service id' || k === 'service agreement')
    metadata.serviceId ??= v;
}
