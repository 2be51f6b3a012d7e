import type { RawCandidate, RawControl, ScanRequest, ScanResult } from './page-types.ts';

/**
 * What the automation reads from a frame, gathered by one function that runs inside the page
 * (see pageFunction): it may use nothing from outside its own body but types.
 */

/** The function sent to each frame. Inside the page: DOM only. */
export function scanFrame(request: ScanRequest): ScanResult {
  const roots: (Document | ShadowRoot)[] = [document];
  const ordered: Element[] = [];
  const visit = (root: Document | ShadowRoot) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node as Element;
      ordered.push(el);
      if (el.shadowRoot) {
        roots.push(el.shadowRoot);
        visit(el.shadowRoot);
      }
    }
  };
  visit(document);
  const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || r.right <= 0 || r.bottom <= 0) return false;
    return el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const closestAcross = (el: Element, selector: string): Element | null => {
    const found = el.closest(selector);
    if (found) return found;
    const root = el.getRootNode();
    return root instanceof ShadowRoot ? closestAcross(root.host, selector) : null;
  };
  const count = (selector: string) => {
    try {
      return roots.reduce((n, r) => n + r.querySelectorAll(selector).length, 0);
    } catch {
      return 0;
    }
  };
  const quote = (v: string) =>
    `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, ' ')}"`;
  const stableId = (id: string) =>
    id.length > 0 && id.length < 60 && !/\d{4,}|^[:\d]|[0-9a-f]{10,}/i.test(id);
  // innerText on purpose here and below: what the page shows, without hidden text or scripts.
  const textOf = (el: Element) =>
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is wanted
    clean((el as HTMLElement).innerText || el.getAttribute('value') || el.getAttribute('alt'));
  // Playwright's :has-text() matches an element whose text contains the words, any case.
  const countHasText = (within: string, text: string) =>
    roots.reduce(
      (n, r) =>
        n +
        Array.from(r.querySelectorAll(within)).filter((e) =>
          clean(e.textContent).toLowerCase().includes(text.toLowerCase()),
        ).length,
      0,
    );

  const selectorsFor = (el: Element): string[] => {
    const tag = el.tagName.toLowerCase();
    const out: string[] = [];
    const add = (selector: string, n = count(selector)) => {
      if (n === 1 && !out.includes(selector) && out.length < 4) out.push(selector);
    };
    if (el.id && stableId(el.id)) add(`#${CSS.escape(el.id)}`);
    const attrs = ['name', 'autocomplete', 'aria-label', 'placeholder', 'data-testid', 'title'];
    const extra = tag === 'iframe' ? ['src'] : tag === 'input' ? ['type', 'value'] : ['type'];
    for (const attr of [...attrs, ...extra]) {
      const value = el.getAttribute(attr);
      if (value && value.length <= 120 && !(attr === 'autocomplete' && /^(on|off)$/.test(value))) {
        add(`${tag}[${attr}=${quote(value)}]`);
      }
    }
    const text = tag === 'input' ? '' : textOf(el);
    if (text && text.length <= 40 && !text.includes('"')) {
      const base = el.getAttribute('role') === 'button' ? '[role="button"]' : tag;
      add(`${base}:has-text(${quote(text)})`, countHasText(base, text));
    }
    const form = closestAcross(el, 'form,[role="form"]');
    if (form?.id && stableId(form.id)) {
      const type = el.getAttribute('type');
      add(`#${CSS.escape(form.id)} ${tag}${type ? `[type=${quote(type)}]` : ''}`);
    }
    const label = el.closest('label');
    const labelText = label ? clean(label.textContent).slice(0, 40) : '';
    if (labelText && !labelText.includes('"')) {
      const n = roots.reduce(
        (sum, r) =>
          sum +
          Array.from(r.querySelectorAll('label'))
            .filter((l) => clean(l.textContent).toLowerCase().includes(labelText.toLowerCase()))
            .reduce((k, l) => k + l.querySelectorAll(tag).length, 0),
        0,
      );
      add(`label:has-text(${quote(labelText)}) ${tag}`, n);
    }
    // Last resort: the element's path from the nearest ancestor with an id (or its root).
    const steps: string[] = [];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const nodeTag = node.tagName.toLowerCase();
      if (node !== el && node.id && stableId(node.id)) {
        steps.unshift(`#${CSS.escape(node.id)}`);
        break;
      }
      const same = node.parentElement
        ? Array.from(node.parentElement.children).filter((c) => c.tagName === node?.tagName)
        : [node];
      steps.unshift(
        same.length > 1 ? `${nodeTag}:nth-of-type(${same.indexOf(node) + 1})` : nodeTag,
      );
      if (nodeTag === 'body') break;
    }
    add(steps.join(' > '));
    return out;
  };

  if (request.mode === 'selectors') return selectorsFor(request.target);

  if (request.mode === 'signals') {
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is wanted
    const texts = [document.body?.innerText ?? ''];
    for (const root of roots.slice(1)) {
      for (const child of Array.from(root.children)) {
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is wanted
        texts.push((child as HTMLElement).innerText ?? '');
      }
    }
    const lines = [...new Set(texts.join('\n').split('\n').map(clean).filter(Boolean))];
    const shown = (selector: string) =>
      roots.some((r) => Array.from(r.querySelectorAll(selector)).some(visible));
    return {
      lines: lines.slice(0, 400).map((l) => l.slice(0, 300)),
      captcha: shown(request.captchaMarkers),
      otpField: ordered.some(
        (el) =>
          el.tagName === 'INPUT' &&
          visible(el) &&
          (el.getAttribute('autocomplete') === 'one-time-code' ||
            /otp|one.?time|passcode|verification|security.?code|mfa|2fa/i.test(
              `${el.id} ${el.getAttribute('name')} ${el.getAttribute('aria-label')} ${el.getAttribute('placeholder')}`,
            )),
      ),
      visiblePassword: shown('input[type="password"]'),
      title: document.title,
    };
  }

  if (request.mode === 'controls') return controlsOf(request.pattern);

  function controlsOf(pattern: string): RawControl[] {
    const wanted = new RegExp(pattern, 'i');
    const consentWords =
      /cookie|consent|gdpr|rgpd|onetrust|didomi|cookiebot|truste|privacy-banner/i;
    const kindOf = (box: Element | null | undefined): RawControl['target'] => {
      if (!box) return '';
      const passwords = Array.from(box.querySelectorAll('input[type="password"]'));
      if (passwords.length === 0) return box.querySelector('input,select,textarea') ? 'other' : '';
      const words = [
        box.id,
        box.getAttribute('class'),
        box.getAttribute('aria-label'),
        box.getAttribute('action'),
        clean(box.querySelector('h1,h2,h3,h4,legend')?.textContent),
      ]
        .join(' ')
        .toLowerCase();
      const confirm =
        passwords.length > 1 ||
        passwords.some(
          (p) =>
            p.getAttribute('autocomplete') === 'new-password' ||
            /confirm|repeat|retype|again|verif|repetir/i.test(`${p.id} ${p.getAttribute('name')}`),
        );
      const naming = box.querySelector(
        'input[autocomplete~="given-name"],input[autocomplete~="family-name"],input[autocomplete="name"],input[name*="first" i],input[name*="last" i]',
      );
      if (confirm || naming || /regist|sign.?up|create|enrol|inscri|crear|nouveau/.test(words)) {
        return 'register';
      }
      return 'login';
    };
    const targetOf = (el: Element): RawControl['target'] => {
      const ids = (el.getAttribute('aria-controls') ?? '').split(/\s+/);
      for (const attr of ['href', 'data-target', 'data-bs-target']) {
        const v = el.getAttribute(attr);
        if (v && /^#[\w-]+$/.test(v)) ids.push(v.slice(1));
      }
      const root = el.getRootNode() as Document | ShadowRoot;
      const kinds = ids.filter(Boolean).map((id) => kindOf(root.getElementById(id)));
      return (['register', 'login', 'other'] as const).find((k) => kinds.includes(k)) ?? '';
    };
    const inConsentArea = (el: Element) => {
      let depth = 0;
      for (let n: Element | null = el; n && depth < 8; n = n.parentElement, depth++) {
        const marks = `${n.id} ${n.getAttribute('class') ?? ''} ${n.getAttribute('aria-label') ?? ''}`;
        if (consentWords.test(marks)) return true;
        if (n !== el && depth <= 4) {
          const text = n.textContent ?? '';
          if (text.length < 3000 && /cookie/i.test(text)) return true;
        }
      }
      return false;
    };
    const here = location.href.split('#')[0];
    const out: RawControl[] = [];
    const taken = new Set<Element>();
    ordered.forEach((el, order) => {
      const tag = el.tagName.toLowerCase();
      const type = (el.getAttribute('type') ?? '').toLowerCase();
      const role = el.getAttribute('role') ?? '';
      const choice = tag === 'input' && (type === 'radio' || type === 'checkbox');
      const clickable =
        tag === 'button' ||
        (tag === 'a' && el.hasAttribute('href')) ||
        (tag === 'input' && /^(button|submit|radio|checkbox)$/.test(type)) ||
        /^(button|tab|link|radio|menuitem)$/.test(role) ||
        tag === 'summary' ||
        el.hasAttribute('aria-controls');
      if (!clickable) return;
      const labels = choice ? Array.from((el as HTMLInputElement).labels ?? []) : [];
      let acted: Element = el;
      let action: RawControl['action'] = 'click';
      if (choice && visible(el)) action = 'check';
      else if (choice) {
        const label = labels.find(visible);
        if (!label) return;
        acted = label;
      } else if (!visible(el)) return;
      if (taken.has(acted)) return;
      const shown = clean(
        choice
          ? labels.map((l) => l.textContent).join(' ')
          : textOf(el) || el.getAttribute('aria-label') || el.getAttribute('title'),
      ).slice(0, 120);
      const hints = [
        el.id,
        el.getAttribute('name'),
        el.getAttribute('class'),
        el.getAttribute('value'),
        el.getAttribute('href'),
        el.getAttribute('aria-controls'),
        el.getAttribute('data-target'),
      ]
        .filter(Boolean)
        .join(' | ')
        .toLowerCase();
      const target = targetOf(el);
      const consentArea = inConsentArea(el);
      const marked = target !== '' || role === 'tab' || el.hasAttribute('aria-expanded');
      if (!marked && !wanted.test(`${shown} | ${hints}`)) return;
      taken.add(acted);
      const href = tag === 'a' ? (el.getAttribute('href') ?? '') : '';
      out.push({
        order,
        tag,
        type,
        role,
        shown,
        hints,
        target,
        expanded: el.getAttribute('aria-expanded') ?? '',
        selected:
          el.getAttribute('aria-selected') === 'true' ||
          el.getAttribute('aria-checked') === 'true' ||
          (choice && (el as HTMLInputElement).checked),
        consentArea,
        reloads:
          tag === 'a' &&
          !href.includes('#') &&
          !/^javascript:/i.test(href) &&
          (el as HTMLAnchorElement).href.split('#')[0] === here,
        action,
        selectors: selectorsFor(acted),
      });
    });
    return out;
  }

  const containers: Element[] = [];
  const candidates: RawCandidate[] = [];
  const skipTypes =
    /^(hidden|checkbox|radio|file|range|color|date|datetime-local|month|week|time|reset)$/;
  ordered.forEach((el, order) => {
    const tag = el.tagName.toLowerCase();
    const type = (el.getAttribute('type') ?? '').toLowerCase();
    const role = el.getAttribute('role');
    const isButton =
      (tag === 'button' && type !== 'reset') ||
      (tag === 'input' && /^(submit|button|image)$/.test(type)) ||
      role === 'button' ||
      (tag === 'a' && /sign|log|continue|next|submit/i.test(clean(el.textContent)));
    const isField = tag === 'input' && !isButton && !skipTypes.test(type);
    if ((!isButton && !isField) || !visible(el)) return;
    const container = closestAcross(el, 'form,[role="form"],[role="search"],[role="dialog"]');
    if (container && !containers.includes(container)) containers.push(container);
    const root = el.getRootNode() as Document | ShadowRoot;
    const labelled = (el.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? clean(root.getElementById(id)?.textContent) : ''));
    const labels = Array.from((el as HTMLInputElement).labels ?? []).map((l) =>
      clean(l.textContent),
    );
    const near = el.previousElementSibling ?? el.parentElement?.previousElementSibling;
    const hints = [
      el.id,
      el.getAttribute('name'),
      el.getAttribute('autocomplete'),
      el.getAttribute('aria-label'),
      el.getAttribute('placeholder'),
      el.getAttribute('title'),
      el.getAttribute('data-testid'),
      ...labelled,
      ...labels,
      near && !near.querySelector('input') ? clean(near.textContent).slice(0, 60) : '',
    ];
    candidates.push({
      order,
      kind: isButton ? 'button' : 'field',
      tag,
      type,
      enabled: !(el as HTMLInputElement).disabled && el.getAttribute('aria-disabled') !== 'true',
      autocomplete: (el.getAttribute('autocomplete') ?? '').toLowerCase(),
      hints: hints.filter(Boolean).join(' | ').toLowerCase(),
      text: isButton ? textOf(el).toLowerCase().slice(0, 80) : '',
      container: container ? containers.indexOf(container) : -1,
      containerHints: container
        ? [
            container.id,
            container.getAttribute('class'),
            container.getAttribute('role'),
            container.getAttribute('name'),
            container.getAttribute('action'),
            container.getAttribute('aria-label'),
            clean(container.querySelector('h1,h2,h3,h4,legend')?.textContent),
          ]
            .filter(Boolean)
            .join(' | ')
            .toLowerCase()
        : '',
      containerHasPassword: Boolean(
        container && Array.from(container.querySelectorAll('input[type="password"]')).some(visible),
      ),
      inShadow: root !== document,
      selectors: selectorsFor(el),
    });
  });
  return candidates;
}
