// JSON Patch (RFC 6902: add, remove, replace) applied without mutating the old document:
// every object on a changed path is copied, so "did the board change?" is an identity check.

/** @param {string} ptr */
function parse(ptr) {
  if (ptr === '') return [];
  return ptr.slice(1).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function copy(container) {
  return Array.isArray(container) ? container.slice() : { ...container };
}

/**
 * @param {any} doc
 * @param {{op: string, path: string, value?: any}[]} ops
 * @returns {any} the new document
 */
export function applyPatch(doc, ops) {
  for (const op of ops) doc = applyOne(doc, parse(op.path), op);
  return doc;
}

function applyOne(node, parts, op) {
  if (!parts.length) return op.value;
  const out = copy(node);
  const [head, ...rest] = parts;
  if (rest.length) {
    const key = Array.isArray(out) ? Number(head) : head;
    out[key] = applyOne(out[key], rest, op);
    return out;
  }
  if (Array.isArray(out)) {
    const i = head === '-' ? out.length : Number(head);
    if (op.op === 'add') out.splice(i, 0, op.value);
    else if (op.op === 'remove') out.splice(i, 1);
    else out[i] = op.value;
  } else if (op.op === 'remove') delete out[head];
  else out[head] = op.value;
  return out;
}
