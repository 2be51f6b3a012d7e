import { describe, expect, it } from 'vitest';
import { analyze, assessQuality, importIntervals, toCanonicalSeries } from './index.ts';

// Behind a net meter, rooftop solar covering the load drives the import to zero at midday while
// the meter records export. That is a home living on its own generation, not a stuck meter, and
// not what the building draws when nothing covers it.

/** Three days of 15-minute import and export rows for a home with solar, in Phoenix (no DST). */
function solarHome(): string {
  const rows = ['Date/Time,Direction,kWh'];
  for (let day = 1; day <= 3; day++) {
    for (let q = 0; q < 96; q++) {
      const hour = q / 4;
      const sunny = hour >= 9 && hour < 16;
      const busy = (hour >= 7 && hour < 9) || (hour >= 16 && hour < 19);
      const imported = sunny ? 0 : busy ? 1 : 0.5;
      const exported = sunny ? 0.6 : 0;
      const time = `${String(Math.floor(hour)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`;
      const label = `2024-06-0${day} ${time}`;
      rows.push(`${label},Import,${imported}`, `${label},Export,${exported}`);
    }
  }
  return rows.join('\n');
}

describe('a home with solar', () => {
  const imported = importIntervals(solarHome(), { state: 'Arizona' });
  const series = toCanonicalSeries(imported);

  it('has no suspicious run of zero readings while it exports', () => {
    expect(series.hasReceived).toBe(true);
    expect(assessQuality(imported, series).zeroRuns.count).toBe(0);
  });

  it('takes its base load from the hours without export: 2 kW at night, not 0', () => {
    expect(analyze(series).baseLoadKw).toBeCloseTo(2, 9);
  });

  it('still reports a run of zeros when nothing is exported', () => {
    const withoutExport = solarHome().replace(/,Export,0\.6/g, ',Export,0');
    const plain = importIntervals(withoutExport, { state: 'Arizona' });
    const quality = assessQuality(plain, toCanonicalSeries(plain));
    expect(quality.zeroRuns.count).toBe(3);
  });
});
