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
// The first visit keeps a memory snapshot of that Python, casino_math and the widgets' modules imported, in the
// browser's Cache Storage (Pyodide's _makeSnapshot and _loadSnapshot options); a later visit starts from it, which
// takes a fraction of a bare start.  It is kept under a name made of Pyodide's version, the wheel's SHA-256 and the
// modules imported, so that a new build or another page's widgets make a snapshot of their own (the newest three
// are kept), and one that cannot be started from is deleted and Python started afresh.
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
      flush() {
        postMessage({type: 'progress', step: 1, bytes});  // a file loaded whole: its last bytes told too
      },
    }));
    return new Response(counted, {status: response.status, statusText: response.statusText,
                                  headers: response.headers});
  };
  return () => { self.fetch = plain; };
}

const key = (name, args, values) => JSON.stringify([name, args, values]);

const SNAPSHOTS = 'live-widgets-python';
const KEPT = 3;  // snapshots kept (about 30 MB each): the newest, for pages with different widgets' modules

// Where the snapshot of this Python would be kept: a name, in the site's own address space, for Cache Storage.
async function snapshotName(version, wheelBytes, modules, wheel) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', wheelBytes));
  const hash = [...digest.slice(0, 12)].map(b => b.toString(16).padStart(2, '0')).join('');
  return new URL(`python-${version}-${hash}-${modules.join('+')}.snapshot`, wheel).href;
}

async function kept(name) {
  try {
    const response = await (await caches.open(SNAPSHOTS)).match(name);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (error) {
    return null;  // no Cache Storage here (an opaque origin, a private window that refuses it)
  }
}

async function keep(name, snapshot) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    const older = (await cache.keys()).filter(request => request.url !== name);
    for (const old of older.slice(0, Math.max(0, older.length - KEPT + 1))) await cache.delete(old);
    await cache.put(name, new Response(snapshot, {headers: {'Content-Type': 'application/octet-stream'}}));
  } catch (error) {
    // not kept: the next visit starts afresh
  }
}

async function forget(name) {
  try {
    await (await caches.open(SNAPSHOTS)).delete(name);
  } catch (error) {
    // nothing kept
  }
}

function install(pyodide, wheelBytes) {
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(wheelBytes, 'wheel', {extractDir: sitePackages});
  pyodide.runPython('import importlib; importlib.invalidate_caches()');
}

// casino_math is unpacked from its wheel into site-packages; its dependencies are not resolved (numpy has no
// browser build here, and the widgets' functions never import it).
async function start({pyodide: root, wheel, views = []}) {
  const counted = countingDownloads();
  const wheelBytes = fetchBytes(wheel);  // downloads while Python starts; a failure is reported when awaited
  wheelBytes.catch(() => {});
  let loadPyodide, version;
  try {
    ({loadPyodide, version} = await import(`${root}pyodide.mjs`));
  } catch (error) {
    counted();
    throw new Error('pyodide.mjs could not be loaded');
  }
  // casino_math.widgets.live imports no game; the page's widgets' modules are imported here (and their games only).
  const modules = [...new Set(views.map(view => view.name.split('.')[0]))].sort();
  const imports = ['casino_math.widgets.live', ...modules.map(m => `casino_math.widgets.${m}`)];
  const options = {indexURL: root, stdout: () => {}, stderr: () => {}};
  let pyodide = null;
  try {
    const bytes = await wheelBytes;
    const name = await snapshotName(version, bytes, modules, wheel);
    const snapshot = await kept(name);
    if (snapshot) {
      try {
        pyodide = await loadPyodide({...options, _loadSnapshot: snapshot});
        postMessage({type: 'progress', step: 2, text: 'Installing casino_math'});
        install(pyodide, bytes);
      } catch (error) {
        pyodide = null;
        await forget(name);
      }
    }
    if (!pyodide) {
      pyodide = await loadPyodide({...options, _makeSnapshot: true});
      postMessage({type: 'progress', step: 2, text: 'Installing casino_math'});
      install(pyodide, bytes);
      pyodide.runPython(`import importlib
for module in ${JSON.stringify(imports)}:
    try:
        importlib.import_module(module)
    except ImportError:
        pass  # a widget of no known module: its view says so`);
      let snapshot = null;
      try {
        snapshot = pyodide.makeMemorySnapshot();
      } catch (error) {
        // no snapshot this time (the option is Pyodide's own, and experimental): Python runs all the same
      }
      if (snapshot) keep(name, snapshot);  // stored while the views are computed
    }
  } finally {
    counted();
  }
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
