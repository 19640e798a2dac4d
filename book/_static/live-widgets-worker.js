// Python for the live widgets, in a Web Worker: however long a widget's function runs, the page stays responsive.
// A module worker: Pyodide's own module, pyodide.mjs, is imported from the site (Pyodide 314 runs in no classic
// worker).
//
// book/_static/live-widgets.js starts this worker once per page (as soon as a widget comes into view, before the
// reader presses its button) and sends it messages:
//   {type: 'start', pyodide, wheel, views}   start Pyodide (served by the site), install casino_math's wheel, import
//                                            the modules of the page's widgets only, and compute each widget's view
//                                            at its starting values (views: [{name, args, values}]), kept for when
//                                            the page asks for it;
//   {type: 'view', id, name, args, values}   call casino_math.widgets.live.view_json(name, args, values).
// It answers {type: 'progress', step, text} (and, while Python downloads, {type: 'progress', step: 1, bytes}),
// then {type: 'ready'} or {type: 'failed', reason}, and for each view {type: 'inactive', id, json} (the controls
// that change nothing there), then {type: 'view', id, json} or {type: 'view', id, error}.  It runs one view at a
// time, in the order sent; the page sends only the newest setting of each widget, so a setting already superseded
// is never computed.
let viewJson = null;
let inactiveJson = null;
const computed = new Map();  // name, args and values as JSON -> [inactive JSON, view JSON], computed at the start

// The last line of a Python error, without its exception's name: "ValueError: the shoe ..." -> "the shoe ...".
const reason = error => String(error && error.message || error).trim().split('\n').pop()
  .replace(/^[A-Za-z_.]+: /, '');

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.split('/').pop()} could not be loaded (HTTP ${response.status})`);
  return response.arrayBuffer();
}

// While Python starts, every response the worker fetches is counted as it arrives, and the bytes so far are told to
// the page a few times a second: the reader of a slow first visit sees the download move.  (The response is the
// same one, headers and all, so WebAssembly still compiles as it streams.)
function countingDownloads() {
  const plain = self.fetch.bind(self);
  let bytes = 0;
  let told = 0;
  self.fetch = async (...request) => {
    const response = await plain(...request);
    if (!response.body) return response;
    const counted = response.body.pipeThrough(new TransformStream({
      transform(chunk, out) {
        bytes += chunk.byteLength;
        if (performance.now() - told > 250) {
          told = performance.now();
          postMessage({type: 'progress', step: 1, bytes});
        }
        out.enqueue(chunk);
      },
    }));
    return new Response(counted, {status: response.status, statusText: response.statusText,
                                  headers: response.headers});
  };
  return () => { self.fetch = plain; };
}

const key = (name, args, values) => JSON.stringify([name, args, values]);

// casino_math is unpacked from its wheel into site-packages; its dependencies are not resolved (numpy has no
// browser build here, and the widgets' functions never import it).
async function start({pyodide: root, wheel, views = []}) {
  const counted = countingDownloads();
  const wheelBytes = fetchBytes(wheel);  // downloads while Python starts; a failure is reported when awaited
  wheelBytes.catch(() => {});
  let loadPyodide;
  try {
    ({loadPyodide} = await import(`${root}pyodide.mjs`));
  } catch (error) {
    counted();
    throw new Error('pyodide.mjs could not be loaded');
  }
  let pyodide;
  try {
    pyodide = await loadPyodide({indexURL: root, stdout: () => {}, stderr: () => {}});
  } finally {
    counted();
  }
  postMessage({type: 'progress', step: 2, text: 'Installing casino_math'});
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(await wheelBytes, 'wheel', {extractDir: sitePackages});
  pyodide.runPython('import importlib; importlib.invalidate_caches()');
  // casino_math.widgets.live imports no game; each view imports its widget's module (and that game only).
  const live = pyodide.pyimport('casino_math.widgets.live');
  viewJson = live.view_json;
  inactiveJson = live.inactive_json;
  if (views.length) postMessage({type: 'progress', step: 3, text: 'Computing'});
  for (const {name, args, values} of views) {
    try {
      computed.set(key(name, args, values), [inactiveJson(name, args, values), viewJson(name, args, values)]);
    } catch (error) {
      // computed again when asked for, and the error told then
    }
  }
}

self.onmessage = async ({data}) => {
  if (data.type === 'start') {
    try {
      await start(data);
      postMessage({type: 'ready'});
    } catch (error) {
      postMessage({type: 'failed', reason: String(error && error.message || error).trim().split('\n')[0]});
    }
  } else if (data.type === 'view') {
    const early = computed.get(key(data.name, data.args, data.values));
    if (early) {
      computed.delete(key(data.name, data.args, data.values));
      postMessage({type: 'inactive', id: data.id, json: early[0]});
      postMessage({type: 'view', id: data.id, json: early[1]});
      return;
    }
    try {
      // Which controls are in play comes first (it is quick), then the view itself.
      postMessage({type: 'inactive', id: data.id, json: inactiveJson(data.name, data.args, data.values)});
      postMessage({type: 'view', id: data.id, json: viewJson(data.name, data.args, data.values)});
    } catch (error) {
      postMessage({type: 'view', id: data.id, error: reason(error)});
    }
  }
};
