// The page's own controls, made to work whatever the themes' scripts do with them.
//
// Sidebar toggles.  pydata-sphinx-theme and sphinx-book-theme bind their handlers to
// document.querySelector('.primary-toggle') (and '.secondary-toggle'): the first such button in the page,
// which is the header's, hidden in this layout.  The buttons a reader sees are in the article's header, and
// did nothing.  A click on any toggle but the first is handed to the first, so the themes' own code opens
// the drawer on a phone and hides the sidebar on a laptop.  The listener runs first (capture, on the window)
// and stops the click it hands on, so a theme that one day binds every toggle still acts once.
//
// Solution titles.  sphinx-togglebutton makes an admonition's title toggle it, but a click on the link or
// text inside the title ("Solution to Exercise 15") left its handler without a button (a ReferenceError),
// and the link scrolled the page away.  The whole title now opens and closes its solution, like its button.
(() => {
  'use strict';

  for (const kind of ['primary-toggle', 'secondary-toggle']) {
    window.addEventListener('click', event => {
      const pressed = event.target instanceof Element && event.target.closest(`.${kind}`);
      const bound = document.querySelector(`.${kind}`);
      if (!pressed || !bound || pressed === bound) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      bound.click();
      if (event.detail) pressed.blur();  // a mouse or a finger: drop the tooltip, as the themes do for theirs
    }, true);
  }

  const titleOf = target => target instanceof Element && target.closest('.toggle > .admonition-title, .admonition.dropdown > .admonition-title');

  window.addEventListener('click', event => {
    const title = titleOf(event.target);
    if (!title || event.target === title || event.target.closest('.toggle-button')) return;
    const button = title.querySelector('.toggle-button');
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    button.click();
  }, true);

  // The link in a solution's title reads as text: the title is one control, its button the keyboard's way in.
  const unlinkTitles = () => {
    for (const link of document.querySelectorAll('.admonition.dropdown > .admonition-title a, .toggle > .admonition-title a')) {
      const text = document.createElement('span');
      text.className = link.className.replace(/\breference\b|\binternal\b/g, '').trim();
      text.append(...link.childNodes);
      link.replaceWith(text);
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', unlinkTitles);
  else unlinkTitles();
})();

// Wide content: display math, tables, code and outputs wider than the column scroll inside their own frame.
// A frame with more to see fades at that edge, a cue that reads the same in the light and the dark theme (a
// shadow drawn in a colour shows as a black bar on a dark page).  Display math only a little too wide is set a
// little smaller to fit (at most SHRINK); wider, it scrolls.  A frame that scrolls can be scrolled from the
// keyboard (it takes focus).
(() => {
  'use strict';

  const FRAMES = ['.table-frame', 'mjx-container', '.cell_output', '.cell_output .output', 'div.highlight pre',
                  '.live-widget-result', '.bd-article table:not(.casino-math-table)'].join(', ');
  const SHRINK = 0.82;
  const widths = new WeakMap();  // each frame's width when it was last measured
  const sizer = window.ResizeObserver ? new ResizeObserver(entries => entries.forEach(e => measure(e.target))) : null;

  // A formula's hidden MathML for screen readers counts in its container's scroll width: measure the formula.
  const formulaOf = frame => frame.matches('mjx-container') && frame.querySelector(':scope > mjx-math');

  function fit(math) {
    const formula = formulaOf(math);
    if (!formula) return;
    formula.style.zoom = '';
    const ratio = math.clientWidth / formula.getBoundingClientRect().width;
    if (ratio < 1 && ratio >= SHRINK) formula.style.zoom = String(Math.floor(ratio * 1000) / 1000);
  }

  // How far the content runs past the frame's right edge, as it is scrolled now (0 or less: it ends in view).
  function beyond(frame) {
    const formula = formulaOf(frame);
    if (!formula) return frame.scrollWidth - frame.clientWidth - frame.scrollLeft;
    const box = frame.getBoundingClientRect();
    return formula.getBoundingClientRect().right - (box.left + frame.clientLeft + frame.clientWidth);
  }

  function cue(frame) {
    const more = beyond(frame);
    const scrolls = (more > 1 || frame.scrollLeft > 1) && ['auto', 'scroll'].includes(getComputedStyle(frame).overflowX);
    frame.classList.toggle('scrolls-right', scrolls && more > 1);
    frame.classList.toggle('scrolls-left', scrolls && frame.scrollLeft > 1);
    if (scrolls && !frame.hasAttribute('tabindex')) frame.tabIndex = 0;
  }

  function measure(frame) {
    const width = frame.clientWidth;
    if (widths.get(frame) === width) return cue(frame);
    widths.set(frame, width);
    if (frame.matches('mjx-container')) fit(frame);
    cue(frame);
  }

  // The frames in ``roots`` (and the roots themselves) not yet measured: the page at the start, then only what was
  // added (a new widget result is looked through, not the whole long page again).
  function scan(roots = [document]) {
    for (const root of roots) {
      if (!root.isConnected) continue;
      const found = [...root.querySelectorAll(FRAMES)];
      if (root instanceof Element && root.matches(FRAMES)) found.push(root);
      for (const frame of found) {
        if (widths.has(frame)) continue;
        measure(frame);
        if (sizer) sizer.observe(frame);
      }
    }
  }

  // A figure fits the column whole: none of it is cut off or faded (a cut, a marker or a panel at its right
  // would be lost).  Drawn 700 px wide for the page and at most 360 px wide for a phone, one panel to a row
  // (casino_math/plots/style.py; book/_ext/phone_figures.py gives a phone's screen its rendering), it is shown a
  // little smaller on a phone; a tap or a click (or Enter) on a figure shown at less than its own size opens it at
  // that size (the page's rendering, the image's own src), in a view that scrolls both ways and closes with its
  // button, Escape or a tap outside it.
  const ENLARGE = 0.9;  // shown at less than this share of its own width, a figure offers its full size
  let viewer = null;
  const openViewer = image => {
    if (!viewer) {
      viewer = document.createElement('dialog');
      viewer.className = 'figure-viewer';
      viewer.setAttribute('aria-label', 'The figure at its full size');
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'figure-viewer-close';
      close.textContent = 'Close';
      close.addEventListener('click', () => viewer.close());
      const frame = document.createElement('div');
      frame.className = 'figure-viewer-frame';
      viewer.append(close, frame);
      viewer.addEventListener('click', event => { if (event.target === viewer) viewer.close(); });
      viewer.addEventListener('close', () => { if (viewer.opener) viewer.opener.focus(); });
      document.body.append(viewer);
    }
    const frame = viewer.querySelector('.figure-viewer-frame');
    const copy = image.cloneNode(false);
    copy.removeAttribute('tabindex');
    copy.removeAttribute('role');
    copy.removeAttribute('style');
    copy.className = 'figure-viewer-image';
    frame.replaceChildren(copy);
    viewer.opener = image;
    viewer.showModal();
    frame.scrollTo(0, 0);
  };
  const enlargeable = image => {
    // A phone's rendering (a <picture>'s source) opens the page's, drawn wider and never shown whole on a phone.
    const phone = image.currentSrc && image.currentSrc !== image.src;
    const small = image.naturalWidth && (phone || image.getBoundingClientRect().width < image.naturalWidth * ENLARGE);
    image.classList.toggle('figure-enlargeable', Boolean(small));
    if (small && !image.hasAttribute('tabindex')) {
      image.tabIndex = 0;
      image.setAttribute('role', 'button');
      image.title = 'Show at full size';
    } else if (!small && image.getAttribute('role') === 'button') {
      image.removeAttribute('tabindex');
      image.removeAttribute('role');
      image.removeAttribute('title');
    }
  };
  const figures = () => document.querySelectorAll('.cell_output img').forEach(image => {
    if (image.dataset.figure) return;
    image.dataset.figure = 'fits';
    if (image.complete) enlargeable(image);
    else image.addEventListener('load', () => enlargeable(image), {once: true});
    if (sizer) new ResizeObserver(() => enlargeable(image)).observe(image);
  });
  const figureOf = target => target instanceof Element && target.closest('img.figure-enlargeable');
  document.addEventListener('click', event => { const image = figureOf(event.target); if (image) openViewer(image); });
  document.addEventListener('keydown', event => {
    const image = figureOf(event.target);
    if (image && (event.key === 'Enter' || event.key === ' ')) { event.preventDefault(); openViewer(image); }
  });

  let pending = false;
  const added = new Set();  // the elements added since the last look
  const soon = records => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) added.add(node);
    }
    if (pending || !added.size) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      const inAdded = node => { for (let up = node.parentElement; up; up = up.parentElement) if (added.has(up)) return true; return false; };
      const roots = [...added].filter(node => !inAdded(node));  // each added subtree looked through once
      added.clear();
      scan(roots);
    });
  };
  // Scroll events do not bubble; caught on their way down, one listener serves every frame.
  document.addEventListener('scroll', event => {
    if (event.target instanceof Element && widths.has(event.target)) cue(event.target);
  }, {capture: true, passive: true});
  const start = () => {
    figures();
    scan();
    new MutationObserver(soon).observe(document.body, {childList: true, subtree: true});
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();

// Search snippets.  Sphinx's search quotes a page's [role="main"], which in this theme holds the launch buttons,
// the download menu and the page's contents list before the text ("…Binder", "…Repository"): it quotes the
// article instead, without the widgets' controls and definitions.  A table's cells, a list's items and a
// paragraph's end are kept apart by a space ("4%  −0.06  baccarat", not "4%-0.06baccarat"), and a formula reads as
// text, not as its TeX ("P(A) = 1/36", not "\\(P(A) = \\frac{1}{36}\\)").
(() => {
  'use strict';

  const CHROME = ['.headerlink', 'script', 'style', '.live-widget-controls', '.live-widget-start', '.toggle-button'];
  const APART = 'td, th, li, p, dt, dd, div, br, tr, caption, h1, h2, h3, h4, h5, h6, summary, figcaption';

  // TeX as plain text: fractions as a/b, commands as their names' symbols or dropped, braces and spacing gone.
  const SYMBOLS = {le: '≤', leq: '≤', ge: '≥', geq: '≥', ne: '≠', neq: '≠', approx: '≈', cdot: '·', times: '×',
                   sum: 'Σ', infty: '∞', to: '→', pm: '±', dots: '…', ldots: '…', cdots: '…', mid: '|'};
  const plainTeX = tex => {
    let text = tex.replace(/^\\[([]|\\[)\]]$/g, '').replace(/^\$+|\$+$/g, '');
    const part = p => (/^[\w.]+$/.test(p.trim()) ? p.trim() : `(${p.trim()})`);
    for (let k = 0; k < 4; k++) {
      text = text.replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, (_, a, b) => `${part(a)}/${part(b)}`);
    }
    return text
      .replace(/\\(left|right|big|Big|bigl|bigr|displaystyle|mathrm|mathbf|mathit|operatorname|text|textrm)\b/g, '')
      .replace(/\\([a-zA-Z]+)/g, (_, name) => SYMBOLS[name] || name)
      .replace(/\\[,;:! ]/g, ' ').replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();
  };

  const patch = () => {
    if (typeof Search === 'undefined' || typeof Search.htmlToText !== 'function') return;
    const sphinxs = Search.htmlToText;
    Search.htmlToText = (htmlString, anchor) => {
      const page = new DOMParser().parseFromString(htmlString, 'text/html');
      const article = page.querySelector('article.bd-article');
      if (!article) return sphinxs(htmlString, anchor);
      for (const chrome of article.querySelectorAll(CHROME.join(', '))) chrome.remove();
      for (const math of article.querySelectorAll('span.math, div.math')) math.textContent = ` ${plainTeX(math.textContent.trim())} `;
      for (const block of article.querySelectorAll(APART)) block.append(' ');
      const part = anchor ? article.querySelector(anchor) : null;
      return (part || article).textContent.replace(/\s+/g, ' ');
    };
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', patch);
  else patch();
})();

// A long inline formula on a narrow screen ("E[T] = ∑ P(T > k) = ∑ (1 − a − b)^k = 1/(a + b)" in a 330 px column):
// MathJax 3 sets inline math as one unbreakable box, which would end off-screen or scroll.  A formula wider than
// its line is typeset again as pieces, each ending after a relation (=, <, ≤ …) or a binary operator (+, −, ×) at
// its top level, where TeX would break it, so that the line breaks between them as between words.  A piece keeps
// its operator's spacing: "a +{}" is spaced as "a + b" is.  A piece still too wide scrolls inside its own box (casino-math.css).
(() => {
  'use strict';

  // Where TeX itself breaks a line of inline math: after a relation or a binary operator at the top level.
  const BREAK = /^(=|<|>|\+|-|\\(leq?|geq?|neq?|approx|equiv|to|cdot|times|pm)(?![a-zA-Z]))/;

  // The formula's TeX split after each relation and operator outside every bracket, brace and \left … \right pair.
  function pieces(tex) {
    const parts = [];
    let depth = 0, start = 0, i = 0;
    while (i < tex.length) {
      const rest = tex.slice(i);
      const operator = depth === 0 && tex.slice(start, i).trim() && rest.match(BREAK);
      if (operator) {
        i += operator[0].length;
        parts.push(`${tex.slice(start, i)}{}`);
        start = i;
        continue;
      }
      const command = rest.match(/^\\([a-zA-Z]+|.)/);
      if (command) {
        if (command[1] === 'left') depth++;
        else if (command[1] === 'right') depth--;
        i += command[0].length;
        continue;
      }
      if ('{(['.includes(rest[0])) depth++;
      else if ('})]'.includes(rest[0])) depth--;
      i++;
    }
    parts.push(tex.slice(start));
    return parts.map(p => p.trim()).filter(Boolean);
  }

  const tooWide = math => {
    const drawing = math.querySelector(':scope > mjx-math');
    const line = math.closest('p, li, dd, td, th, div');
    const width = drawing ? drawing.getBoundingClientRect().width : 0;  // 0: not shown (a folded solution)
    return width > 0 && line && width > line.clientWidth - 1;
  };

  async function breakLongFormulas() {
    const mathjax = window.MathJax;
    if (!mathjax || !mathjax.startup || !mathjax.startup.document) return;
    const document_ = mathjax.startup.document;
    const long = [...document.querySelectorAll('.bd-article span.math mjx-container:not([display="true"])')]
      .filter(tooWide);
    const redo = [];
    for (const math of long) {
      const span = math.closest('span.math');
      const [item] = document_.getMathItemsWithin([span]);
      if (!item || span.dataset.broken) continue;
      const parts = pieces(item.math);
      if (parts.length < 2) continue;
      mathjax.typesetClear([span]);
      span.dataset.broken = 'after relations';
      // Each piece in its own span, a zero-width space between them: a place to break the line, seen as nothing.
      span.replaceChildren(...parts.flatMap((part, k) => {
        const piece = document.createElement('span');
        piece.className = 'math-piece';
        piece.textContent = `\\(${part}\\)`;
        return k ? [document.createTextNode('\u200b'), piece] : [piece];
      }));
      redo.push(span);
    }
    if (redo.length) await mathjax.typesetPromise(redo);
    document.documentElement.dataset.longFormulas = 'broken';  // done: what is left fits or scrolls in its box
  }

  const ready = () => {
    const mathjax = window.MathJax;
    if (mathjax && mathjax.startup && mathjax.startup.promise) mathjax.startup.promise.then(breakLongFormulas).catch(() => {});
  };
  // A formula first seen when a solution opens, or when the screen turns narrower, is looked at then.
  let again = 0;
  const soon = () => { clearTimeout(again); again = setTimeout(ready, 300); };
  document.addEventListener('click', event => {
    if (event.target instanceof Element && event.target.closest('.toggle-button, .admonition-title, summary')) soon();
  });
  window.addEventListener('resize', soon, {passive: true});
  if (document.readyState === 'complete') ready();
  else window.addEventListener('load', ready);
})();

// The drawers on a phone.  Choosing a section in "On this page" closes that drawer, so that the reader sees the
// section (the theme left the drawer open over it).  The menu's drawer opens scrolled to the current chapter.
(() => {
  'use strict';

  document.addEventListener('click', event => {
    const link = event.target instanceof Element && event.target.closest('#pst-secondary-sidebar-modal a[href^="#"]');
    const drawer = link && link.closest('dialog');
    if (!drawer || !drawer.open) return;
    // The theme gives the focus back to its button as the drawer closes, which scrolls the page back up to it:
    // the section is gone to once the drawer has closed.
    event.preventDefault();
    drawer.addEventListener('close', () => {
      if (location.hash !== link.hash) location.hash = link.hash;
      else document.getElementById(decodeURIComponent(link.hash.slice(1)))?.scrollIntoView();
    }, {once: true});
    drawer.close();
  });

  const showCurrent = drawer => {
    const current = drawer.querySelector('nav.bd-docs-nav a.current, nav.bd-docs-nav li.current.active > a');
    if (current) current.scrollIntoView({block: 'center'});
  };
  const watchDrawer = () => {
    const drawer = document.getElementById('pst-primary-sidebar-modal');
    if (!drawer) return;
    new MutationObserver(() => { if (drawer.open) showCurrent(drawer); })
      .observe(drawer, {attributes: true, attributeFilter: ['open']});
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watchDrawer);
  else watchDrawer();
})();
