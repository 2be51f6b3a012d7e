import { z } from 'zod';

// A tariff is an OpenEI Utility Rate Database (URDB) rate object, as the rate API's `items[]`
// gives it. The field meanings below follow the URDB API documentation (openei.org, "Utility
// Rate Database API", versions 7 and 8) and the way NREL's PySAM reads the same objects into SAM
// (`ResourceTools.URDBv7_to_ElectricityRates`, `UtilityRateTools.URDBv8_to_ElectricityRates`):
//
// - `energyratestructure[period][tier]`: `rate` and `adj` in $/kWh (PySAM charges rate + adj),
//   `max` the tier's upper limit (absent: no limit), `sell` the $/kWh paid for export, `unit` one
//   of `kWh`, `kWh daily`, `kWh/kW`, `kWh/kW daily` (PySAM's four, read case-insensitively);
// - `energyweekdayschedule` / `energyweekendschedule`: 12 months × 24 hours of 0-based periods
//   into that structure (PySAM adds 1 for SAM's 1-based periods);
// - `demandratestructure` with `demandweekdayschedule` / `demandweekendschedule` the same for
//   $/kW of time-of-use demand; `flatdemandstructure` with `flatdemandmonths` (12 periods, one a
//   month) for demand over the whole month;
// - `fixedchargefirstmeter` with `fixedchargeunits` `$/day`, `$/month` or `$/year`; `mincharge`
//   with `minchargeunits` of the same three;
// - `dgrules`: "Net Metering", "Net Billing Instantaneous", "Net Billing Hourly" or
//   "Buy All Sell All" (PySAM maps them to SAM's metering options 0, 2, 3 and 4 and takes an
//   absent `dgrules` as net metering).
//
// One field is ours, not URDB's: `exportrates`, the $/kWh an export earns by local month, hour
// and day type (`weekday` and `weekend`, each 12 months × 24 hours; holidays take the weekend's),
// with the table's `name`, `source` and `effectiveDate`. California's net billing tariff pays
// exports at such a table (576 prices a year, from the Avoided Cost Calculator), which URDB's one
// `sell` per period cannot hold; where given it takes the place of the tiers' `sell` under net
// billing and Buy All Sell All. Net metering still credits exports at the retail price.

const ENERGY_UNITS = ['kwh', 'kwh daily', 'kwh/kw', 'kwh/kw daily'] as const;
export type EnergyUnit = (typeof ENERGY_UNITS)[number];
const CHARGE_UNITS = ['$/day', '$/month', '$/year'] as const;
export type ChargeUnit = (typeof CHARGE_UNITS)[number];
const DG_RULES = [
  'Net Metering',
  'Net Billing Instantaneous',
  'Net Billing Hourly',
  'Buy All Sell All',
] as const;
export type DgRules = (typeof DG_RULES)[number];
/** Demand units URDB uses that a kWh meter series cannot give (apparent power, horsepower). */
const OTHER_DEMAND_UNITS = ['kva', 'hp', 'kva daily', 'hp daily', 'kw daily'];

const finite = (what: string) =>
  z.number({ error: `${what} must be a number` }).refine(Number.isFinite, `${what} must be finite`);

const EnergyTier = z
  .object({
    max: finite('max').optional(),
    rate: finite('rate').optional(),
    adj: finite('adj').optional(),
    sell: finite('sell').optional(),
    unit: z.string().optional(),
  })
  .loose();

const DemandTier = z
  .object({
    max: finite('max').optional(),
    rate: finite('rate').optional(),
    adj: finite('adj').optional(),
    unit: z.string().optional(),
  })
  .loose();

const Schedule = z.array(z.array(z.number()));

const ExportRates = z
  .object({
    name: z.string().optional(),
    source: z.string().optional(),
    effectiveDate: z.string().optional(),
    weekday: z.array(z.array(z.number())),
    weekend: z.array(z.array(z.number())),
  })
  .loose();
export type ExportRates = z.infer<typeof ExportRates>;

/** The fields this library reads; any other URDB field is kept as it is and not used. */
const RateObject = z
  .object({
    label: z.string().optional(),
    utility: z.string().optional(),
    name: z.string().optional(),
    sector: z.string().optional(),
    startdate: z.union([z.number(), z.string()]).optional(),
    enddate: z.union([z.number(), z.string()]).nullable().optional(),
    energyratestructure: z.array(z.array(EnergyTier)).optional(),
    energyweekdayschedule: Schedule.optional(),
    energyweekendschedule: Schedule.optional(),
    demandratestructure: z.array(z.array(DemandTier)).optional(),
    demandweekdayschedule: Schedule.optional(),
    demandweekendschedule: Schedule.optional(),
    demandrateunit: z.string().optional(),
    demandwindow: z.number().optional(),
    flatdemandstructure: z.array(z.array(DemandTier)).optional(),
    flatdemandmonths: z.array(z.number()).optional(),
    flatdemandunit: z.string().optional(),
    fixedchargefirstmeter: finite('fixedchargefirstmeter').optional(),
    fixedchargeunits: z.string().optional(),
    mincharge: finite('mincharge').optional(),
    minchargeunits: z.string().optional(),
    dgrules: z.string().optional(),
    exportrates: ExportRates.optional(),
  })
  .loose();

export type UrdbRate = z.infer<typeof RateObject>;
type Tier = z.infer<typeof EnergyTier>;

type Issue = { path: (string | number)[]; message: string };

const MONTHS =
  'January February March April May June July August September October November December'.split(
    ' ',
  );

function checkSchedule(
  rate: UrdbRate,
  field: 'energy' | 'demand',
  periods: number,
  issues: Issue[],
): void {
  const structure = `${field}ratestructure`;
  for (const day of ['weekday', 'weekend'] as const) {
    const key = `${field}${day}schedule` as const;
    const schedule = rate[key];
    if (!schedule) {
      issues.push({ path: [key], message: `${key} is missing: ${structure} needs both schedules` });
      continue;
    }
    if (schedule.length !== 12) {
      issues.push({
        path: [key],
        message: `${key} has ${schedule.length} months; a schedule is 12 months × 24 hours`,
      });
    }
    schedule.forEach((hours, m) => {
      if (hours.length !== 24) {
        issues.push({
          path: [key, m],
          message: `${key} month ${m + 1} (${MONTHS[m] ?? '?'}) has ${hours.length} hours; a schedule is 12 months × 24 hours`,
        });
      }
      hours.forEach((p, h) => {
        if (!Number.isInteger(p) || p < 0) {
          issues.push({
            path: [key, m, h],
            message: `${key} month ${m + 1} hour ${h} is ${p}: periods are whole numbers from 0`,
          });
        } else if (p >= periods) {
          issues.push({
            path: [key, m, h],
            message: `${key} month ${m + 1} hour ${h} names period ${p}, but ${structure} has ${periods === 0 ? 'no periods' : `periods 0-${periods - 1} only`}`,
          });
        }
      });
    });
  }
}

function checkTiers(
  tiers: readonly Tier[],
  path: (string | number)[],
  field: string,
  issues: Issue[],
  options: { energy: boolean },
): void {
  if (tiers.length === 0) {
    issues.push({ path, message: `${field} period ${path.at(-1)} has no tiers` });
    return;
  }
  let previousMax = 0;
  let perKw: boolean | undefined;
  tiers.forEach((tier, t) => {
    const at = [...path, t];
    const where = `${field}[${path.at(-1)}][${t}]`;
    if (tier.rate === undefined && tier.adj === undefined) {
      issues.push({ path: [...at, 'rate'], message: `${where}.rate is missing` });
    }
    if (tier.rate !== undefined && tier.rate < 0) {
      issues.push({
        path: [...at, 'rate'],
        message: `${where}.rate is ${tier.rate}: a rate may not be negative (a credit belongs in adj)`,
      });
    }
    if (tier.sell !== undefined && tier.sell < 0) {
      issues.push({
        path: [...at, 'sell'],
        message: `${where}.sell is ${tier.sell}: an export rate may not be negative`,
      });
    }
    if (tier.max !== undefined) {
      if (tier.max <= previousMax) {
        issues.push({
          path: [...at, 'max'],
          message:
            t === 0
              ? `${where}.max is ${tier.max}: a tier's max must be above 0`
              : `${where}.max is ${tier.max}, not above the previous tier's ${previousMax}: tiers' max must increase`,
        });
      }
      previousMax = Math.max(previousMax, tier.max);
    } else if (t < tiers.length - 1) {
      issues.push({
        path: [...at, 'max'],
        message: `${where} has no max but is not the last tier: only the last tier may be unlimited`,
      });
    }
    if (tier.unit !== undefined) {
      const unit = tier.unit.toLowerCase();
      if (options.energy) {
        if (!(ENERGY_UNITS as readonly string[]).includes(unit)) {
          issues.push({
            path: [...at, 'unit'],
            message: `${where}.unit "${tier.unit}" is unknown: kWh, kWh daily, kWh/kW or kWh/kW daily`,
          });
        } else {
          const isPerKw = unit.startsWith('kwh/kw');
          if (perKw !== undefined && perKw !== isPerKw) {
            issues.push({
              path: [...at, 'unit'],
              message: `${where}.unit "${tier.unit}" mixes kWh/kW and kWh limits in one period, which is not supported`,
            });
          }
          perKw = isPerKw;
        }
      } else if (unit !== 'kw') {
        issues.push({
          path: [...at, 'unit'],
          message: OTHER_DEMAND_UNITS.includes(unit)
            ? `${where}.unit "${tier.unit}" is not supported: demand is priced in kW`
            : `${where}.unit "${tier.unit}" is unknown: demand is priced in kW`,
        });
      }
    }
  });
}

function checkChargeUnit(
  rate: UrdbRate,
  key: 'fixedchargeunits' | 'minchargeunits',
  issues: Issue[],
): void {
  const unit = rate[key];
  if (unit !== undefined && !(CHARGE_UNITS as readonly string[]).includes(unit)) {
    issues.push({
      path: [key],
      message: `${key} "${unit}" is unknown: $/day, $/month or $/year`,
    });
  }
}

function checkDemandUnit(
  rate: UrdbRate,
  key: 'demandrateunit' | 'flatdemandunit',
  issues: Issue[],
) {
  const unit = rate[key];
  if (unit === undefined || unit.toLowerCase() === 'kw') return;
  issues.push({
    path: [key],
    message: OTHER_DEMAND_UNITS.includes(unit.toLowerCase())
      ? `${key} "${unit}" is not supported: demand is priced in kW from the kWh series`
      : `${key} "${unit}" is unknown: kW`,
  });
}

/** The export price table: 12 months × 24 hours of finite, non-negative $/kWh per day type. */
function checkExportRates(rates: ExportRates, issues: Issue[]): void {
  for (const day of ['weekday', 'weekend'] as const) {
    const table = rates[day];
    const key = `exportrates.${day}`;
    if (table.length !== 12) {
      issues.push({
        path: ['exportrates', day],
        message: `${key} has ${table.length} months; export rates are 12 months × 24 hours`,
      });
    }
    table.forEach((hours, m) => {
      if (hours.length !== 24) {
        issues.push({
          path: ['exportrates', day, m],
          message: `${key} month ${m + 1} (${MONTHS[m] ?? '?'}) has ${hours.length} hours; export rates are 12 months × 24 hours`,
        });
      }
      hours.forEach((price, h) => {
        if (!Number.isFinite(price) || price < 0) {
          issues.push({
            path: ['exportrates', day, m, h],
            message: `${key} month ${m + 1} hour ${h} is ${price}: an export rate is a $/kWh of 0 or more`,
          });
        }
      });
    });
  }
}

/** The checks zod's shape cannot express: schedules against structures, tiers, units. */
function checkRate(rate: UrdbRate): Issue[] {
  const issues: Issue[] = [];
  const energy = rate.energyratestructure;
  if (energy) {
    energy.forEach((tiers, p) => {
      checkTiers(tiers, ['energyratestructure', p], 'energyratestructure', issues, {
        energy: true,
      });
    });
    checkSchedule(rate, 'energy', energy.length, issues);
  } else if (rate.energyweekdayschedule || rate.energyweekendschedule) {
    issues.push({
      path: ['energyratestructure'],
      message: 'energyratestructure is missing: the energy schedules name periods it should hold',
    });
  }
  const demand = rate.demandratestructure;
  if (demand) {
    demand.forEach((tiers, p) => {
      checkTiers(tiers, ['demandratestructure', p], 'demandratestructure', issues, {
        energy: false,
      });
    });
    checkSchedule(rate, 'demand', demand.length, issues);
  } else if (rate.demandweekdayschedule || rate.demandweekendschedule) {
    issues.push({
      path: ['demandratestructure'],
      message: 'demandratestructure is missing: the demand schedules name periods it should hold',
    });
  }
  const flat = rate.flatdemandstructure;
  if (flat) {
    flat.forEach((tiers, p) => {
      checkTiers(tiers, ['flatdemandstructure', p], 'flatdemandstructure', issues, {
        energy: false,
      });
    });
    const months = rate.flatdemandmonths;
    if (!months) {
      issues.push({
        path: ['flatdemandmonths'],
        message: 'flatdemandmonths is missing: flatdemandstructure needs a period for each month',
      });
    } else {
      if (months.length !== 12) {
        issues.push({
          path: ['flatdemandmonths'],
          message: `flatdemandmonths has ${months.length} entries; it needs one period for each of 12 months`,
        });
      }
      months.forEach((p, m) => {
        if (!Number.isInteger(p) || p < 0 || p >= flat.length) {
          issues.push({
            path: ['flatdemandmonths', m],
            message: `flatdemandmonths month ${m + 1} names period ${p}, but flatdemandstructure has periods 0-${flat.length - 1} only`,
          });
        }
      });
    }
  } else if (rate.flatdemandmonths) {
    issues.push({
      path: ['flatdemandstructure'],
      message: 'flatdemandstructure is missing: flatdemandmonths names periods it should hold',
    });
  }
  checkDemandUnit(rate, 'demandrateunit', issues);
  checkDemandUnit(rate, 'flatdemandunit', issues);
  checkChargeUnit(rate, 'fixedchargeunits', issues);
  checkChargeUnit(rate, 'minchargeunits', issues);
  if (rate.fixedchargefirstmeter !== undefined && rate.fixedchargefirstmeter < 0) {
    issues.push({
      path: ['fixedchargefirstmeter'],
      message: `fixedchargefirstmeter is ${rate.fixedchargefirstmeter}: a fixed charge may not be negative`,
    });
  }
  if (rate.mincharge !== undefined && rate.mincharge < 0) {
    issues.push({
      path: ['mincharge'],
      message: `mincharge is ${rate.mincharge}: a minimum charge may not be negative`,
    });
  }
  if (rate.exportrates) checkExportRates(rate.exportrates, issues);
  if (rate.dgrules !== undefined && !(DG_RULES as readonly string[]).includes(rate.dgrules)) {
    issues.push({
      path: ['dgrules'],
      message: `dgrules "${rate.dgrules}" is unknown: ${DG_RULES.map((r) => `"${r}"`).join(', ')}`,
    });
  }
  return issues;
}

const RateChecked = RateObject.superRefine((rate, ctx) => {
  for (const issue of checkRate(rate)) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
});

export class TariffValidationError extends Error {
  constructor(readonly issues: readonly string[]) {
    super(`Invalid URDB tariff: ${issues.join('; ')}`);
    this.name = 'TariffValidationError';
  }
}

function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    text += typeof key === 'number' ? `[${key}]` : text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}

/**
 * Reads one URDB rate object or a rate-API answer into its rates, or throws a
 * `TariffValidationError` whose issues each name the field (`items[0].energyweekdayschedule[3]:
 * ...`). Only an object with `items` is read as an API answer.
 */
export function parseUrdb(input: unknown): UrdbRate[] {
  const isAnswer =
    typeof input === 'object' &&
    input !== null &&
    Array.isArray((input as { items?: unknown }).items);
  const schema = isAnswer ? z.object({ items: z.array(RateChecked) }).loose() : RateChecked;
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new TariffValidationError(
      result.error.issues.map((issue) => {
        const where = pathText(issue.path);
        return where === '' ? issue.message : `${where}: ${issue.message}`;
      }),
    );
  }
  return isAnswer ? (result.data as { items: UrdbRate[] }).items : [result.data as UrdbRate];
}

export function chargeUnit(unit: string | undefined): ChargeUnit {
  return (unit as ChargeUnit | undefined) ?? '$/month';
}

export function energyUnit(unit: string | undefined): EnergyUnit {
  return (unit?.toLowerCase() as EnergyUnit | undefined) ?? 'kwh';
}
