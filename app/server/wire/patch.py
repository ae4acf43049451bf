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
SMALL_DICT = 3  # keys at most, for an object replaced whole when several of them change
_PLAIN = (str, int, bool, float, type(None))
# Containers equal by `==` are taken as unchanged: `==` takes 1, 1.0 and True as equal, so
# this holds for states whose fields keep one JSON type (ours do: each is made by one view).
_CONTAINERS = (dict, list)


def pointer(path: tuple[str | int, ...]) -> str:
    """A JSON Pointer for `path` (`~` and `/` escaped)."""
    return "".join("/" + _escape(p) for p in path)


def _escape(part: str | int) -> str:
    text = str(part)
    if "~" in text or "/" in text:
        return text.replace("~", "~0").replace("/", "~1")
    return text


def diff(old: Any, new: Any, path: tuple[str | int, ...] = ()) -> list[Op]:
    """Operations that turn `old` into `new` (both JSON-ready)."""
    ops: list[Op] = []
    _diff(old, new, pointer(path), ops)
    return ops


def _same_type(a: Any, b: Any) -> bool:
    # bool is an int in Python but not in JSON: True -> 1 must be a replace.
    return type(a) is type(b)


def _diff(old: Any, new: Any, at: str, ops: list[Op]) -> None:
    """Append to `ops` what turns `old` into `new`; `at` is their JSON Pointer, escaped (the
    pointer of a child is `at` plus one part: no path is rebuilt from its root)."""
    if old is new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        changes: list[Op] = []
        for key in old:
            if key not in new:
                changes.append({"op": "remove", "path": f"{at}/{_escape(key)}"})
        for key, value in new.items():
            if key not in old:
                changes.append({"op": "add", "path": f"{at}/{_escape(key)}", "value": value})
                continue
            before = old[key]
            if before is value:
                continue
            # Equal plain values need no call (most keys of a view, every move); nor do equal
            # containers made afresh (the options, each move), compared in C.
            kind = type(value)
            if type(before) is kind and (kind in _PLAIN or kind in _CONTAINERS) and before == value:
                continue
            _diff(before, value, f"{at}/{_escape(key)}", changes)
        if len(changes) > 1 and len(new) <= SMALL_DICT and at:
            # Several changes to a small object (say the last tile's `{"x", "y"}`): one
            # replace of the whole is shorter than a path per key.
            ops.append({"op": "replace", "path": at, "value": new})
        else:
            ops.extend(changes)
        return
    if isinstance(old, list) and isinstance(new, list):
        if _with_ids(old) and _with_ids(new) and _diff_by_id(old, new, at, ops):
            return
        common = min(len(old), len(new))
        changes = []
        limit = max(4, common // 2)
        for i in range(common):
            if old[i] is new[i]:
                continue  # reused unchanged (see `reuse_unchanged`): most of a long list
            _diff(old[i], new[i], f"{at}/{i}", changes)
            if len(changes) > limit:
                # Mostly different (say, the legal placements of a new tile): one replace is
                # smaller than many small changes, and we need not look further.
                ops.append({"op": "replace", "path": at, "value": new})
                return
        if len(old) - common > len(new):
            # Mostly gone (say the board of the last game when a new one starts): the new
            # list whole is shorter than a `remove` per old item.
            ops.append({"op": "replace", "path": at, "value": new})
            return
        ops.extend(changes)
        end = f"{at}/-"
        for value in new[common:]:
            ops.append({"op": "add", "path": end, "value": value})
        for i in range(len(old) - 1, common - 1, -1):
            ops.append({"op": "remove", "path": f"{at}/{i}"})
        return
    if not _same_type(old, new) or old != new:
        ops.append({"op": "replace", "path": at, "value": new})


def reuse_unchanged(old: list[Any] | None, new: list[Any]) -> list[Any]:
    """`new`, with every item equal to its counterpart in `old` replaced by the old object.

    `diff` then skips those items at once (`old is new`) instead of walking them: rebuilding a
    view from scratch stays cheap to diff. Items with an `id` are matched by id, others by
    place. Only for lists whose fields keep one JSON type (`==` takes 1 and True as equal).
    """
    if not old:
        return new
    if _with_ids(old) and _with_ids(new):
        by_id = {item["id"]: item for item in old}
        return [
            prev if (prev := by_id.get(item["id"])) is not None and prev == item else item
            for item in new
        ]
    return [
        old[i] if i < len(old) and old[i] == item else item for i, item in enumerate(new)
    ]


def _with_ids(items: list[Any]) -> bool:
    return bool(items) and all(type(item) is dict and "id" in item for item in items)


def _diff_by_id(old: list[Any], new: list[Any], at: str, ops: list[Op]) -> bool:
    """Diff two lists of objects with ids (the board's features) by id, not by index.

    A feature that merges into an older one leaves the list; diffing by index would then see
    every later feature change place. Here it costs one `remove`, and a new feature one `add`
    at its place. Works when the items in both lists keep their relative order (features are
    ordered by their oldest segment); returns False otherwise and the caller diffs by index.
    """
    old_ids = {item["id"] for item in old}
    new_ids = {item["id"] for item in new}
    kept = [item for item in old if item["id"] in new_ids]
    if [item["id"] for item in kept] != [item["id"] for item in new if item["id"] in old_ids]:
        return False
    for i in range(len(old) - 1, -1, -1):
        if old[i]["id"] not in new_ids:
            ops.append({"op": "remove", "path": f"{at}/{i}"})
    # After the removals the list holds `kept`; walking `new` in order, every position before
    # `j` already matches it, so a kept item sits at `j` and a new one is inserted there.
    k = 0
    for j, item in enumerate(new):
        if item["id"] in old_ids:
            _diff(kept[k], item, f"{at}/{j}", ops)
            k += 1
        else:
            ops.append({"op": "add", "path": f"{at}/{j}", "value": item})
    return True


def _parse(ptr: str) -> list[str]:
    if ptr == "":
        return []
    if not ptr.startswith("/"):
        raise ValueError(f"bad pointer {ptr!r}")
    return [p.replace("~1", "/").replace("~0", "~") for p in ptr[1:].split("/")]


def apply(doc: Any, ops: list[Op], *, in_place: bool = False) -> Any:
    """Apply `ops` to `doc` and return the result, what a client does (tests and benchmarks).

    By default `doc` is left alone and the ops' values are copied in. `in_place` changes
    `doc` itself and adopts the values as they are: for many clients in one process, when
    the ops come fresh from `json.loads` and nothing else holds them.
    """
    take = (lambda value: value) if in_place else copy.deepcopy
    if not in_place:
        doc = copy.deepcopy(doc)
    for op in ops:
        parts = _parse(op["path"])
        if not parts:
            doc = take(op["value"])
            continue
        parent = doc
        for part in parts[:-1]:
            parent = parent[int(part)] if isinstance(parent, list) else parent[part]
        last = parts[-1]
        kind = op["op"]
        if isinstance(parent, list):
            if kind == "add":
                value = take(op["value"])
                if last == "-":
                    parent.append(value)
                else:
                    parent.insert(int(last), value)
            elif kind == "remove":
                del parent[int(last)]
            else:
                parent[int(last)] = take(op["value"])
        elif kind == "remove":
            del parent[last]
        else:
            parent[last] = take(op["value"])
    return doc
