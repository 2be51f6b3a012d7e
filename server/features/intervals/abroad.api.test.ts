import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElectricIntervalSummary } from '../../../common/intervals.ts';
import { appWithAdminAndUser, type SignedIn } from '../../test/api.ts';
import type { TestApp } from '../../test/app.ts';
import {
  attachFile,
  createProvider,
  loginAccepted,
  submission,
  submitForm,
} from '../../test/connections.ts';

// A utility abroad names its time zone, and the files recorded on its connections are read in
// it: an Australian export's 00:00 is midnight in Sydney, not in any US state.

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
beforeAll(async () => {
  ({ t, admin, user: owner } = await appWithAdminAndUser());
});
afterAll(() => t.close());

/** Two local days of 15-minute readings from `day` 00:00, labelled by their local start. */
function twoDays(day: string): string {
  const rows = ['Date/Time,kWh'];
  for (let i = 0; i < 192; i++) {
    const d =
      i < 96 ? day : `${day.slice(0, 8)}${String(Number(day.slice(8)) + 1).padStart(2, '0')}`;
    const minutes = (i % 96) * 15;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    rows.push(`${d} ${time},0.25`);
  }
  return rows.join('\n');
}

async function seriesOf(provider: { country: string; state: string; timeZone: string | null }) {
  const { id: providerId } = await createProvider(t.database.db, provider);
  const form = await submitForm(t.app, owner.user.uniqueFormUrl, submission(providerId));
  const connectionId = form.json().id as number;
  await loginAccepted(t.app, connectionId);
  await attachFile(t.app, admin.cookie, connectionId, {
    fileName: 'usage.csv',
    contentType: 'text/csv',
    body: Buffer.from(twoDays('2024-06-10')),
  });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/connections/${connectionId}/intervals`,
    headers: { cookie: owner.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ElectricIntervalSummary.parse(res.json()).series;
}

describe('files of a utility abroad', () => {
  it('are read in the provider’s time zone', async () => {
    const series = await seriesOf({
      country: 'AU',
      state: 'New South Wales',
      timeZone: 'Australia/Sydney',
    });
    expect(series.timeZone).toBe('Australia/Sydney');
    // Midnight of 10 June in Sydney (AEST, UTC+10) is 14:00 UTC the day before.
    expect(series.start).toBe('2024-06-09T14:00:00.000Z');
  });

  it('of a US utility follow its state unless an admin named another zone', async () => {
    const byState = await seriesOf({ country: 'US', state: 'Colorado', timeZone: null });
    expect(byState.timeZone).toBe('America/Denver');
    const named = await seriesOf({
      country: 'US',
      state: 'Idaho',
      timeZone: 'America/Los_Angeles',
    });
    expect(named.timeZone).toBe('America/Los_Angeles');
  });
});
