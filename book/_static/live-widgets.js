// The site's front end for casino_math's widgets: it draws nothing and computes nothing itself.
//
// Each widget arrives as a static snapshot rendered in Python from its definition
// (casino_math/widgets/live.py): disabled form controls, the result at the starting values, and the
// definition as JSON.  "Run live in your browser" starts Pyodide (served by the site, once per page),
// installs casino_math's wheel from the site, and from then on every control calls the widget's own
// Python function, view_json, and shows the HTML it returns.  A chart in a result is a Vega-Lite
// specification written by that Python function; vega-embed (served by the site) draws it, in the snapshot
// as soon as the page has loaded and after every live update.
(() => {
  'use strict';

  const STEPS = 3;
  const root = new URL(document.documentElement.dataset.content_root || './', document.baseURI);
  let starting = null;  // the one start of Python on this page, shared by every widget
  let charting = null;  // the one load of vega-embed on this page, shared by every chart

  const widgets = () => [...document.querySelectorAll('[data-live-widget]')];
  const frameOf = container => container.closest('.live-widget');

  function say(container, text) {
    frameOf(container).querySelector('.live-widget-note').textContent = text;
  }

  function progress(step, text) {
    for (const container of widgets()) {
      const bar = frameOf(container).querySelector('.live-widget-progress');
      bar.hidden = false;
      bar.value = step;
      say(container, `${text} (step ${step} of ${STEPS})`);
    }
  }

  function fail(reason) {
    for (const container of widgets()) {
      if (container.dataset.state === 'live') continue;
      container.dataset.state = 'failed';
      const frame = frameOf(container);
      frame.querySelector('.live-widget-progress').hidden = true;
      frame.querySelector('.live-widget-run').disabled = true;
      say(container, `The live version could not start: ${reason}; the snapshot shows the starting values.`);
    }
  }

  function loadScript(url) {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.onload = resolve;
      script.onerror = () => reject(new Error(`${url.split('/').pop()} could not be loaded`));
      document.head.append(script);
    });
  }

  async function fetchBytes(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url.split('/').pop()} could not be loaded (HTTP ${response.status})`);
    return response.arrayBuffer();
  }

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

  async function drawCharts(scope) {
    const specs = [...scope.querySelectorAll('script.live-widget-vega')];
    if (!specs.length) return;
    try {
      charting = charting || loadCharting();
      const embed = await charting;
      await Promise.all(specs.map(async script => {
        const target = document.createElement('div');
        target.className = 'live-widget-chart-drawing';
        target.style.width = '100%';  // a chart as wide as its container: it must not shrink to fit nothing
        script.parentElement.append(target);
        const spec = JSON.parse(script.textContent);
        // Every chart is as wide as its frame, whatever width its specification gives for Jupyter.  (Vega's own
        // "container" width follows the window, and after the window narrows and widens it measured the old, wider
        // drawing: the chart grew past its frame.  The drawing's own width is followed instead.)
        spec.width = Math.max(1, Math.floor(target.clientWidth));
        const drawn = await embed(target, spec, {actions: false, renderer: 'svg'});
        if (window.ResizeObserver) {
          new ResizeObserver(() => {
            const width = Math.floor(target.clientWidth);
            if (width > 0 && width !== drawn.view.width()) drawn.view.width(width).runAsync();
          }).observe(target);
        }
      }));
    } catch (error) {
      for (const script of specs) {
        const note = document.createElement('figcaption');
        note.textContent = `The chart could not be drawn (${String(error.message || error).split('\n')[0]}); ` +
          'the table below gives its figures.';
        script.parentElement.append(note);
      }
    }
  }

  // Python in the page, with casino_math installed from its wheel; its dependencies are not resolved
  // (numpy has no browser build here, and the widgets' functions never import it).
  async function startPython() {
    const paths = window.LIVE_WIDGETS;
    if (!paths) throw new Error('this page was built without the live runtime');
    const size = paths.megabytes ? `, a download of about ${paths.megabytes} MB the first time` : '';
    progress(1, `Starting Python in your browser${size}`);
    const pyodideRoot = new URL(paths.pyodide, root).href;
    // The wheel downloads while Python starts; a failure is reported when it is awaited below.
    const wheelBytes = fetchBytes(new URL(paths.wheel, root).href);
    wheelBytes.catch(() => {});
    await loadScript(pyodideRoot + 'pyodide.js');
    const pyodide = await window.loadPyodide({indexURL: pyodideRoot, stdout: () => {}, stderr: () => {}});
    progress(2, 'Installing casino_math');
    const wheel = await wheelBytes;
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
    pyodide.unpackArchive(wheel, 'wheel', {extractDir: sitePackages});
    pyodide.runPython('import importlib; importlib.invalidate_caches()');
    progress(3, 'Computing');
    return pyodide.pyimport('casino_math.widgets.live').view_json;
  }

  function rawValues(container, definition) {
    const values = {};
    for (const control of definition.controls) {
      const inputs = [...container.querySelectorAll(`[name="${control.name}"]`)];
      if (control.kind === 'checkbox') values[control.name] = inputs[0].checked;
      else if (control.kind === 'choices') values[control.name] = inputs.filter(i => i.checked).map(i => Number(i.value));
      else if (control.kind === 'buttons') values[control.name] = Number(inputs.find(i => i.checked).value);
      else values[control.name] = Number(inputs[0].value);
    }
    return values;
  }

  function readout(container, definition) {
    for (const control of definition.controls) {
      const input = container.querySelector(`input[type="range"][name="${control.name}"]`);
      if (!input) continue;
      const shown = control.kind === 'options' ? control.options[Number(input.value)] : input.value;
      input.closest('label').querySelector('output').textContent = shown;
    }
  }

  function render(container, definition, viewJson) {
    const values = JSON.stringify(rawValues(container, definition));
    const shown = JSON.parse(viewJson(definition.name, JSON.stringify(definition.args), values));
    const result = container.querySelector('.live-widget-result');
    result.innerHTML = shown.html;
    drawCharts(result);
    for (const input of container.querySelectorAll('.live-widget-controls [name]')) {
      input.disabled = shown.inactive.includes(input.name);
    }
  }

  const LIVE = 'Live: every change is computed in your browser by casino_math.';

  // The last line of a Python error, without its exception's name: "ValueError: the shoe ..." -> "the shoe ...".
  const reason = error => String(error.message || error).trim().split('\n').pop().replace(/^[A-Za-z_.]+: /, '');

  function goLive(container, viewJson) {
    const definition = JSON.parse(container.querySelector('.live-widget-definition').textContent);
    const result = container.querySelector('.live-widget-result');
    const update = () => {
      try {
        render(container, definition, viewJson);
        result.classList.remove('live-widget-stale');
        say(container, LIVE);
      } catch (error) {
        result.classList.add('live-widget-stale');  // what it shows is for the last setting that could be computed
        say(container, `That setting could not be computed: ${reason(error)}. The result below is for the last ` +
          'setting that could.');
      }
    };
    container.querySelector('.live-widget-controls').addEventListener('input', () => readout(container, definition));
    container.querySelector('.live-widget-controls').addEventListener('change', update);
    render(container, definition, viewJson);
    container.dataset.state = 'live';
    const frame = frameOf(container);
    frame.querySelector('.live-widget-progress').hidden = true;
    const button = frame.querySelector('.live-widget-run');
    button.disabled = true;
    button.hidden = true;
    say(container, LIVE);
  }

  async function start() {
    for (const container of widgets()) {
      container.dataset.state = 'loading';
      frameOf(container).querySelector('.live-widget-run').disabled = true;
    }
    starting = starting || startPython();
    try {
      const viewJson = await starting;
      for (const container of widgets()) goLive(container, viewJson);
    } catch (error) {
      fail(String(error.message || error).trim().split('\n')[0].replace(/\.$/, ''));
    }
  }

  function init() {
    for (const container of widgets()) drawCharts(container.querySelector('.live-widget-result'));
    if (typeof WebAssembly !== 'object') {
      fail('this browser does not run WebAssembly');
      return;
    }
    for (const container of widgets()) {
      const button = frameOf(container).querySelector('.live-widget-run');
      button.disabled = false;
      button.addEventListener('click', start);
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
