import {
  type BillFact,
  type BillFacts,
  CORE_FACTS,
  isPge,
  PGE_DETAILS,
  readByLabels,
  readPge,
} from './extract.ts';
import { PdfError } from './pdf-worker.ts';
import { type PageLine, pdfLines } from './text.ts';

export interface BillExtraction {
  layout: 'pge' | 'general';
  /** False for a scanned bill without a text layer: its facts are entered by hand. */
  hasText: boolean;
  pages: number;
  facts: BillFacts;
  /** The core facts not found on the statement (never guessed). */
  missing: BillFact[];
  /** For the admin: the layout used, what was inferred, what could not be found. */
  notes: string[];
}

/** A file that is not a PDF, or one pdf.js cannot open (damaged, encrypted). */
export class BillReadError extends Error {
  constructor(detail: string) {
    super(`The file is not a readable PDF: ${detail}`);
    this.name = 'BillReadError';
  }
}

const FACT_WORDS: Record<BillFact, string> = {
  statementDate: 'statement date',
  periodStart: 'service period start',
  periodEnd: 'service period end',
  totalKWh: 'total usage (kWh)',
  amountDueCents: 'amount due',
  dueDate: 'due date',
  rateSchedule: 'rate schedule',
  accountNumber: 'account number',
  accountName: 'account name',
  serviceAddress: 'service address',
  deliveryChargesCents: 'delivery charges',
  generationChargesCents: 'generation charges',
  currentChargesCents: 'current charges',
  previousBalanceCents: 'previous balance',
  currency: 'currency',
};

/**
 * PG&E's details follow its summary from page 3 (page 2 is contacts and definitions); other
 * statements are read from the back.
 */
function pageOrder(firstPage: PageLine[], pages: number): number[] | undefined {
  if (!isPge(firstPage)) return undefined;
  return [...Array.from({ length: Math.max(0, pages - 2) }, (_, i) => i + 3), 2];
}

/**
 * The facts printed on a utility statement PDF, from its text layer: PG&E's layout by its
 * wording, any other utility's by the usual labels. What is not found is listed, not guessed; a
 * scanned statement (no text) is kept and flagged for the facts to be entered by hand.
 */
export async function extractBill(bytes: Uint8Array): Promise<BillExtraction> {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (!head.includes('%PDF-')) throw new BillReadError('it does not start with %PDF-');
  let read: Awaited<ReturnType<typeof pdfLines>>;
  try {
    read = await pdfLines(
      bytes,
      (lines) => {
        // PG&E's own figures are on its delivery details page, whatever other pages say.
        if (isPge(lines) && !lines.some((l) => PGE_DETAILS.test(l.text))) return false;
        const facts = isPge(lines) ? readPge(lines, []) : readByLabels(lines, []);
        return CORE_FACTS.every((fact) => facts[fact] !== undefined);
      },
      pageOrder,
    );
  } catch (error) {
    // What pdf.js could not read is the file's fault; anything else (the reader stopped) is not.
    if (!(error instanceof PdfError)) throw error;
    throw new BillReadError(error.message);
  }
  const notes: string[] = [];
  if (read.lines.length === 0) {
    return {
      layout: 'general',
      hasText: false,
      pages: read.pages,
      facts: {},
      missing: [...CORE_FACTS],
      notes: ['no text; facts entered by hand'],
    };
  }
  const pge = isPge(read.lines);
  const facts = pge ? readPge(read.lines, notes) : readByLabels(read.lines, notes);
  for (const key of Object.keys(facts) as BillFact[]) {
    if (facts[key] === undefined) delete facts[key];
  }
  const missing = CORE_FACTS.filter((fact) => facts[fact] === undefined);
  const how = pge ? 'Read as a PG&E statement' : 'Read by the usual labels of utility bills';
  notes.unshift(`${how} (${read.pagesRead} of ${read.pages} pages needed).`);
  if (missing.length > 0) {
    notes.push(`Not found on the statement: ${missing.map((f) => FACT_WORDS[f]).join(', ')}.`);
  }
  return {
    layout: pge ? 'pge' : 'general',
    hasText: true,
    pages: read.pages,
    facts,
    missing,
    notes,
  };
}
