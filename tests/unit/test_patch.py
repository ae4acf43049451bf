"""State diffs: applying `diff(a, b)` to `a` gives `b`, for any JSON values."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.server.wire.patch import apply, diff, pointer, reuse_unchanged

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(alphabet="ab/~", max_size=3), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(json_values, json_values)
def test_diff_then_apply_gives_the_new_value(old, new):
    ops = diff(old, new)
    result = apply(old, ops)
    assert result == new and _types(result) == _types(new)
    assert diff(new, new) == []


def _types(value):
    if isinstance(value, dict):
        return {k: _types(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_types(v) for v in value]
    return type(value).__name__


def test_growing_lists_cost_one_add_per_element():
    old = {"board": [{"x": 0}], "n": 1}
    new = {"board": [{"x": 0}, {"x": 1}, {"x": 2}], "n": 1}
    assert diff(old, new) == [
        {"op": "add", "path": "/board/-", "value": {"x": 1}},
        {"op": "add", "path": "/board/-", "value": {"x": 2}},
    ]


def test_pointer_escapes():
    assert pointer(("a/b", "c~d", 3)) == "/a~1b/c~0d/3"


def test_lists_of_objects_with_ids_are_diffed_by_id():
    old = [{"id": "a", "n": 1}, {"id": "b", "n": 2}, {"id": "c", "n": 3}, {"id": "z", "n": 9}]
    new = [{"id": "a", "n": 1}, {"id": "c", "n": 4}, {"id": "d", "n": 5}, {"id": "z", "n": 9}]
    ops = diff(old, new)
    assert apply(old, ops) == new
    # "b" merged away and "d" is new: one remove, one change, one add; "z" is untouched
    assert ops == [
        {"op": "remove", "path": "/1"},
        {"op": "replace", "path": "/1/n", "value": 4},
        {"op": "add", "path": "/2", "value": {"id": "d", "n": 5}},
    ]


def test_ids_in_another_order_fall_back_to_places():
    old = [{"id": "a", "n": 1}, {"id": "b", "n": 2}]
    new = [{"id": "b", "n": 2}, {"id": "a", "n": 1}]
    assert apply(old, diff(old, new)) == new


def test_reuse_unchanged_keeps_equal_items_of_the_old_list():
    old = [{"id": "a", "n": 1}, {"id": "b", "n": 2}]
    new = [{"id": "b", "n": 2}, {"id": "a", "n": 7}, {"id": "c", "n": 0}]
    shared = reuse_unchanged(old, new)
    assert shared == new
    assert shared[0] is old[1] and shared[1] is new[1] and shared[2] is new[2]
    plain = reuse_unchanged([1, [2]], [1, [2], 3])
    assert plain == [1, [2], 3]
