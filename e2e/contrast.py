"""Colour contrast computed from the page's own styles, gradients included.

Why not axe alone: over a gradient (the felt, the page around it, a coin) axe
cannot tell the colour behind a text and reports it as undecidable.  Here each text's
colour is composited over every colour it can sit on — each background of its
ancestors and of their ``::before``, one stop of each gradient at a time — with
the opacity of dimmed ancestors applied, and the worst case must reach WCAG's
4.5:1 (3:1 for large text: 24 px, or 18.66 px bold).  A card's index and
court letter are held to the same, in their ink on the card's paper.

  low_contrast(page)   the texts of the layer people see now that fall short, one line each
"""

from __future__ import annotations

# The layer people look at now: the top modal dialog, or the table (and the boot screen) when none is open.
CONTRAST_JS = r"""() => {
  const parse = (text) => {
    if (text === 'transparent') return [0, 0, 0, 0];
    const n = text.match(/[\d.]+/g).map(Number);
    return [n[0], n[1], n[2], n.length > 3 ? n[3] : 1];
  };
  const colours = (text) => (text.match(/rgba?\([^)]*\)|\btransparent\b/g) || []).map(parse);
  // The top-level items of a background-image list (the first is painted on top).
  const images = (text) => {
    if (text === 'none') return [];
    const out = []; let depth = 0, start = 0;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')') depth--;
      else if (text[i] === ',' && depth === 0) { out.push(text.slice(start, i)); start = i + 1; }
    }
    return [...out, text.slice(start)].filter((s) => s.trim() !== 'none');
  };
  // What one box paints behind its content, bottom to top: each layer a list of the colours it may show there.
  const layers = (style) => {
    const out = [[parse(style.backgroundColor)]];
    for (const image of images(style.backgroundImage).reverse()) {
      const stops = colours(image);
      out.push(stops.length ? stops : [[255, 255, 255, 1], [0, 0, 0, 1]]);  // a picture: anything
    }
    return out;
  };
  const over = (top, under) => top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3]));
  const mix = (a, b, share) => a.map((c, i) => c * share + b[i] * (1 - share));
  const lum = (rgb) => {
    const [r, g, b] = rgb.map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const key = (rgb) => rgb.map(Math.round).join(',');
  const unique = (list, id) => [...new Map(list.map((x) => [id(x), x])).values()];
  const pairId = ([b, t]) => key(b) + '|' + key(t);

  // Every (backdrop, text) pair the text of chain's last element can show, over an opaque `under`.
  function paint(chain, i, under, textColour) {
    const el = chain[i];
    const style = getComputedStyle(el);
    let backs = [under];
    const own = layers(style);
    if (el.matches('dialog:modal')) own.unshift(...layers(getComputedStyle(el, '::backdrop')));
    const before = getComputedStyle(el, '::before');
    if (before.content !== 'none' && before.display !== 'none') own.push(...layers(before));
    for (const layer of own) backs = unique(layer.flatMap((c) => backs.map((b) => over(c, b))), key);
    let pairs = i === chain.length - 1
      ? backs.map((b) => [b, over(textColour, b)])
      : unique(backs.flatMap((b) => paint(chain, i + 1, b, textColour)), pairId);
    const opacity = Number(style.opacity);
    if (opacity < 1) pairs = pairs.map(([b, t]) => [mix(b, under, opacity), mix(t, under, opacity)]);
    return pairs;
  }

  const layer = [...document.querySelectorAll('dialog[open]')].filter((d) => d.matches(':modal')).pop()
    ?? document.body;
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${(el.getAttribute('class') || '').trim().replace(/\s+/g, '.')}`;
  const out = new Map();
  const walk = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const el = walk.currentNode.parentElement;
    const text = walk.currentNode.textContent.trim();
    if (!text || !el.getClientRects().length || el.closest('.sr-only, [hidden]') || el.matches(':is(script, style, template) *, :is(script, style)')) continue;
    const style = getComputedStyle(el);
    const card = el.closest('svg') && el.closest('.card');
    if (el.closest('svg') && !card) continue;
    if (style.visibility !== 'hidden') {
      const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
      const need = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
      let pairs;
      if (card) {
        // A card's index or court letter: its ink on the card's paper (and a court card's frame).
        let back = parse(getComputedStyle(card.querySelector('.paper')).fill).slice(0, 3);
        const frame = el.classList.contains('court-letter') && card.querySelector('.frame');
        if (frame) back = over(parse(getComputedStyle(frame).fill), back);
        pairs = [[back, over(parse(style.fill), back)]];
      } else {
        const chain = [];
        for (let a = el; a; a = a.parentElement) chain.unshift(a);
        pairs = paint(chain, 0, [255, 255, 255], parse(style.color));
      }
      const [b, t] = pairs.reduce((worst, p) => (ratio(p[0], p[1]) < ratio(worst[0], worst[1]) ? p : worst));
      const got = ratio(b, t);
      if (got < need) {
        const line = `${name(el)} «${text.slice(0, 24)}» ${got.toFixed(2)}:1 < ${need}:1 (rgb(${key(t)}) on rgb(${key(b)}))`;
        out.set(name(el) + got.toFixed(2), line);
      }
    }
  }
  return [...out.values()];
}"""


def low_contrast(page) -> list[str]:
    """Every text of the layer people see now below WCAG AA's contrast over the lightest colour it can sit on."""
    return page.evaluate(CONTRAST_JS)
