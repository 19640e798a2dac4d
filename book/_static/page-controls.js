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

  function scan() {
    for (const frame of document.querySelectorAll(FRAMES)) {
      if (widths.has(frame)) continue;
      measure(frame);
      if (sizer) sizer.observe(frame);
    }
  }

  // A figure drawn 700 px wide (casino_math/plots/style.py: tick labels of 9.5 points at 100 dpi, about 13 px),
  // shrunk to a phone's column, would set its labels at 6 or 7 px.  It keeps at least LEGIBLE of its own width
  // (labels of 11 px or more) and scrolls in its output's frame instead.
  const LEGIBLE = 0.84;
  const legible = image => {
    if (image.naturalWidth) image.style.minWidth = `${Math.round(image.naturalWidth * LEGIBLE)}px`;
    else image.addEventListener('load', () => legible(image), {once: true});
  };
  const figures = () => document.querySelectorAll('.cell_output img:not([style*="min-width"])').forEach(legible);

  let pending = false;
  const soon = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; scan(); });
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
// article instead, without the widgets' controls and definitions.
(() => {
  'use strict';

  const CHROME = ['.headerlink', 'script', 'style', '.live-widget-controls', '.live-widget-start', '.toggle-button'];

  const patch = () => {
    if (typeof Search === 'undefined' || typeof Search.htmlToText !== 'function') return;
    const sphinxs = Search.htmlToText;
    Search.htmlToText = (htmlString, anchor) => {
      const page = new DOMParser().parseFromString(htmlString, 'text/html');
      const article = page.querySelector('article.bd-article');
      if (!article) return sphinxs(htmlString, anchor);
      for (const chrome of article.querySelectorAll(CHROME.join(', '))) chrome.remove();
      const part = anchor ? article.querySelector(anchor) : null;
      return (part || article).textContent.replace(/\s+/g, ' ');
    };
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', patch);
  else patch();
})();
