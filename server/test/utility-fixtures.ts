import path from 'node:path';

/**
 * Real utility exports and a real statement PDF, each with the figures it must give, are the
 * interval engine's and the statement reader's reference data. They are other people's files
 * (anonymised by their utilities) and are not part of this repository: they sit beside the
 * checkout, in `shared/fixtures/utility-data` next to the project folder, and tests read them in
 * place. Every test, bench and journey finds them through here.
 */
export const UTILITY_FIXTURES = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'shared',
  'fixtures',
  'utility-data',
);

/** A file among them, by its folder and name (`utilityFixture('bills', 'x.pdf')`). */
export const utilityFixture = (...parts: string[]): string => path.join(UTILITY_FIXTURES, ...parts);
