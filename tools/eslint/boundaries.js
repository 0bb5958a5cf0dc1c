/**
 * The layout's rules, checked by `npm run lint` (eslint.config.js):
 * - a server module is used by others only through its `index.ts` (modules/<name>), never through its files;
 * - server modules depend on each other without a cycle;
 * - production code under server/src never imports test support (server/test);
 * - web features never import the app shell (web/src/app): the shell composes features, not the other way round.
 * Tests (*.test.ts) may reach into a module's files: they test them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MODULES = path.join(ROOT, 'server/src/modules');
const SERVER_SRC = path.join(ROOT, 'server/src');
const SERVER_TEST = path.join(ROOT, 'server/test');
const WEB_FEATURES = path.join(ROOT, 'web/src/features');
const WEB_APP = path.join(ROOT, 'web/src/app');

const isTest = (file) => /\.test\.tsx?$/.test(file);
const inside = (file, dir) => file === dir || file.startsWith(dir + path.sep);
/** modules/<name>/… → name */
const moduleOf = (file) => (inside(file, MODULES) ? path.relative(MODULES, file).split(path.sep)[0] : null);
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The module graph of production files, read once per lint run: module → modules it imports. */
let graph = null;
function moduleGraph() {
  if (graph) return graph;
  graph = new Map();
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !isTest(p)) {
        const from = moduleOf(p);
        if (!from || path.dirname(p) === MODULES) continue;
        const text = fs.readFileSync(p, 'utf8');
        for (const m of text.matchAll(IMPORT)) {
          const to = moduleOf(path.resolve(path.dirname(p), m[1] ?? m[2]));
          if (to && to !== from) {
            if (!graph.has(from)) graph.set(from, new Set());
            graph.get(from).add(to);
          }
        }
      }
    }
  };
  walk(MODULES);
  return graph;
}

/** A path of modules from `from` back to `to`, if `to` → … → `from` closes a cycle with the edge from → to. */
function pathBack(to, from) {
  const g = moduleGraph();
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

function check(context, node, spec) {
  if (typeof spec !== 'string' || !spec.startsWith('.')) return;
  const file = context.filename;
  const target = path.resolve(path.dirname(file), spec);
  const test = isTest(file);

  if (inside(file, WEB_FEATURES) && inside(target, WEB_APP)) {
    context.report({
      node,
      message: `A web feature does not import the app shell (${spec}): move what both need to web/src/lib or a feature.`,
    });
  }
  if (!test && inside(file, SERVER_SRC) && inside(target, SERVER_TEST)) {
    context.report({ node, message: `Production code does not import test support (${spec}).` });
  }
  const from = moduleOf(file);
  const to = moduleOf(target);
  if (!from || !to || from === to) return;
  const rest = path.relative(path.join(MODULES, to), target);
  if (!test && rest !== '' && rest !== 'index' && rest !== 'index.ts') {
    context.report({
      node,
      message: `Import the module «${to}» through its index.ts ('${path.relative(path.dirname(file), path.join(MODULES, to))}'), not its file ${rest}.`,
    });
  }
  if (!test && path.dirname(file) !== MODULES) {
    const back = pathBack(to, from);
    if (back) context.report({ node, message: `Module cycle: ${[from, ...back].join(' → ')}.` });
  }
}

const rule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    return {
      ImportDeclaration: (n) => check(context, n, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(context, n, n.source.value),
      ExportAllDeclaration: (n) => check(context, n, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(context, n, n.source.value),
    };
  },
};

export default { rules: { layout: rule } };
