import { describe, expect, it } from 'vitest';
import { escapeHtml, html } from './html.ts';

describe('html', () => {
  it('escapes interpolated text for text and double- or single-quoted attributes', () => {
    const name = `<b title="x" onclick='y'>&amp;</b>`;
    expect(html`<td title="${name}">${name}</td>`.value).toBe(
      '<td title="&lt;b title&#61;&quot;x&quot; onclick&#61;&#39;y&#39;&gt;&amp;amp;&lt;/b&gt;">&lt;b title&#61;&quot;x&quot; onclick&#61;&#39;y&#39;&gt;&amp;amp;&lt;/b&gt;</td>',
    );
    expect(escapeHtml('`a`')).toBe('&#96;a&#96;');
  });

  it('lets fragments built with html through, joins lists and drops empty values', () => {
    const rows = ['<a>', 'b'].map((v) => html`<li>${v}</li>`);
    expect(html`<ul>${rows}${null}${undefined}${false}</ul>`.value).toBe(
      '<ul><li>&lt;a&gt;</li><li>b</li></ul>',
    );
    expect(html`<rect x="${1.5}"/>`.value).toBe('<rect x="1.5"/>');
  });

  it('refuses NaN and objects instead of printing them', () => {
    expect(() => html`${Number.NaN}`).toThrow('Non-finite');
    expect(() => html`${{} as unknown as string}`).toThrow('Cannot put');
  });
});
