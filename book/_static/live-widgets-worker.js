// Python for the live widgets, in a Web Worker: however long a widget's function runs, the page stays responsive.
// A module worker: Pyodide's own module, pyodide.mjs, is imported from the site (Pyodide 314 runs in no classic
// worker).
//
// book/_static/live-widgets.js starts this worker once per page (as soon as a widget comes into view, before the
// reader presses its button) and sends it messages:
//   {type: 'start', pyodide, wheel, snapshot, bytes, views}
//        start Python and compute each widget's view at its starting values (views: [{name, args, values}]), kept
//        for when the page asks for it.  Python starts from the memory snapshot the build made
//        (book/_ext/live_snapshot.mjs; snapshot: {url, wheel: the SHA-256 of the wheel it was made with}), in which
//        casino_math and every widget module are already imported: only the wheel's file is put back in place, for
//        what is imported later.  The build's snapshot, once unzipped, is kept in Cache Storage: a later visit
//        starts from it as it is.  Without a snapshot that loads (none built, another wheel, a browser that cannot
//        unzip it) Python starts afresh and imports the page's widgets' modules itself;
//   {type: 'view', id, name, args, values}   call casino_math.widgets.live.view_json(name, args, values).
// It tells the page where the start is, one stage at a time ({type: 'progress', stage}): 'download' (with the bytes
// so far, a few times a second, of the `bytes` expected), 'python' once everything is downloaded and Python starts,
// 'library' as casino_math is loaded, 'computing' for the starting views; then {type: 'ready', from} (from: 'kept
// snapshot', 'snapshot' or 'afresh') or {type: 'failed', reason}.  For each view it answers {type: 'inactive', id,
// json} (the controls that change nothing there), then {type: 'view', id, json} or {type: 'view', id, error}.  It
// runs one view at a time, in the order sent; the page sends only the newest setting of each widget, so a setting
// already superseded is never computed.
let viewJson = null;
let inactiveJson = null;
let startedFrom = null;  // 'kept snapshot', 'snapshot' or 'afresh', told with ready
const computed = new Map();  // name, args and values as JSON -> [inactive JSON, view JSON], computed at the start

// The last line of a Python error, without its exception's name: "ValueError: the shoe ..." -> "the shoe ...".
const reason = error => String(error && error.message || error).trim().split('\n').pop()
  .replace(/^[A-Za-z_.]+: /, '');

const stage = (name, more = {}) => postMessage({type: 'progress', stage: name, ...more});

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.split('/').pop()} could not be loaded (HTTP ${response.status})`);
  return response.arrayBuffer();
}

// While Python starts, every response the worker fetches is counted as it arrives, and the bytes so far are told to
// the page a few times a second: the reader of a slow first visit sees the download move.  Once `expected` bytes
// have arrived, the download is over and Python is starting.  (The response is the same one, headers and all, so
// WebAssembly still compiles as it streams.)
function countingDownloads(expected) {
  const plain = self.fetch.bind(self);
  let bytes = 0;
  let told = 0;
  let done = false;
  const tell = () => {
    if (done) return;
    told = performance.now();
    stage('download', {bytes});
    if (expected && bytes >= expected) {
      done = true;
      stage('python');
    }
  };
  self.fetch = async (...request) => {
    const response = await plain(...request);
    if (!response.body) return response;
    const counted = response.body.pipeThrough(new TransformStream({
      transform(chunk, out) {
        bytes += chunk.byteLength;
        if (performance.now() - told > 250 || (expected && bytes >= expected)) tell();
        out.enqueue(chunk);
      },
      flush: tell,  // a file loaded whole: its last bytes told too
    }));
    return new Response(counted, {status: response.status, statusText: response.statusText,
                                  headers: response.headers});
  };
  return () => {
    self.fetch = plain;
    if (!done) {  // fewer bytes than expected (a file compressed on the way): the download is over all the same
      done = true;
      stage('python');
    }
  };
}

const key = (name, args, values) => JSON.stringify([name, args, values]);

// The hex SHA-256 of some bytes.
async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest].map(b => b.toString(16).padStart(2, '0')).join('');
}

// The build's snapshot, unzipped as it downloads.
async function unzipped(url) {
  if (typeof DecompressionStream !== 'function') throw new Error('no DecompressionStream');
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the snapshot could not be loaded (HTTP ${response.status})`);
  return new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
}

// The build's snapshot, unzipped, is kept in the reader's Cache Storage (about 30 MB): a later visit reads it as it
// is, without downloading or unzipping it again.  It is kept under the snapshot's address (whose name is a hash of
// what it was made of) and the SHA-256 of its wheel; only the newest is kept.  Where there is no Cache Storage (a
// page opened from a file, a private window that refuses it) nothing is kept and every visit unzips.
const KEPT = 'live-widgets-python';
const keptName = snapshot => `${snapshot.url.replace(/\.gz$/, '')}?wheel=${snapshot.wheel}`;

async function keptSnapshot(snapshot) {
  try {
    const response = await (await caches.open(KEPT)).match(keptName(snapshot));
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (error) {
    return null;  // no Cache Storage here
  }
}

// Kept once Python has started from it; every other snapshot kept (an older build's) is deleted.
async function keepSnapshot(snapshot, bytes) {
  try {
    const cache = await caches.open(KEPT);
    const name = new URL(keptName(snapshot), self.location.href).href;
    for (const old of await cache.keys()) if (old.url !== name) await cache.delete(old);
    await cache.put(name, new Response(bytes, {headers: {'Content-Type': 'application/octet-stream'}}));
  } catch (error) {
    // not kept: the next visit unzips the build's snapshot again
  }
}

async function forgetSnapshot(snapshot) {
  try {
    await (await caches.open(KEPT)).delete(keptName(snapshot));
  } catch (error) {
    // nothing kept
  }
}

// Python's memory at the start: the snapshot kept by an earlier visit, else the build's, unzipped.  Either is used
// only with the wheel it was made with.  {bytes, kept}: whether it was the kept one.
async function snapshotFor(snapshot, wheelBytes) {
  const wheel = wheelBytes.then(sha256);
  const kept = await keptSnapshot(snapshot);
  const [bytes, made] = await Promise.all([kept || unzipped(snapshot.url), wheel]);
  if (made !== snapshot.wheel) throw new Error('the snapshot was made with another wheel');
  return {bytes, kept: Boolean(kept)};
}

// Python started from a snapshot: the kept one, else the build's (a kept one that fails is forgotten and the
// build's tried); null if neither loads.  Python's own files download beside the snapshot: loadPyodide fetches them
// before it awaits it.
async function startFromSnapshot(loadPyodide, options, snapshot, wheelBytes) {
  const memory = snapshotFor(snapshot, wheelBytes);
  memory.catch(() => {});
  try {
    const pyodide = await loadPyodide({...options, _loadSnapshot: memory.then(m => m.bytes)});
    const {bytes, kept} = await memory;
    if (!kept) keepSnapshot(snapshot, bytes);  // not awaited: the reader's result comes first
    return {pyodide, from: kept ? 'kept snapshot' : 'snapshot'};
  } catch (error) {
    const kept = await memory.then(m => m.kept, () => false);
    if (!kept) return null;
    await forgetSnapshot(snapshot);
    return startFromSnapshot(loadPyodide, options, snapshot, wheelBytes);
  }
}

// Where casino_math's wheel is in Python's file system: on sys.path as a zip, so that nothing is unpacked.  The
// build's snapshot was made with it there, under the same name.
const wheelPath = wheel => `/lib/live/${wheel.split('/').pop()}`;

function putWheel(pyodide, path, bytes) {
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf('/')));
  pyodide.FS.writeFile(path, new Uint8Array(bytes));
}

// casino_math is imported from its wheel; its dependencies are not resolved (numpy has no browser build here, and
// the widgets' functions never import it).
async function start({pyodide: root, wheel, snapshot = null, bytes: expected = 0, views = []}) {
  const counted = countingDownloads(expected);
  const wheelBytes = fetchBytes(wheel);  // downloads while Python starts; a failure is reported when awaited
  wheelBytes.catch(() => {});
  let loadPyodide;
  try {
    ({loadPyodide} = await import(`${root}pyodide.mjs`));
  } catch (error) {
    counted();
    throw new Error('pyodide.mjs could not be loaded');
  }
  const options = {indexURL: root, stdout: () => {}, stderr: () => {}};
  const path = wheelPath(wheel);
  let started = null;
  try {
    if (snapshot) started = await startFromSnapshot(loadPyodide, options, snapshot, wheelBytes);
    if (!started) started = {pyodide: await loadPyodide(options), from: 'afresh'};
  } finally {
    counted();
  }
  const {pyodide} = started;
  const restored = started.from !== 'afresh';
  stage('library');
  putWheel(pyodide, path, await wheelBytes);
  if (restored) {
    // The snapshot's random generator was seeded when the book was built: every reader's is seeded anew.
    pyodide.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
  } else {
    // casino_math.widgets.live imports no game; the page's widgets' modules are imported here (and their games).
    const modules = [...new Set(views.map(view => view.name.split('.')[0]))].sort();
    pyodide.globals.set('WHEEL', path);
    pyodide.globals.set('IMPORTS', ['casino_math.widgets.live', ...modules.map(m => `casino_math.widgets.${m}`)]);
    pyodide.runPython(`import importlib, sys
sys.path.insert(0, WHEEL)
for module in IMPORTS:
    try:
        importlib.import_module(module)
    except ImportError:
        pass  # a widget of no known module: its view says so
del WHEEL, IMPORTS`);
  }
  const live = pyodide.pyimport('casino_math.widgets.live');
  viewJson = live.view_json;
  inactiveJson = live.inactive_json;
  startedFrom = started.from;
  if (views.length) stage('computing');
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
      postMessage({type: 'ready', from: startedFrom});
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
