/**
 * HTML built only through the `html` tag: every interpolated value is escaped unless it is
 * itself the result of `html` (a fragment already built this way). Nothing from the input can
 * reach the document as markup, in text or in (double-quoted) attributes.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  // Not needed for well-formed HTML, but then no input can spell ` onerror=` or a backtick
  // attribute even in text.
  '=': '&#61;',
  '`': '&#96;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'=`]/g, (c) => ENTITIES[c] as string);
}

/** What may be interpolated: text (escaped), finite numbers, fragments, lists of them; null,
 * undefined and false render nothing. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (typeof value === 'string') return escapeHtml(value);
  if (typeof value === 'number') {
    // A NaN in the report is a bug upstream, not something to print.
    if (!Number.isFinite(value)) throw new Error(`Non-finite number in report HTML: ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return 'true';
  throw new Error(`Cannot put a ${typeof value} into report HTML`);
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] as string;
  for (let i = 0; i < values.length; i++) {
    out += render(values[i] as HtmlValue) + (strings[i + 1] as string);
  }
  return new SafeHtml(out);
}

/** Markup written in this folder (the style sheet), never input. */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
