// Python's memory for the live widgets, made once when the book is built: the Pyodide the site serves is started
// here in Node, casino_math is put on its path as its wheel, every widget module is imported and each chapter's
// widget computes its starting view (which fills the library's caches), and Pyodide's memory snapshot of that Python
// is written, gzipped.  The reader's browser starts from it (book/_static/live-widgets-worker.js) instead of starting
// Python and importing the library itself.
//
// A snapshot is the WebAssembly memory of the one Pyodide build (its build id is checked when it is loaded) and the
// JavaScript objects Python holds, named by their path from the global object; this script makes Python hold none
// but Pyodide's own, so nothing of Node is in it.  (Pyodide's _makeSnapshot option and makeMemorySnapshot are its
// own and experimental: book/_ext/live_widgets.py runs this with the pinned version only.)
//
//   node live_snapshot.mjs PYODIDE_DIR WHEEL WHEEL_IN_PYTHON VIEWS_JSON OUT
//
// VIEWS_JSON: [[name, args], ...] of the chapters' widgets.  It prints one line of JSON: the modules that could not
// be imported, and the views that could not be computed (a build makes no snapshot then, and says why).
import {readFileSync, writeFileSync} from 'node:fs';
import {pathToFileURL} from 'node:url';
import {gzipSync} from 'node:zlib';

const [pyodideDir, wheel, wheelInPython, viewsJson, out] = process.argv.slice(2);
const {loadPyodide} = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({indexURL: `${pyodideDir}/`, _makeSnapshot: true, stdout: () => {},
                                   stderr: () => {}});
pyodide.FS.mkdirTree(wheelInPython.slice(0, wheelInPython.lastIndexOf('/')));
pyodide.FS.writeFile(wheelInPython, new Uint8Array(readFileSync(wheel)));
pyodide.globals.set('WHEEL', wheelInPython);
pyodide.globals.set('VIEWS', readFileSync(viewsJson, 'utf8'));
const problems = pyodide.runPython(`
import importlib, json, os, sys
sys.path.insert(0, WHEEL)
from casino_math.widgets import live
failed = {"modules": [], "views": []}
for module in live.MODULES:
    try:
        importlib.import_module(f"casino_math.widgets.{module}")
    except ImportError as error:
        failed["modules"].append(f"{module}: {error}")
for name, args in json.loads(VIEWS):
    try:
        raw = json.dumps(live.definition(name, args).defaults())
        live.inactive_json(name, json.dumps(args), raw)
        live.view_json(name, json.dumps(args), raw)
    except Exception as error:
        failed["views"].append(f"{name}: {str(error).strip().splitlines()[-1]}")
os.environ.pop("_", None)  # the name of this script, which the browser's Python would not have
del WHEEL, VIEWS
json.dumps(failed)
`);
writeFileSync(out, gzipSync(pyodide.makeMemorySnapshot(), {level: 9}));
console.log(problems);
