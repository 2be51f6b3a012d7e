import { describe, expect, it } from 'vitest';
import { renderReport } from './index.ts';
import { reportInput } from './testing/factories.ts';

const HOSTILE = '<img src=x onerror=alert(1)>';
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
);

const coverOf = (html: string) =>
  html.slice(html.indexOf('<header class="cover'), html.indexOf('</header>'));
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#61;/g, '=')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the cover names who prepared the report, and for whom', () => {
  it('says "Prepared by <company> for <customer>"', () => {
    const { html } = renderReport(
      reportInput({ preparedBy: { name: 'Sunrise Solar', logo: null } }),
    );
    expect(textOf(coverOf(html))).toContain('Prepared by Sunrise Solar for Harbor Bakery LLC');
    expect(coverOf(html)).not.toContain('<img');
  });

  it('writes a hostile company name as text, in the line and in the logo’s alt text', () => {
    const { html } = renderReport(
      reportInput({
        preparedBy: { name: HOSTILE, logo: { contentType: 'image/svg+xml', bytes: SVG } },
      }),
    );
    const cover = coverOf(html);
    expect(cover).toContain(
      'Prepared by &lt;img src&#61;x onerror&#61;alert(1)&gt; for Harbor Bakery LLC',
    );
    // One image only: the logo, whose alt text is the escaped name.
    expect(cover.match(/<img/g)).toHaveLength(1);
    expect(cover).not.toMatch(/ onerror=/);
    expect(textOf(cover)).toContain(`Prepared by ${HOSTILE} for Harbor Bakery LLC`);
  });

  it('embeds the logo as a data: URI of its own type, fetched from nowhere', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const [contentType, bytes] of [
      ['image/svg+xml', SVG],
      ['image/png', png],
    ] as const) {
      const { html } = renderReport(
        reportInput({ preparedBy: { name: 'Sunrise Solar', logo: { contentType, bytes } } }),
      );
      const src = /<img class="brand-logo" src="([^"]+)" alt="Sunrise Solar">/.exec(
        coverOf(html),
      )?.[1];
      expect(src?.replace(/&#61;/g, '=')).toBe(
        `data:${contentType};base64,${bytes.toString('base64')}`,
      );
    }
  });

  it('leaves off a logo of any other type', () => {
    const { html } = renderReport(
      reportInput({
        preparedBy: { name: 'Sunrise Solar', logo: { contentType: 'text/html', bytes: SVG } },
      }),
    );
    expect(coverOf(html)).not.toContain('<img');
  });
});
