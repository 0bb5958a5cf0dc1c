/**
 * The layout's rules, checked by `npm run lint` (eslint.config.js):
 * - a server module (server/src/modules/<name>) and a web feature (web/src/features/<name>) are used from outside only
 *   through their `index.ts`, never through their files;
 * - server modules depend on each other without a cycle, and so do web features;
 * - production code under server/src never imports test support (server/test);
 * - web features never import the app shell (web/src/app), and web/src/lib imports no feature: the shell composes
 *   features, features build on lib. The shell's route table alone may load a feature's page with a dynamic import(),
 *   so that each page stays a chunk of its own.
 * Tests (*.test.ts) may reach into a module's files: they test them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_SRC = path.join(ROOT, 'server/src');
const SERVER_TEST = path.join(ROOT, 'server/test');
const WEB_APP = path.join(ROOT, 'web/src/app');
const WEB_LIB = path.join(ROOT, 'web/src/lib');

/** The two places made of units with a public face: server modules and web features. */
const AREAS = [
  { root: path.join(ROOT, 'server/src/modules'), unit: 'module' },
  { root: path.join(ROOT, 'web/src/features'), unit: 'feature' },
];

const isTest = (file) => /\.test\.tsx?$/.test(file);
const inside = (file, dir) => file === dir || file.startsWith(dir + path.sep);
const areaOf = (file) => AREAS.find((a) => inside(file, a.root) && file !== a.root) ?? null;
/** <root>/<name>/… → name */
const unitOf = (area, file) => (inside(file, area.root) ? path.relative(area.root, file).split(path.sep)[0] : null);
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Each area's graph of production files, read once per lint run: unit → units it imports. */
const graphs = new Map();
function unitGraph(area) {
  if (graphs.has(area)) return graphs.get(area);
  const graph = new Map();
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !isTest(p)) {
        const from = unitOf(area, p);
        if (!from || path.dirname(p) === area.root) continue;
        const text = fs.readFileSync(p, 'utf8');
        for (const m of text.matchAll(IMPORT)) {
          const to = unitOf(area, path.resolve(path.dirname(p), m[1] ?? m[2]));
          if (to && to !== from) {
            if (!graph.has(from)) graph.set(from, new Set());
            graph.get(from).add(to);
          }
        }
      }
    }
  };
  walk(area.root);
  graphs.set(area, graph);
  return graph;
}

/** A path of units from `from` back to `to`, if `to` → … → `from` closes a cycle with the edge from → to. */
function pathBack(area, to, from) {
  const g = unitGraph(area);
  const seen = new Set([to]);
  const queue = [[to]];
  while (queue.length) {
    const trail = queue.shift();
    for (const next of g.get(trail.at(-1)) ?? []) {
      if (next === from) return [...trail, from];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...trail, next]);
      }
    }
  }
  return null;
}

function check(context, node, spec, dynamic) {
  if (typeof spec !== 'string' || !spec.startsWith('.')) return;
  const file = context.filename;
  const target = path.resolve(path.dirname(file), spec);
  const test = isTest(file);
  const web = AREAS[1];

  if (inside(file, web.root) && inside(target, WEB_APP)) {
    context.report({
      node,
      message: `A web feature does not import the app shell (${spec}): move what both need to web/src/lib or a feature.`,
    });
  }
  if (!test && inside(file, WEB_LIB) && inside(target, web.root)) {
    context.report({
      node,
      message: `web/src/lib does not import a feature (${spec}): the shell composes features, features build on lib.`,
    });
  }
  if (!test && inside(file, SERVER_SRC) && inside(target, SERVER_TEST)) {
    context.report({ node, message: `Production code does not import test support (${spec}).` });
  }
  const area = areaOf(target);
  if (!area) return;
  const from = unitOf(area, file);
  const to = unitOf(area, target);
  if (!to || from === to) return;
  const rest = path.relative(path.join(area.root, to), target);
  const pageChunk = dynamic && inside(file, WEB_APP);
  // server code outside the modules (main.ts, the ЕИС service) starts them and is not held to their faces
  const outsider = !from && area === AREAS[0];
  if (!test && !pageChunk && !outsider && rest !== '' && rest !== 'index' && rest !== 'index.ts') {
    context.report({
      node,
      message: `Import the ${area.unit} «${to}» through its index.ts ('${path.relative(path.dirname(file), path.join(area.root, to))}'), not its file ${rest}.`,
    });
  }
  if (!test && from && path.dirname(file) !== area.root) {
    const back = pathBack(area, to, from);
    if (back) context.report({ node, message: `${area.unit === 'module' ? 'Module' : 'Feature'} cycle: ${[from, ...back].join(' → ')}.` });
  }
}

const rule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    return {
      ImportDeclaration: (n) => check(context, n, n.source.value, false),
      ExportNamedDeclaration: (n) => n.source && check(context, n, n.source.value, false),
      ExportAllDeclaration: (n) => check(context, n, n.source.value, false),
      ImportExpression: (n) => n.source.type === 'Literal' && check(context, n, n.source.value, true),
    };
  },
};

export default { rules: { layout: rule } };
