/**
 * The only error the interval importer throws. The message always names the format that was
 * tried and the line or element at fault, because it is shown to an admin who has to find the
 * problem in a file they did not write.
 */
export class IntervalImportError extends Error {
  constructor(
    readonly format: string,
    /** `line 12`, `<IntervalBlock> at line 40`, or `options` */
    readonly at: string,
    detail: string,
  ) {
    super(`${format}, ${at}: ${detail}`);
    this.name = 'IntervalImportError';
  }
}

/** 1-based line number of a character offset, counted only when an error needs it. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
