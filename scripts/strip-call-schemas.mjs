/**
 * The web build's view of the shared contract: a call (`defineCall({method, path, access,
 * request, query, response})`) keeps its method, path and access, and its zod schemas are
 * replaced with `undefined`. The web needs only the path at run time (the compiler checks the
 * types), and zod costs about 22 KiB compressed: the login page (141 of its 150 KiB budget) and the
 * public pay page load none. With the references gone, the build drops the schemas as unused
 * (`treeshake.manualPureFunctions: ['z']`), and a schema module (`contract/<area>.ts`) a page
 * does not otherwise use is dropped whole (`sideEffects: false`) — which is why the calls live in
 * their own `contract/<area>-calls.ts`.
 */
import { parseAst } from 'vite';

const SCHEMA_KEYS = new Set(['request', 'query', 'response']);

/** `[start, end]` of every schema value inside a `defineCall({...})` argument. */
function schemaRanges(node, out = []) {
  if (!node || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const child of node) schemaRanges(child, out);
    return out;
  }
  if (
    node.type === 'CallExpression' &&
    node.callee?.type === 'Identifier' &&
    node.callee.name === 'defineCall' &&
    node.arguments[0]?.type === 'ObjectExpression'
  ) {
    for (const prop of node.arguments[0].properties) {
      const key = prop.type === 'Property' && prop.key.type === 'Identifier' ? prop.key.name : null;
      if (key && SCHEMA_KEYS.has(key) && prop.value.type !== 'Literal') {
        // Shorthand `{ request }` has no `request:` to keep: write the key back.
        out.push(
          prop.shorthand
            ? [prop.start, prop.end, `${key}: undefined`]
            : [prop.value.start, prop.value.end, 'undefined'],
        );
      }
    }
  }
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && value && typeof value === 'object') schemaRanges(value, out);
  }
  return out;
}

/** Returns the module's code without the schema references of its calls (null when it has none). */
export function stripCallSchemas(code) {
  if (!code.includes('defineCall(')) return null;
  const ranges = schemaRanges(parseAst(code, { lang: 'ts' })).sort((a, b) => b[0] - a[0]);
  let out = code;
  for (const [start, end, text] of ranges) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/** The Vite plugin: applies `stripCallSchemas` to the shared contract modules. */
export function stripCallSchemasPlugin() {
  return {
    name: 'gerbang-strip-call-schemas',
    transform(code, id) {
      if (!/[\\/]packages[\\/]shared[\\/]src[\\/]contract[\\/]/.test(id)) return null;
      const stripped = stripCallSchemas(code);
      return stripped === null ? null : { code: stripped, map: null };
    },
  };
}
