import { describe, expect, it } from 'vitest';
import { parseUrdb, TariffValidationError } from './index.ts';
import { schedule } from './testing/series.ts';

// Synthetic rate objects: a valid one, then each broken in one way.
const valid = () => ({
  label: 'synthetic-1',
  utility: 'Synthetic Test Utility',
  name: 'Synthetic TOU',
  sector: 'Residential',
  energyratestructure: [
    [
      { max: 300, rate: 0.3, unit: 'kWh' },
      { rate: 0.4, unit: 'kWh' },
    ],
    [{ rate: 0.5, adj: -0.02, sell: 0.05, unit: 'kWh' }],
  ],
  energyweekdayschedule: schedule((_m, h) => (h >= 16 && h < 21 ? 1 : 0)),
  energyweekendschedule: schedule(() => 0),
  fixedchargefirstmeter: 0.4,
  fixedchargeunits: '$/day',
  dgrules: 'Net Billing Instantaneous',
  someOtherUrdbField: 'kept',
});

function issues(input: unknown): readonly string[] {
  try {
    parseUrdb(input);
  } catch (error) {
    if (error instanceof TariffValidationError) return error.issues;
    throw error;
  }
  throw new Error('the input was accepted');
}

describe('parseUrdb', () => {
  it('accepts one rate object or a rate-API answer, keeping fields it does not read', () => {
    const [one] = parseUrdb(valid());
    expect(one?.name).toBe('Synthetic TOU');
    expect((one as Record<string, unknown>).someOtherUrdbField).toBe('kept');
    const many = parseUrdb({ items: [valid(), { ...valid(), name: 'Second' }] });
    expect(many.map((r) => r.name)).toEqual(['Synthetic TOU', 'Second']);
  });

  it('rejects a 12 × 23 schedule, naming the field and month', () => {
    const rate = valid();
    rate.energyweekdayschedule[3]?.pop();
    expect(issues(rate)).toEqual([
      'energyweekdayschedule[3]: energyweekdayschedule month 4 (April) has 23 hours; a schedule is 12 months × 24 hours',
    ]);
  });

  it('rejects a schedule naming a period the structure does not have', () => {
    const rate = valid();
    (rate.energyweekendschedule[6] as number[])[14] = 2;
    expect(issues(rate)).toEqual([
      'energyweekendschedule[6][14]: energyweekendschedule month 7 hour 14 names period 2, but energyratestructure has periods 0-1 only',
    ]);
  });

  it('rejects an unknown unit, in tiers and in charge units', () => {
    const rate = { ...valid(), fixedchargeunits: '$/week' };
    (rate.energyratestructure[0] as { unit: string }[])[1] = { unit: 'MWh', rate: 0.4 } as never;
    expect(issues(rate)).toEqual([
      'energyratestructure[0][1].unit: energyratestructure[0][1].unit "MWh" is unknown: kWh, kWh daily, kWh/kW or kWh/kW daily',
      'fixedchargeunits: fixedchargeunits "$/week" is unknown: $/day, $/month or $/year',
    ]);
  });

  it('rejects negative rates, export rates and charges, but allows a negative adjustment', () => {
    const rate = { ...valid(), fixedchargefirstmeter: -1 };
    rate.energyratestructure[1] = [{ rate: -0.5, adj: -0.02, sell: -0.05, unit: 'kWh' }];
    expect(issues(rate)).toEqual([
      'energyratestructure[1][0].rate: energyratestructure[1][0].rate is -0.5: a rate may not be negative (a credit belongs in adj)',
      'energyratestructure[1][0].sell: energyratestructure[1][0].sell is -0.05: an export rate may not be negative',
      'fixedchargefirstmeter: fixedchargefirstmeter is -1: a fixed charge may not be negative',
    ]);
  });

  it('checks an export price table: 12 months × 24 hours of prices of 0 or more a day type', () => {
    const table = () => Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => 0.05));
    const [ok] = parseUrdb({ ...valid(), exportrates: { weekday: table(), weekend: table() } });
    expect(ok?.exportrates?.weekend[11]?.[23]).toBe(0.05);
    const weekday = table();
    weekday[1]?.pop();
    (weekday[6] as number[])[18] = -0.01;
    const weekend = table().slice(0, 11);
    expect(issues({ ...valid(), exportrates: { weekday, weekend } })).toEqual([
      'exportrates.weekday[1]: exportrates.weekday month 2 (February) has 23 hours; export rates are 12 months × 24 hours',
      'exportrates.weekday[6][18]: exportrates.weekday month 7 hour 18 is -0.01: an export rate is a $/kWh of 0 or more',
      'exportrates.weekend: exportrates.weekend has 11 months; export rates are 12 months × 24 hours',
    ]);
    expect(issues({ ...valid(), exportrates: { weekday: table() } })).toEqual([
      'exportrates.weekend: Invalid input: expected array, received undefined',
    ]);
  });

  it('rejects tiers whose max does not increase, and an unlimited tier before the last', () => {
    const rate = valid();
    rate.energyratestructure[0] = [
      { max: 300, rate: 0.3, unit: 'kWh' },
      { max: 300, rate: 0.35, unit: 'kWh' },
      { rate: 0.4, unit: 'kWh' },
    ];
    expect(issues(rate)).toEqual([
      "energyratestructure[0][1].max: energyratestructure[0][1].max is 300, not above the previous tier's 300: tiers' max must increase",
    ]);
    rate.energyratestructure[0] = [
      { rate: 0.3, unit: 'kWh' },
      { rate: 0.4, unit: 'kWh' },
    ];
    expect(issues(rate)).toEqual([
      'energyratestructure[0][0].max: energyratestructure[0][0] has no max but is not the last tier: only the last tier may be unlimited',
    ]);
  });

  it('names the item of an API answer, and checks demand and dgrules', () => {
    const second = {
      ...valid(),
      dgrules: 'Feed-in Tariff',
      demandratestructure: [[{ rate: 12 }]],
      demandweekdayschedule: schedule(() => 0),
      demandrateunit: 'kVA',
      flatdemandstructure: [[{ rate: 3 }]],
      flatdemandmonths: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    };
    expect(issues({ items: [valid(), second] })).toEqual([
      'items[1].demandweekendschedule: demandweekendschedule is missing: demandratestructure needs both schedules',
      'items[1].flatdemandmonths[11]: flatdemandmonths month 12 names period 1, but flatdemandstructure has periods 0-0 only',
      'items[1].demandrateunit: demandrateunit "kVA" is not supported: demand is priced in kW from the kWh series',
      'items[1].dgrules: dgrules "Feed-in Tariff" is unknown: "Net Metering", "Net Billing Instantaneous", "Net Billing Hourly", "Buy All Sell All"',
    ]);
  });

  it('rejects a field of the wrong type with its path', () => {
    expect(issues({ ...valid(), mincharge: '5' })).toEqual([
      'mincharge: mincharge must be a number',
    ]);
  });
});
