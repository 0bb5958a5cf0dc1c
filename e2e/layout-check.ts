import type { Page } from 'playwright-core';

/** What a screen must not show: a wrapped top bar, a page wider than the window, a word split across lines, a raw value. */
export async function layoutFindings(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const out: string[] = [];
    const bar = document.querySelector('[data-testid="top-bar"] > div');
    if (bar && bar.getBoundingClientRect().height > 56) out.push(`top bar wraps: ${bar.getBoundingClientRect().height}px`);
    const rest = [...document.querySelectorAll('[data-testid="top-bar"] .ant-menu-overflow-item-rest')].filter(
      (el) => (el as HTMLElement).offsetWidth > 0 && getComputedStyle(el).opacity !== '0',
    );
    if (rest.length) out.push('section tabs hidden behind «…»');
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      out.push(`page wider than the window: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    // a header word, a registry number or a procurement number («2026-0018») broken across two lines
    const cells = [...document.querySelectorAll('th, td')];
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const textNode = n as Text;
        for (const m of textNode.data.matchAll(/\S+/g)) {
          // headers, registry numbers and ordinary words (not a long code or address part) stay whole
          const number = /^\d{19,23}$/.test(m[0]) || /^\d{4}-\d{4,}$/.test(m[0]);
          if (cell.tagName !== 'TH' && !number && !/^[А-Яа-яЁё]{4,16}[,.;:]?$/.test(m[0])) continue;
          const r = document.createRange();
          r.setStart(textNode, m.index!);
          r.setEnd(textNode, m.index! + m[0].length);
          const lines = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
          if (lines.size > 1) out.push(`«${m[0]}» split across lines`);
        }
      }
    }
    // a cell's content (a button in a fixed column) cut off by its cell
    for (const el of document.querySelectorAll('td .ant-btn, td .ant-tag')) {
      const cell = el.closest('td')!.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > cell.right + 1 || r.left < cell.left - 1))
        out.push(`«${(el as HTMLElement).innerText}» cut off by its column`);
    }
    const text = document.body.innerText;
    const raw = [
      /(?<![\d.,])\d+\.\d{5,}(?![\d.])/, // 16.00000000000, 500.000000
      /\d\.\d+\s?%/, // 0.00%
      /(?<![\d.,\s])\d{4,}\.\d{2}(?![\d.])/, // 250000.00
      /\b(registered|credit|lease|auction_e|undefined|NaN|null)\b/,
    ];
    for (const re of raw) {
      const m = re.exec(text);
      if (m) out.push(`raw value «${m[0]}» near «${text.slice(Math.max(0, m.index - 30), m.index + 30).replace(/\s+/g, ' ')}»`);
    }
    return out;
  });
}
