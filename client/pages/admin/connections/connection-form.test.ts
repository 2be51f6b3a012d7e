import type { Connection } from '@common/connections.ts';
import { describe, expect, it } from 'vitest';
import {
  checkConnectionUpdate,
  connectionFormValues,
  fileRecordOf,
  shownValues,
} from './connection-form.ts';

const connection = {
  startDate: '2024-02-01',
  endDate: null,
  usage: 1668.51,
  cost: null,
  status: 'pending',
  notes: null,
  accountName: 'Dana Lee',
  accountNumber: null,
  serviceAddress: '1 Main St',
} as unknown as Connection;

const base = connectionFormValues(connection);

describe('connectionFormValues', () => {
  it('fills the inputs, missing values as empty', () => {
    expect(base).toEqual({
      startDate: '2024-02-01',
      endDate: '',
      usage: '1668.51',
      cost: '',
      status: 'pending',
      notes: '',
      accountName: 'Dana Lee',
      accountNumber: '',
      serviceAddress: '1 Main St',
    });
  });
});

describe('checkConnectionUpdate', () => {
  it('sends only what changed, so a status change does not pin the figures', () => {
    expect(checkConnectionUpdate(base, { status: 'complete', usage: '1668.510' })).toEqual({
      ok: true,
      body: { status: 'complete' },
    });
    expect(checkConnectionUpdate(base, {})).toEqual({ ok: true, body: {} });
  });

  it('sends numbers as numbers, emptied fields as null', () => {
    expect(
      checkConnectionUpdate(base, {
        usage: '1500.25',
        cost: '99.9',
        accountName: '  ',
        notes: ' Called the utility ',
        endDate: '2025-01-31',
      }),
    ).toEqual({
      ok: true,
      body: {
        usage: 1500.25,
        cost: 99.9,
        accountName: null,
        notes: 'Called the utility',
        endDate: '2025-01-31',
      },
    });
    expect(checkConnectionUpdate(base, { usage: '' })).toEqual({ ok: true, body: { usage: null } });
  });

  it('says what the server would about a bad figure', () => {
    expect(checkConnectionUpdate(base, { cost: '12.345' })).toEqual({
      ok: false,
      message: 'Cost allows at most 2 decimals',
    });
    expect(checkConnectionUpdate(base, { usage: '-1' })).toEqual({
      ok: false,
      message: 'Usage cannot be negative',
    });
  });

  it('refuses a start after the end', () => {
    expect(checkConnectionUpdate(base, { endDate: '2024-01-31' })).toEqual({
      ok: false,
      message: 'The start date must be on or before the end date',
    });
  });
});

describe('shownValues', () => {
  it('shows what was typed over what the server has, and follows the server elsewhere', () => {
    const edits = { cost: '10' };
    const imported = connectionFormValues({ ...connection, usage: 2000 } as Connection);
    expect(shownValues(imported, edits)).toMatchObject({ usage: '2000', cost: '10' });
  });
});

describe('fileRecordOf', () => {
  it('records the signed address, name, type by extension and size', () => {
    const uploaded = {
      name: 'Statement.PDF',
      type: 'application/pdf',
      size: 2048,
      uploadURL: 'http://127.0.0.1:5180/api/storage/connection-files/a.pdf?sig=1',
    };
    expect(fileRecordOf(uploaded)).toEqual({
      fileUrl: uploaded.uploadURL,
      fileName: 'Statement.PDF',
      fileType: 'pdf',
      fileSize: 2048,
    });
    expect(fileRecordOf({ ...uploaded, name: 'usage.xml' }).fileType).toBe('csv');
  });
});
