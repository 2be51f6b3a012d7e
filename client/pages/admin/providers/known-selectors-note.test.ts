import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KnownSelectorsNote } from './known-selectors-note.tsx';

const render = (origin: Parameters<typeof KnownSelectorsNote>[0]['origin']) =>
  renderToStaticMarkup(createElement(KnownSelectorsNote, { origin }));

describe('the known selectors line of the provider dialog', () => {
  it('names the scraper file the shipped selectors were read in, linked, and the date seen', () => {
    const source =
      'https://github.com/gnoose/datafeeds-shared/blob/90836d77fec638d6559cdbc13c1d4f6f0a352187/datafeeds/scrapers/duke/pages.py';
    const html = render({ source, seenAt: '2021-05-05' });
    expect(html).toContain(
      'Selectors known from <a href="https://github.com/gnoose/datafeeds-shared/blob/90836d77fec638d6559cdbc13c1d4f6f0a352187/datafeeds/scrapers/duke/pages.py"',
    );
    expect(html).toContain('>gnoose/datafeeds-shared datafeeds/scrapers/duke/pages.py</a>');
    expect(html).toContain(', seen 2021-05-05.');
  });

  it('says nothing once the admin changed them', () => {
    expect(render(null)).toBe('');
  });

  it('shows an address that is not a GitHub file as it is, escaped', () => {
    const html = render({ source: 'https://example.com/a?b=1&c=<x>', seenAt: '2024-02-01' });
    expect(html).toContain('>https://example.com/a?b=1&amp;c=&lt;x&gt;</a>');
  });
});
