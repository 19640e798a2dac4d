// Python for the live widgets, in a Web Worker: however long a widget's function runs, the page stays responsive.
// A module worker: Pyodide's own module, pyodide.mjs, is imported from the site (Pyodide 314 runs in no classic
// worker).
//
// book/_static/live-widgets.js starts this worker once per page and sends it messages:
//   {type: 'start', pyodide, wheel}          start Pyodide (served by the site) and install casino_math's wheel;
//   {type: 'view', id, name, args, values}   call casino_math.widgets.live.view_json(name, args, values).
// It answers {type: 'progress', step, text}, then {type: 'ready'} or {type: 'failed', reason}, and for each view
// {type: 'inactive', id, json} (the controls that change nothing there), then {type: 'view', id, json} or
// {type: 'view', id, error}.  It runs one view at a time, in the order sent; the page
// sends only the newest setting of each widget, so a setting already superseded is never computed.
let viewJson = null;
let inactiveJson = null;

// The last line of a Python error, without its exception's name: "ValueError: the shoe ..." -> "the shoe ...".
const reason = error => String(error && error.message || error).trim().split('\n').pop()
  .replace(/^[A-Za-z_.]+: /, '');

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.split('/').pop()} could not be loaded (HTTP ${response.status})`);
  return response.arrayBuffer();
}

// casino_math is unpacked from its wheel into site-packages; its dependencies are not resolved (numpy has no
// browser build here, and the widgets' functions never import it).
async function start({pyodide: root, wheel}) {
  const wheelBytes = fetchBytes(wheel);  // downloads while Python starts; a failure is reported when awaited
  wheelBytes.catch(() => {});
  let loadPyodide;
  try {
    ({loadPyodide} = await import(`${root}pyodide.mjs`));
  } catch (error) {
    throw new Error('pyodide.mjs could not be loaded');
  }
  const pyodide = await loadPyodide({indexURL: root, stdout: () => {}, stderr: () => {}});
  postMessage({type: 'progress', step: 2, text: 'Installing casino_math'});
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(await wheelBytes, 'wheel', {extractDir: sitePackages});
  pyodide.runPython('import importlib; importlib.invalidate_caches()');
  const live = pyodide.pyimport('casino_math.widgets.live');
  viewJson = live.view_json;
  inactiveJson = live.inactive_json;
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
    try {
      // Which controls are in play comes first (it is quick), then the view itself.
      postMessage({type: 'inactive', id: data.id, json: inactiveJson(data.name, data.args, data.values)});
      postMessage({type: 'view', id: data.id, json: viewJson(data.name, data.args, data.values)});
    } catch (error) {
      postMessage({type: 'view', id: data.id, error: reason(error)});
    }
  }
};
