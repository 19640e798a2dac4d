// The site's front end for casino_math's widgets: it draws nothing and computes nothing itself.
//
// Each widget arrives as a static snapshot rendered in Python from its definition
// (casino_math/widgets/live.py): disabled form controls, the result at the starting values, and the
// definition as JSON.  Python starts in a Web Worker (live-widgets-worker.js: Pyodide, served by the site, once per
// page) as soon as a widget comes near the screen, while the reader reads: it installs casino_math's wheel from the
// site, imports the page's widgets' modules and computes their starting views.  "Run live in your browser" then
// only waits for that start, if it has not finished (a reader who asks their browser to save data starts it with
// the button).  From then on every control calls the widget's own Python function, view_json, and shows the HTML
// it returns.  Python never runs on the page's own thread, so the page scrolls and answers while a setting is
// computed: a computation that takes more than a moment says so, and a newer setting supersedes it (only the
// newest setting of a widget is computed next, and a result for a setting already changed is dropped).  A chart in a result is a Vega-Lite
// specification written by that Python function; vega-embed (served by the site) draws it, in the snapshot as
// soon as the page has loaded and after every live update.
//
// The result may hold controls of its own: a button with data-control="NAME" and data-option="I" ticks or
// unticks option I of the tick-box control NAME (or chooses it, for a control of options), as the reader's
// click on the control itself would.  A view may also name, for a control it makes irrelevant, the value to show
// there (readouts: NAME -> [option number or null, text]), so that a greyed control shows what is in force.
// A tick-box control the result draws ("in_result": the roulette layout's pockets) has no tick boxes of its own:
// its buttons are toggle buttons (aria-pressed), and the options ticked are kept here.  A result whose answer is its
// own live region (aria-live) keeps that region in place from one result to the next, so that a screen reader says
// the new answer and not the controls around it.
//
// On a narrow screen a widget's table of four or more columns is drawn as cards, one a row: each cell is labelled
// with its column's heading here (data-label), and live-widgets.css lays the cards out.
(() => {
  'use strict';

  // The stages of a start, as the reader is told them: each is said once (the note is a polite live region); the
  // megabytes downloaded so far are shown beside the first, not said.
  const STAGES = {
    download: [1, 'Loading Python'],  // downloaded the first time, from the browser's cache later
    python: [2, 'Starting Python'],
    library: [3, 'Loading casino_math'],
    computing: [4, 'Computing the first result'],
  };
  const STEPS = Object.keys(STAGES).length;
  const MOMENT = 300;  // ms: a computation longer than this shows that it is working
  const root = new URL(document.documentElement.dataset.content_root || './', document.baseURI);
  let python = null;    // the one Python of this page, in its worker, shared by every widget
  let starting = null;  // its start, begun when a widget first comes into view (or at the button)
  let stage = null;     // where that start is: {step, text, share, detail}, shown once the reader has pressed the button
  let charting = null;  // the one load of vega-embed on this page, shared by every chart

  const widgets = () => [...document.querySelectorAll('[data-live-widget]')];
  const frameOf = container => container.closest('.live-widget');
  const definitionOf = container => JSON.parse(container.querySelector('.live-widget-definition').textContent);

  function say(container, text) {
    frameOf(container).querySelector('.live-widget-note').textContent = text;
  }

  // A step of the start, in the note and on the bar: a step's share done, if known (the download's), fills the bar
  // up to it.  The note's words change only from one step to the next, so that a screen reader says each step once;
  // the detail (the megabytes so far) is seen beside them, and not said.
  function progress(step, text, share = 1, detail = '') {
    stage = {step, text, share, detail};
    for (const container of widgets()) {
      if (container.dataset.state !== 'loading') continue;
      const frame = frameOf(container);
      const bar = frame.querySelector('.live-widget-progress');
      bar.hidden = false;
      bar.max = STEPS;
      bar.value = step - 1 + share;
      bar.setAttribute('aria-label', 'Going live');
      const note = frame.querySelector('.live-widget-note');
      const words = `${text} (step\u00a0${step}\u00a0of\u00a0${STEPS})`;  // "(step 1 of 4)" kept on one line
      let seen = note.querySelector('.live-widget-detail');
      if (note.dataset.step !== String(step) || !seen) {
        note.dataset.step = String(step);
        note.textContent = words;
        seen = document.createElement('span');
        seen.className = 'live-widget-detail';
        seen.setAttribute('aria-hidden', 'true');
        note.append(seen);
      }
      seen.textContent = detail ? `: ${detail}` : '';
    }
  }

  function fail(reason) {
    for (const container of widgets()) {
      if (container.dataset.state === 'live') continue;
      container.dataset.state = 'failed';
      const frame = frameOf(container);
      frame.querySelector('.live-widget-progress').hidden = true;
      const button = frame.querySelector('.live-widget-run');
      button.disabled = true;
      button.textContent = RUN;
      say(container, `The live version could not start: ${reason}; the snapshot shows the starting values.`);
    }
  }

  async function fetchBytes(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url.split('/').pop()} could not be loaded (HTTP ${response.status})`);
    return response.arrayBuffer();
  }

  // --- Charts ---------------------------------------------------------------------------------------------

  // vega, vega-lite and vega-embed are UMD bundles; run with no `define` in scope, each sets its global
  // (window.vega, window.vegaLite, window.vegaEmbed) instead of registering with the RequireJS that pages with
  // Jupyter widgets load.
  async function loadCharting() {
    const paths = window.LIVE_WIDGETS;
    if (!paths || !paths.vega) throw new Error('this page was built without the chart library');
    for (const path of paths.vega) {
      const source = new TextDecoder().decode(await fetchBytes(new URL(path, root).href));
      new Function('define', 'module', 'exports', source)(undefined, undefined, undefined);
    }
    return window.vegaEmbed;
  }

  // A chart drawn in the page's colours: Vega's own are black on white, a light slab on the dark theme.
  function themed() {
    const page = getComputedStyle(document.documentElement);
    const ink = page.getPropertyValue('--pst-color-text-base').trim() || '#222832';
    const muted = page.getPropertyValue('--pst-color-text-muted').trim() || '#48566b';
    const rule = page.getPropertyValue('--pst-color-border').trim() || '#d1d5da';
    return {
      background: null,
      title: {color: ink},
      axis: {labelColor: ink, titleColor: ink, domainColor: muted, tickColor: muted, gridColor: rule},
      legend: {labelColor: ink, titleColor: ink},
    };
  }

  // Each chart is drawn away from the page, in a drawing of its own not yet attached, and put in its place whole: the
  // page's watchers of changes (the theme's, the icons', the wide frames') then see one change, not the hundreds of
  // a Vega drawing's parts, and the long page is laid out once.  ``width`` gives the width to draw at when the chart's
  // place is not on the page yet (a new result put together before it is shown).
  const beingDrawn = new WeakMap();  // chart -> the colours it is being drawn in: a second call draws it not twice
  let palette = 0;                // the colours' generation: a chart drawn in colours since changed is not shown

  async function drawCharts(scope, width = null) {
    // A chart already drawn is not drawn again (a result shown before the theme was known has its drawing).
    const specs = [...scope.querySelectorAll('script.live-widget-vega')].filter(script =>
      beingDrawn.get(script) !== palette && !script.parentElement.querySelector(':scope > .live-widget-chart-drawing'));
    if (!specs.length) return;
    const colours = palette;
    specs.forEach(script => beingDrawn.set(script, colours));
    try {
      charting = charting || loadCharting();
      const embed = await charting;
      await Promise.all(specs.map(async script => {
        const target = document.createElement('div');
        target.className = 'live-widget-chart-drawing';
        target.style.width = '100%';  // a chart as wide as its container: it must not shrink to fit nothing
        const spec = JSON.parse(script.textContent);
        // Every chart is as wide as its frame, whatever width its specification gives for Jupyter.  (Vega's own
        // "container" width follows the window, and after the window narrows and widens it measured the old, wider
        // drawing: the chart grew past its frame.  The drawing's own width is followed instead.)
        const place = script.parentElement;
        spec.width = Math.max(1, Math.floor(place.isConnected ? place.clientWidth : width || 1));
        const drawn = await embed(target, spec, {actions: false, renderer: 'svg', config: themed()});
        if (beingDrawn.get(script) === colours) beingDrawn.delete(script);
        // Drawn in colours the reader has since switched from, or for a result already replaced: not shown.
        if (colours !== palette || place.querySelector(':scope > .live-widget-chart-drawing')) {
          drawn.finalize();
          return;
        }
        place.append(target);
        if (window.ResizeObserver) {
          new ResizeObserver(() => {
            const now = Math.floor(target.clientWidth);
            if (now > 0 && now !== drawn.view.width()) drawn.view.width(now).runAsync();
          }).observe(target);
        }
      }));
    } catch (error) {
      for (const script of specs) {
        beingDrawn.delete(script);
        const note = document.createElement('figcaption');
        note.textContent = `The chart could not be drawn (${String(error.message || error).split('\n')[0]}); ` +
          'the table below gives its figures.';
        script.parentElement.append(note);
      }
    }
  }

  // --- Python, in its worker ---------------------------------------------------------------------------------

  // The worker computes one view at a time.  Each widget has at most one setting waiting (its newest), and the
  // widgets take turns; a setting superseded while it waited is never sent.
  function startPython(views) {
    const paths = window.LIVE_WIDGETS;
    if (!paths || !paths.worker) return Promise.reject(new Error('this page was built without the live runtime'));
    if (typeof Worker !== 'function') return Promise.reject(new Error('this browser does not run Web Workers'));
    const worker = new Worker(new URL(paths.worker, root).href, {type: 'module'});
    const waiting = new Map();  // container -> its newest setting not yet sent: {values, resolve}
    const asked = new Map();    // id -> the request the worker is computing
    let busy = false;
    let next = 0;

    const send = () => {
      if (busy || !waiting.size) return;
      const [container, request] = waiting.entries().next().value;
      waiting.delete(container);
      const definition = definitionOf(container);
      const id = ++next;
      asked.set(id, request);
      busy = true;
      worker.postMessage({type: 'view', id, name: definition.name, args: JSON.stringify(definition.args),
                          values: JSON.stringify(request.values)});
    };

    const ready = new Promise((resolve, reject) => {
      worker.onmessage = ({data}) => {
        if (data.type === 'progress' && data.stage === 'download') {
          if (stage && stage.step > 1) return;  // a file fetched once Python has started: the download is over
          progress(1, STAGES.download[1], paths.bytes ? Math.min(1, data.bytes / paths.bytes) : 0,
                   downloaded(data.bytes));
        } else if (data.type === 'progress' && STAGES[data.stage]) {
          if (STAGES[data.stage][0] >= (stage ? stage.step : 0)) progress(...STAGES[data.stage]);
        }
        else if (data.type === 'ready') {
          // How Python started: 'kept snapshot' (unzipped by an earlier visit), 'snapshot' (the build's) or 'afresh'.
          document.documentElement.dataset.livePython = data.from;
          resolve();
        }
        else if (data.type === 'failed') reject(new Error(data.reason));
        else if (data.type === 'inactive') {
          const request = asked.get(data.id);
          if (request && request.early) request.early(JSON.parse(data.json));
        } else if (data.type === 'view') {
          const request = asked.get(data.id);
          asked.delete(data.id);
          busy = false;
          request.resolve(data);
          send();
        }
      };
      worker.onerror = event => {
        event.preventDefault();
        reject(new Error(String(event.message || 'the worker could not start').replace(/^Uncaught (Error: )?/, '')));
      };
    });
    progress(1, STAGES.download[1], 0, paths.bytes ? `about ${megabytes(paths.bytes)} MB the first time` : '');
    const snapshot = paths.snapshot ? {url: new URL(paths.snapshot.path, root).href, wheel: paths.snapshot.wheel}
      : null;
    worker.postMessage({type: 'start', pyodide: new URL(paths.pyodide, root).href,
                        wheel: new URL(paths.wheel, root).href, snapshot, bytes: paths.bytes || 0, views});

    // The newest setting of a widget; a setting it replaces, if still waiting, is answered as superseded.
    // ``early`` hears which controls are in play before the view itself is done.
    const view = (container, values, early) => new Promise(resolve => {
      const replaced = waiting.get(container);
      if (replaced) replaced.resolve({superseded: true});
      waiting.delete(container);  // to the back of the line: the widgets take turns
      waiting.set(container, {values, resolve, early});
      send();
    });
    return ready.then(() => ({view}));
  }

  const megabytes = bytes => Math.max(1, Math.round(bytes / 1e6));

  // What step 1 shows while Python downloads: the megabytes so far (from the cache, on a later visit, in a moment).
  function downloaded(bytes) {
    const paths = window.LIVE_WIDGETS || {};
    const total = paths.bytes ? ` of ${megabytes(paths.bytes)}` : '';
    return `${(bytes / 1e6).toFixed(1)}${total} MB`;
  }

  // The page's one start of Python, begun at most once: each widget's starting view is computed with it, so that
  // the button, pressed later, finds it done.
  function warmUp() {
    if (!starting) {
      const views = widgets().map(container => {
        const definition = definitionOf(container);
        return {name: definition.name, args: JSON.stringify(definition.args),
                values: JSON.stringify(rawValues(container, definition))};
      });
      starting = startPython(views);
      starting.catch(() => {});  // told to the reader when they press the button
    }
    return starting;
  }

  // Python starts once a widget is within a screen of coming into view, unless the reader's browser asks to save
  // data: then only the button starts it.
  function startWhenNear() {
    const connection = navigator.connection;
    if ((connection && connection.saveData) || typeof IntersectionObserver !== 'function') return;
    const near = new IntersectionObserver(entries => {
      if (!entries.some(entry => entry.isIntersecting)) return;
      near.disconnect();
      warmUp();
    }, {rootMargin: '100% 0px'});
    for (const container of widgets()) near.observe(frameOf(container));
  }

  // --- Controls ------------------------------------------------------------------------------------------------

  // The options ticked of each tick-box control the result draws: container -> name -> Set of option numbers.
  const ticked = new WeakMap();
  function tickedIn(container, control) {
    if (!ticked.has(container)) ticked.set(container, new Map());
    const mine = ticked.get(container);
    if (!mine.has(control.name)) mine.set(control.name, new Set(control.default));
    return mine.get(control.name);
  }

  function rawValues(container, definition) {
    const values = {};
    for (const control of definition.controls) {
      const inputs = [...container.querySelectorAll(`.live-widget-controls [name="${control.name}"]`)];
      if (control.in_result) values[control.name] = [...tickedIn(container, control)].sort((a, b) => a - b);
      else if (control.kind === 'checkbox') values[control.name] = inputs[0].checked;
      else if (control.kind === 'choices') values[control.name] = inputs.filter(i => i.checked).map(i => Number(i.value));
      else if (control.kind === 'buttons') values[control.name] = Number(inputs.find(i => i.checked).value);
      else values[control.name] = Number(inputs[0].value);
    }
    return values;
  }

  // A slider's value as shown beside it, and as a screen reader says it ("55%", "1 to 1"), not its position.
  function readout(container, definition, overrides = {}) {
    for (const control of definition.controls) {
      const input = container.querySelector(`.live-widget-controls input[type="range"][name="${control.name}"]`);
      if (!input) continue;
      const shown = overrides[control.name] ||
        (control.kind === 'options' ? control.options[Number(input.value)] : input.value);
      const output = input.closest('label').querySelector('output');
      if (output.textContent !== shown) output.textContent = shown;
      if (input.getAttribute('aria-valuetext') !== shown) input.setAttribute('aria-valuetext', shown);
    }
  }

  // A readout a view gives for a control it makes irrelevant: the value in force there, and its position.
  function applyReadouts(container, definition, readouts) {
    const texts = {};
    for (const [name, [raw, text]] of Object.entries(readouts || {})) {
      const input = container.querySelector(`.live-widget-controls input[type="range"][name="${name}"]`);
      if (!input) continue;
      if (raw !== null) input.value = String(raw);
      texts[name] = text;
    }
    readout(container, definition, texts);
  }

  // The result's own controls (the roulette layout's pockets) act on the form's controls, or are the control.
  function resultControlClicked(container, definition, button) {
    const control = definition.controls.find(c => c.name === button.dataset.control);
    if (control && control.in_result) {
      const options = tickedIn(container, control);
      const option = Number(button.dataset.option);
      if (options.has(option)) options.delete(option);
      else options.add(option);
      button.setAttribute('aria-pressed', String(options.has(option)));
      container.querySelector('.live-widget-controls').dispatchEvent(new Event('change', {bubbles: true}));
      return;
    }
    const inputs = [...container.querySelectorAll(`.live-widget-controls [name="${button.dataset.control}"]`)];
    const target = inputs.find(i => i.value === button.dataset.option) || inputs[0];
    if (!target || target.disabled) return;
    if (target.type === 'checkbox') target.checked = !target.checked;
    else if (target.type === 'radio') target.checked = true;
    else target.value = button.dataset.option;
    target.dispatchEvent(new Event('input', {bubbles: true}));
    target.dispatchEvent(new Event('change', {bubbles: true}));
  }

  function enableControls(container, inactive) {
    // Only what changes is set: a control set to what it already is still counts as a change to the page's watchers.
    for (const input of container.querySelectorAll('.live-widget-controls [name]')) {
      if (input.disabled !== inactive.includes(input.name)) input.disabled = !input.disabled;
    }
    for (const button of container.querySelectorAll('.live-widget-result [data-control]')) {
      if (button.disabled !== inactive.includes(button.dataset.control)) button.disabled = !button.disabled;
    }
  }

  // --- Going live, and every change after ------------------------------------------------------------------------

  const LIVE = 'Live: every change is computed in your browser by casino_math.';
  const RUN = 'Run live in your browser';
  const GOING = 'Going live…';

  // A computation's bar has no end to show, so it moves; it is not an indeterminate <progress>, whose animation
  // Chromium repaints on the page's own thread every frame (on a long page, a 40-60 ms paint a frame, half the
  // thread), but a bar the compositor moves (live-widgets.css), which costs the page's thread nothing.
  function busyBar(frame) {
    let busy = frame.querySelector('.live-widget-busy');
    if (!busy) {
      busy = document.createElement('span');
      busy.className = 'live-widget-busy';
      busy.setAttribute('aria-hidden', 'true');  // the note says it in words
      busy.hidden = true;
      frame.querySelector('.live-widget-progress').after(busy);
    }
    return busy;
  }

  function computing(container, on, superseded = false) {
    const frame = frameOf(container);
    const result = container.querySelector('.live-widget-result');
    const busy = busyBar(frame);
    clearInterval(Number(container.dataset.clock || 0));
    if (!on) {
      frame.classList.remove('live-widget-computing');
      busy.hidden = true;
      return;
    }
    const started = performance.now();
    frame.classList.add('live-widget-computing');
    frame.querySelector('.live-widget-progress').hidden = true;
    busy.hidden = false;
    const note = frame.querySelector('.live-widget-note');
    note.textContent = superseded ? 'Computing your newest setting in your browser…' :
      'Computing this setting in your browser…';
    const clock = document.createElement('span');
    clock.className = 'live-widget-clock';
    clock.setAttribute('aria-hidden', 'true');  // the seconds are seen; a screen reader hears the note once
    const seconds = document.createTextNode('');
    clock.append(seconds);
    note.append(clock);
    // The seconds change as text, not as new nodes: the page's watchers of added nodes are not woken every second.
    container.dataset.clock = String(setInterval(() => {
      seconds.data = ` ${Math.round((performance.now() - started) / 1000)} s`;
    }, 1000));
    result.classList.add('live-widget-stale');
  }

  // Another task's turn: the page's own thread answers the reader (a scroll, a click) before the next step.
  const nextTask = () => new Promise(resolve => setTimeout(resolve, 0));

  // The result's new HTML in place of the old; an answer that is its own live region is filled in where it stands.
  function replaceResult(result, fresh) {
    const said = [...result.children].find(e => e.hasAttribute('aria-live'));
    const saying = [...fresh.children].find(e => e.hasAttribute('aria-live'));
    if (!said || !saying) {
      result.replaceChildren(fresh);
      return;
    }
    const parts = [...fresh.childNodes];
    const at = parts.indexOf(saying);
    for (const node of [...result.childNodes]) if (node !== said) node.remove();
    said.before(...parts.slice(0, at));
    said.after(...parts.slice(at + 1));
    said.replaceChildren(...saying.childNodes);
  }

  // Each cell of a widget's table labelled with its column's heading, for the cards a narrow screen shows; the
  // table's roles are written out, as a table drawn as cards would lose them.
  function labelCells(scope) {
    for (const table of scope.querySelectorAll('table.casino-math-table')) {
      const headings = [...table.querySelectorAll(':scope > thead > tr > th')].map(th => th.textContent.trim());
      if (headings.length < 4) continue;
      table.classList.add('widget-cards');
      table.setAttribute('role', 'table');
      for (const group of table.querySelectorAll(':scope > thead, :scope > tbody')) {
        group.setAttribute('role', 'rowgroup');
      }
      for (const row of table.querySelectorAll(':scope > * > tr')) {
        row.setAttribute('role', 'row');
        [...row.cells].forEach((cell, k) => {
          const heading = Boolean(cell.closest('thead'));
          cell.setAttribute('role', heading ? 'columnheader' : cell.tagName === 'TH' ? 'rowheader' : 'cell');
          if (!heading && headings[k]) cell.dataset.label = headings[k];
        });
      }
    }
  }

  // A new result is put together away from the page (its cells labelled, its charts drawn at the result's width) and
  // then takes the old one's place in one change: the long page is laid out and painted once, and its watchers of
  // changes (the theme's, the icons', the wide frames') look once, not at each of the hundreds of parts a chart adds.
  // Returns false, showing nothing, if the setting has changed while the result was put together.
  async function show(container, definition, shown, current = () => true) {
    const result = container.querySelector('.live-widget-result');
    // Each step is a task of its own, with the page free to answer between them: parsing the result, drawing its
    // charts, putting it on the page.
    await nextTask();
    const fresh = document.createElement('template');
    fresh.innerHTML = shown.html;
    labelCells(fresh.content);
    await nextTask();
    if (!current()) return false;
    const style = getComputedStyle(result);
    const inner = result.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    await drawCharts(fresh.content, inner);
    await nextTask();
    if (!current()) return false;
    const focused = document.activeElement && result.contains(document.activeElement) &&
      document.activeElement.dataset.control ? document.activeElement.dataset.option : null;
    const mathjax = window.MathJax && window.MathJax.typesetPromise ? window.MathJax : null;
    if (mathjax && mathjax.typesetClear) mathjax.typesetClear([result]);
    replaceResult(result, fresh.content);
    if (mathjax && result.querySelector('.math')) mathjax.typesetPromise([result]).catch(() => {});
    enableControls(container, shown.inactive);
    applyReadouts(container, definition, shown.readouts);
    if (focused !== null) {  // a pocket pressed on the layout keeps the focus once the layout is drawn again
      const again = result.querySelector(`[data-control][data-option="${focused}"]`);
      if (again) again.focus();
    }
    return true;
  }

  async function update(container, definition) {
    const result = container.querySelector('.live-widget-result');
    const started = performance.now();
    const pending = Number(container.dataset.pending || 0) + 1;
    container.dataset.pending = String(pending);
    result.setAttribute('aria-busy', 'true');
    const slow = setTimeout(() => computing(container, true, pending > 1), MOMENT);
    const answer = await python.view(container, rawValues(container, definition), inactive => {
      if (Number(container.dataset.pending) === pending) enableControls(container, inactive);
    });
    clearTimeout(slow);
    // A newer setting of this widget has taken its place: its result, not this one, is shown.
    const current = () => Number(container.dataset.pending) === pending;
    if (answer.superseded || !current()) return;
    const done = () => {
      container.dataset.pending = '0';
      computing(container, false);
      result.removeAttribute('aria-busy');
      container.dataset.updateMs = String(Math.round(performance.now() - started));
    };
    if (answer.error) {
      done();
      result.classList.add('live-widget-stale');  // what it shows is for the last setting that could be computed
      say(container, `That setting could not be computed: ${answer.error}. The result below is for the last ` +
        'setting that could.');
      return;
    }
    if (!await show(container, definition, JSON.parse(answer.json), current)) return;
    done();
    result.classList.remove('live-widget-stale');
    say(container, LIVE);
  }

  async function goLive(container) {
    const definition = definitionOf(container);
    const controls = container.querySelector('.live-widget-controls');
    controls.addEventListener('input', () => readout(container, definition));
    controls.addEventListener('change', () => update(container, definition));
    container.querySelector('.live-widget-result').addEventListener('click', event => {
      const button = event.target instanceof Element && event.target.closest('[data-control]');
      if (button && !button.disabled) resultControlClicked(container, definition, button);
    });
    const button = frameOf(container).querySelector('.live-widget-run');
    button.disabled = true;
    button.hidden = true;
    // The widget is live (its state, its note) only once its first result is shown and its controls are enabled:
    // a reader told it is live never finds a control still disabled.
    container.dataset.state = 'starting';
    await update(container, definition);
    if (container.dataset.state === 'starting') container.dataset.state = 'live';
  }

  async function start(event) {
    const pressed = event && event.currentTarget && widgets().find(c => frameOf(c).contains(event.currentTarget));
    for (const container of widgets()) {
      container.dataset.state = 'loading';
      const button = frameOf(container).querySelector('.live-widget-run');
      button.disabled = true;
      button.textContent = GOING;  // what it is doing; the note under it says how far it is
    }
    if (stage) progress(stage.step, stage.text, stage.share, stage.detail);  // where the start already is
    try {
      python = await warmUp();
    } catch (error) {
      fail(String(error.message || error).trim().split('\n')[0].replace(/\.$/, ''));
      return;
    }
    progress(...STAGES.computing);
    await Promise.all(widgets().map(async container => {
      await goLive(container);
      // The reader's focus goes where the button they pressed was: the first control of its widget.
      if (container === pressed) {
        const first = container.querySelector('.live-widget-controls :is(input, select, button):not(:disabled)');
        if (first) first.focus();
      }
    }));
  }

  // --- The page: snapshots, readouts, and a way to the widgets for the keyboard --------------------------------

  // A skip link at the top of the page: one Tab, then Enter, reaches the first widget's button (or control).
  function addSkipLink() {
    const first = widgets()[0];
    if (!first) return;
    const frame = frameOf(first);
    frame.id = frame.id || 'live-widget-1';
    const link = document.createElement('a');
    link.href = `#${frame.id}`;
    link.textContent = widgets().length > 1 ? 'Skip to the first live widget' : 'Skip to the live widget';
    link.addEventListener('click', event => {
      event.preventDefault();
      const target = frame.querySelector('.live-widget-run:not([hidden]):not(:disabled)') ||
        frame.querySelector('.live-widget-controls :is(input, select, button):not(:disabled)') || frame;
      if (target === frame) frame.tabIndex = -1;
      frame.scrollIntoView({block: 'start'});
      target.focus();
    });
    // Drawn as the theme's own skip link ("Skip to main content"), and reached right after it.
    const bar = document.createElement('div');
    bar.className = 'skip-link d-print-none live-widget-skip';
    bar.append(link);
    const themes = document.querySelector('.skip-link');
    if (themes) themes.after(bar);
    else document.body.prepend(bar);
  }

  function init() {
    // The charts are first drawn once the theme's script has set the theme (light or dark), in its colours.
    const themeKnown = () => ['light', 'dark'].includes(document.documentElement.dataset.theme);
    const drawAll = () => widgets().forEach(container => drawCharts(container.querySelector('.live-widget-result')));
    let colours = null;  // the colours the charts were drawn in
    const firstDraw = () => {
      if (colours !== null) return;
      colours = JSON.stringify(themed());
      drawAll();
    };
    for (const container of widgets()) {
      readout(container, definitionOf(container));
      labelCells(container.querySelector('.live-widget-result'));
      const frame = frameOf(container);
      const note = frame.querySelector('.live-widget-note');
      note.textContent = note.dataset.siteNote || note.textContent;  // the snapshot's own note is for notebooks
      // A notebook keeps the button and the progress bar out of sight with an inline style (its sanitizer drops
      // `hidden`); here their `hidden` attribute does.
      for (const part of frame.querySelectorAll('.live-widget-run, .live-widget-progress')) {
        part.style.removeProperty('display');
      }
    }
    addSkipLink();
    // The reader switches between the light and the dark theme: the charts are drawn again in its colours.  Only
    // a change of colour redraws them, so that no chart is drawn twice on a first visit.
    if (themeKnown()) firstDraw();
    else if (document.readyState === 'complete') firstDraw();
    else window.addEventListener('load', firstDraw, {once: true});  // a theme that never says: drawn all the same
    new MutationObserver(() => {
      if (!themeKnown()) return;
      if (colours === null) return firstDraw();
      const now = JSON.stringify(themed());
      if (now === colours) return;
      colours = now;
      palette += 1;
      document.querySelectorAll('.live-widget-chart-drawing').forEach(old => old.remove());
      drawAll();
    }).observe(document.documentElement, {attributes: true, attributeFilter: ['data-theme']});
    if (typeof WebAssembly !== 'object') {
      fail('this browser does not run WebAssembly');
      return;
    }
    for (const container of widgets()) {
      const button = frameOf(container).querySelector('.live-widget-run');
      button.hidden = false;
      button.disabled = false;
      button.addEventListener('click', start);
    }
    startWhenNear();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
