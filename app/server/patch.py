"""State diffs as JSON Patch (RFC 6902), using only `add`, `remove` and `replace`.

`diff` walks two JSON-ready values and emits the operations that turn the old into the new.
Lists are compared index by index, so a list that only grew (the board, the score events)
costs one `add` per new element; dicts are compared key by key. An unchanged subtree costs a
comparison, never a serialization.
"""

from __future__ import annotations

import copy
from typing import Any

Op = dict[str, Any]


def pointer(path: tuple[str | int, ...]) -> str:
    """A JSON Pointer for `path` (`~` and `/` escaped)."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def diff(old: Any, new: Any, path: tuple[str | int, ...] = ()) -> list[Op]:
    """Operations that turn `old` into `new` (both JSON-ready)."""
    ops: list[Op] = []
    _diff(old, new, path, ops)
    return ops


def _same_type(a: Any, b: Any) -> bool:
    # bool is an int in Python but not in JSON: True -> 1 must be a replace.
    return type(a) is type(b)


def _diff(old: Any, new: Any, path: tuple[str | int, ...], ops: list[Op]) -> None:
    if old is new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": pointer((*path, key))})
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": pointer((*path, key)), "value": value})
            else:
                _diff(old[key], value, (*path, key), ops)
        return
    if isinstance(old, list) and isinstance(new, list):
        common = min(len(old), len(new))
        changes: list[Op] = []
        for i in range(common):
            _diff(old[i], new[i], (*path, i), changes)
        if len(changes) > max(4, common // 2):
            # Mostly different (say, the legal placements of a new tile): one replace is
            # smaller than many small changes.
            ops.append({"op": "replace", "path": pointer(path), "value": new})
            return
        ops.extend(changes)
        for value in new[common:]:
            ops.append({"op": "add", "path": pointer((*path, "-")), "value": value})
        for i in range(len(old) - 1, common - 1, -1):
            ops.append({"op": "remove", "path": pointer((*path, i))})
        return
    if not _same_type(old, new) or old != new:
        ops.append({"op": "replace", "path": pointer(path), "value": new})


def _parse(ptr: str) -> list[str]:
    if ptr == "":
        return []
    if not ptr.startswith("/"):
        raise ValueError(f"bad pointer {ptr!r}")
    return [p.replace("~1", "/").replace("~0", "~") for p in ptr[1:].split("/")]


def apply(doc: Any, ops: list[Op]) -> Any:
    """Apply `ops` to a copy of `doc` and return it (what a client does; used by tests)."""
    doc = copy.deepcopy(doc)
    for op in ops:
        parts = _parse(op["path"])
        if not parts:
            doc = copy.deepcopy(op["value"])
            continue
        parent = doc
        for part in parts[:-1]:
            parent = parent[int(part)] if isinstance(parent, list) else parent[part]
        last = parts[-1]
        kind = op["op"]
        if isinstance(parent, list):
            if kind == "add":
                value = copy.deepcopy(op["value"])
                if last == "-":
                    parent.append(value)
                else:
                    parent.insert(int(last), value)
            elif kind == "remove":
                del parent[int(last)]
            else:
                parent[int(last)] = copy.deepcopy(op["value"])
        elif kind == "remove":
            del parent[last]
        else:
            parent[last] = copy.deepcopy(op["value"])
    return doc
