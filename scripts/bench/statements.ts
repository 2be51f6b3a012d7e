// Reading the facts of a statement PDF: the shared 6-page PG&E sample bill, first in a fresh
// process (pdf.js loaded then) and warm, against the goal of under 300 ms.
import { readFileSync } from 'node:fs';
import { extractBill } from '../../server/lib/statements/index.ts';
import { utilityFixture } from '../../server/test/utility-fixtures.ts';

const RUNS = 20;
const WARM_UP = 3;
const BILL = utilityFixture('bills', 'pge_3ce_anonymous_sample_bill_2022-12.pdf');

export async function benchStatements() {
  const bytes = new Uint8Array(readFileSync(BILL));
  let t0 = performance.now();
  const first = await extractBill(bytes);
  const cold = performance.now() - t0;
  if (first.facts.amountDueCents !== 9624 || first.missing.length > 0) {
    throw new Error(`statement bench: unexpected facts ${JSON.stringify(first.facts)}`);
  }
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    t0 = performance.now();
    await extractBill(bytes);
    if (i >= WARM_UP) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(
    `statement PDF (6 pages, PG&E sample): facts in ${median.toFixed(0)} ms (median of ${RUNS} after ${WARM_UP} warm-up runs; goal < 300 ms), ${cold.toFixed(0)} ms the first time in a process (pdf.js loaded); ${first.notes[0]}`,
  );
}
