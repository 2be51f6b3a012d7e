// The landing page's sample report: how long its first build takes (a year of synthetic
// readings through the importer, the analysis and the renderer) and the longest the event loop
// waits meanwhile, since it is built inside the web server on the first visitor's request.

import { sampleReportFiles } from '../../server/features/reports/sample/sample-input.ts';
import { renderReport } from '../../server/lib/report/index.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function benchSampleReport() {
  let last = performance.now();
  let longest = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  const files = await sampleReportFiles(nextTurn);
  await nextTurn();
  const { html } = renderReport(files.input);
  const total = performance.now() - started;
  clearInterval(tick);
  console.log(
    `sample report HTML (${(html.length / 1024).toFixed(0)} KB): built in ${total.toFixed(0)} ms; longest event-loop wait meanwhile ${longest.toFixed(0)} ms`,
  );
}
