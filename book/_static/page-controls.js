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
