import { asc, eq } from 'drizzle-orm';
import type {
  BillEstimate,
  BillEstimateInput,
  PublicTariff,
  Tariff,
  TariffInput,
  TariffsCreated,
} from '../../../common/tariffs.ts';
import type { Db } from '../../db/client.ts';
import { providers, tariffs } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import {
  parseUrdb,
  priceTariff,
  TariffValidationError,
  type UrdbRate,
} from '../../lib/tariffs/index.ts';
import type { ConnectionsService, Viewer } from '../connections/service.ts';
import type { IntervalsService } from '../intervals/service.ts';
import { estimateAnswer, type Period, periodsWithin } from './estimate.ts';
import { readUrdb, tariffFacts, validationMessage } from './import.ts';

type TariffRow = typeof tariffs.$inferSelect;

function toPublicTariff(row: TariffRow): PublicTariff {
  return {
    id: row.id,
    providerId: row.providerId,
    name: row.name,
    utility: row.utility,
    sector: row.sector,
    startDate: row.startDate,
    endDate: row.endDate,
  };
}

function toTariff(row: TariffRow): Tariff {
  const label = (row.urdb as { label?: unknown }).label;
  return {
    ...toPublicTariff(row),
    source: row.source,
    label: typeof label === 'string' && label.trim() ? label.trim() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Rate plans: the only code that writes `tariffs`. Admins import URDB rate objects for a
 * provider; anyone signed in lists them (without where the figures came from) to choose one,
 * and a connection's interval data is priced under one, stored or given with the request, by
 * the tariff engine in server/lib/tariffs.
 */
export class TariffsService {
  constructor(
    private readonly deps: {
      db: Db;
      connections: Pick<
        ConnectionsService,
        'assertPaidFor' | 'get' | 'statementsOf' | 'billingHistoriesOf'
      >;
      intervals: Pick<IntervalsService, 'latestForReport'>;
    },
  ) {}

  /**
   * Imports one rate object, or every item of a rate-API answer, for a provider: all of them or,
   * on the first refusal, none; a rate-API answer is answered `{ tariffs }`. 400 naming the field for a rate the engine refuses or an
   * unknown provider.
   */
  async create(input: TariffInput): Promise<Tariff | TariffsCreated> {
    const rates = readUrdb(input.urdb);
    const answer = Array.isArray((input.urdb as { items?: unknown }).items);
    const [provider] = await this.deps.db
      .select({ name: providers.name })
      .from(providers)
      .where(eq(providers.id, input.providerId))
      .limit(1);
    if (!provider) throw badRequest(`providerId ${input.providerId} is not a provider`);
    const values = rates.map((rate, i) => {
      const { label: _label, ...facts } = tariffFacts(
        rate,
        answer ? `urdb.items[${i}]` : 'urdb',
        provider.name,
      );
      return { providerId: input.providerId, ...facts, source: input.source || null, urdb: rate };
    });
    const rows = await this.deps.db.insert(tariffs).values(values).returning();
    const [row] = rows;
    if (!row) throw new Error('insert returned no row');
    return answer ? { tariffs: rows.map(toTariff) } : toTariff(row);
  }

  /** Admins get every field; users what choosing a tariff needs. */
  list(query: { providerId?: number }, viewer: { admin: true }): Promise<Tariff[]>;
  list(
    query: { providerId?: number },
    viewer: { admin: boolean },
  ): Promise<Tariff[] | PublicTariff[]>;
  async list(
    query: { providerId?: number },
    viewer: { admin: boolean },
  ): Promise<Tariff[] | PublicTariff[]> {
    if (query.providerId !== undefined) {
      const [provider] = await this.deps.db
        .select({ id: providers.id })
        .from(providers)
        .where(eq(providers.id, query.providerId))
        .limit(1);
      if (!provider) throw badRequest(`providerId ${query.providerId} is not a provider`);
    }
    const rows = await this.deps.db
      .select()
      .from(tariffs)
      .where(query.providerId === undefined ? undefined : eq(tariffs.providerId, query.providerId))
      .orderBy(asc(tariffs.providerId), asc(tariffs.name), asc(tariffs.id));
    return viewer.admin ? rows.map(toTariff) : rows.map(toPublicTariff);
  }

  async delete(id: number): Promise<Tariff> {
    const [row] = await this.deps.db.delete(tariffs).where(eq(tariffs.id, id)).returning();
    if (!row) throw notFound('Tariff not found');
    return toTariff(row);
  }

  /**
   * The connection's newest interval series priced under a tariff: by calendar month, or by the
   * billing periods of its statements and billing history. For admins, and for the owner once
   * a report on the connection is paid for (the data is what a report is bought for): 404 for
   * anyone else, 402 for the owner before paying, 400 for a stored tariff of another provider
   * than the connection's, 409 without interval data to price.
   */
  async estimate(
    connectionId: number,
    input: BillEstimateInput,
    viewer: Viewer,
  ): Promise<BillEstimate> {
    await this.deps.connections.assertPaidFor(connectionId, viewer);
    const { provider } = await this.deps.connections.get(connectionId, viewer);
    const { rate, tariff } = await this.rateFor(input, provider);
    const stored = await this.deps.intervals.latestForReport(connectionId);
    if (!stored || stored.series.length === 0) {
      throw conflict('This connection has no interval data to price yet.');
    }
    const series = stored.series;
    const mode = input.periods ?? 'months';
    let periods: Period[] | undefined;
    let notes: string[] = [];
    if (mode === 'statements') {
      ({ periods, notes } = periodsWithin(series, await this.billingPeriods(connectionId)));
      if (periods.length === 0) {
        throw conflict(
          "None of this connection's statements or billing history covers days of its interval data, so there are no billing periods to price.",
        );
      }
    }
    const bill = priceTariff(series, rate, periods ? { periods } : {});
    return estimateAnswer(
      bill,
      { ...tariff, name: tariff.name || bill.name, utility: tariff.utility || bill.utility },
      mode,
      notes,
    );
  }

  /**
   * The rate to price: a stored tariff of the connection's provider (400 when there is none by
   * that id, or it is another provider's: a provider's tariffs are its own rate plans) or the
   * one given.
   */
  private async rateFor(input: BillEstimateInput, provider: { id: number; name: string }) {
    if (input.tariffId === undefined) {
      const rates = readUrdb(input.urdb);
      const [rate] = rates;
      if (!rate || rates.length > 1) {
        throw badRequest(
          `urdb holds ${rates.length} rates; an estimate prices one (give one rate object, or import them and give a tariffId)`,
        );
      }
      return { rate, tariff: { id: null, name: rate.name ?? '', utility: rate.utility ?? '' } };
    }
    const [found] = await this.deps.db
      .select({ row: tariffs, providerName: providers.name })
      .from(tariffs)
      .innerJoin(providers, eq(providers.id, tariffs.providerId))
      .where(eq(tariffs.id, input.tariffId))
      .limit(1);
    if (!found) throw badRequest(`tariffId ${input.tariffId} is not a tariff`);
    const { row, providerName } = found;
    if (row.providerId !== provider.id) {
      throw badRequest(
        `The tariff ${row.name} is a rate plan of ${providerName}, not of ${provider.name}, this connection's provider. Choose one of ${provider.name}'s tariffs.`,
      );
    }
    let rate: UrdbRate | undefined;
    try {
      [rate] = parseUrdb(row.urdb);
    } catch (error) {
      // Stored when it passed; the engine's checks may have grown stricter since.
      if (!(error instanceof TariffValidationError)) throw error;
      throw conflict(
        `The tariff ${row.name} no longer passes the checks (${validationMessage(error.issues)}); import it again.`,
      );
    }
    if (!rate) throw conflict(`The tariff ${row.name} holds no rate; import it again.`);
    return { rate, tariff: { id: row.id, name: row.name, utility: row.utility } };
  }

  /** Service periods printed on the connection's statement PDFs and billing-history rows. */
  private async billingPeriods(connectionId: number): Promise<Period[]> {
    const { connections } = this.deps;
    const periods: Period[] = [];
    for (const { statement } of await connections.statementsOf(connectionId)) {
      const { periodStart, periodEnd } = statement.facts;
      if (periodStart && periodEnd) periods.push({ start: periodStart, end: periodEnd });
    }
    for (const { bills } of await connections.billingHistoriesOf(connectionId)) {
      for (const bill of bills) periods.push({ start: bill.periodStart, end: bill.periodEnd });
    }
    return periods;
  }
}
