// Which parts of the page need drawing again: a part is redrawn only when something it shows
// changed identity (a diff copies only the objects it touches, so unchanged parts of the state
// keep theirs).

/**
 * A memory of what each named part last showed.
 * @returns {(name: string, ...deps: any[]) => boolean} true (and remembered) when any of `deps`
 *   differs from the last call with this name
 */
export function createChanged() {
  /** @type {Map<string, any[]>} */
  const shown = new Map();
  return (name, ...deps) => {
    const last = shown.get(name);
    if (last && last.length === deps.length && last.every((d, i) => d === deps[i])) return false;
    shown.set(name, deps);
    return true;
  };
}
