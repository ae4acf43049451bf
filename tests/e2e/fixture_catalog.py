"""A development copy of the tile catalog, written from /work/shared/TILES.md.

The shipped client always fetches ``GET /api/tiles``; this fixture only lets the stub server
in ``conftest.py`` serve the pages before the real server exists.
"""

SLOTS = ("NNW", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW")
EDGE_SLOTS = {"N": ("NNW", "N", "NNE"), "E": ("ENE", "E", "ESE"),
              "S": ("SSE", "S", "SSW"), "W": ("WSW", "W", "WNW")}


def _slots(spec: str) -> list[str]:
    """'N,E' -> slots of whole edges; lower-case names are single slots ('nnw')."""
    out: list[str] = []
    for part in spec.split(","):
        out.extend(EDGE_SLOTS[part] if part in EDGE_SLOTS else (part.upper(),))
    return out


def _field(spec: str, adj: list[int] | None = None) -> dict:
    if spec == "rest":
        return {"kind": "field", "slots": spec, "pennant": False, "adj_cities": adj or []}
    return {"kind": "field", "slots": _slots(spec), "pennant": False, "adj_cities": adj or []}


def _tile(edges, cities=(), roads=(), fields=(), centre=None, pennant=False):
    segs = [{"kind": "city", "slots": _slots(c), "pennant": pennant, "adj_cities": []}
            for c in cities]
    segs += [{"kind": "road", "slots": [r], "pennant": False, "adj_cities": []}
             if len(r.split(",")) == 1 else
             {"kind": "road", "slots": r.split(","), "pennant": False, "adj_cities": []}
             for r in roads]
    used = {s for seg in segs for s in seg["slots"]}
    for f in fields:
        seg = _field(*f) if isinstance(f, tuple) else _field(f)
        if seg["slots"] == "rest":
            seg["slots"] = [s for s in SLOTS if s not in used]
        segs.append(seg)
        used.update(seg["slots"])
    for seg in segs:
        if seg["kind"] == "field":
            seg["adj_cities"] = seg["adj_cities"]
    return {"edges": edges, "segments": segs, "centre": centre}


BASE = {
    "A": (2, _tile("FFRF", roads=["S"], fields=["rest"], centre="monastery")),
    "B": (4, _tile("FFFF", fields=["rest"], centre="monastery")),
    "C": (1, _tile("CCCC", cities=["N,E,S,W"], pennant=True)),
    "D": (4, _tile("CRFR", ["N"], ["E,W"], [("ene,wnw", [0]), "rest"])),
    "E": (5, _tile("CFFF", ["N"], [], [("E,S,W", [0])])),
    "F": (2, _tile("FCFC", ["E,W"], [], [("N", [0]), ("S", [0])], pennant=True)),
    "G": (1, _tile("CFCF", ["N,S"], [], [("E", [0]), ("W", [0])])),
    "H": (3, _tile("FCFC", ["E", "W"], [], [("N,S", [0, 1])])),
    "I": (2, _tile("CCFF", ["N", "E"], [], [("S,W", [0, 1])])),
    "J": (3, _tile("CRRF", ["N"], ["E,S"], ["ese,sse", ("ene,ssw,W", [0])])),
    "K": (3, _tile("CFRR", ["N"], ["S,W"], ["ssw,wsw", ("E,sse,wnw", [0])])),
    "L": (3, _tile("CRRR", ["N"], ["E", "S", "W"], [("ene,wnw", [0]), "ese,sse", "ssw,wsw"])),
    "M": (2, _tile("CFFC", ["N,W"], [], [("E,S", [0])], pennant=True)),
    "N": (3, _tile("CFFC", ["N,W"], [], [("E,S", [0])])),
    "O": (2, _tile("CRRC", ["N,W"], ["E,S"], ["ese,sse", ("ene,ssw", [0])], pennant=True)),
    "P": (3, _tile("CRRC", ["N,W"], ["E,S"], ["ese,sse", ("ene,ssw", [0])])),
    "Q": (1, _tile("CCFC", ["N,E,W"], [], [("S", [0])], pennant=True)),
    "R": (3, _tile("CCFC", ["N,E,W"], [], [("S", [0])])),
    "S": (2, _tile("CCRC", ["N,E,W"], ["S"], [("ssw", [0]), ("sse", [0])], pennant=True)),
    "T": (1, _tile("CCRC", ["N,E,W"], ["S"], [("ssw", [0]), ("sse", [0])])),
    "U": (8, _tile("RFRF", [], ["N,S"], ["nne,E,sse", "ssw,W,nnw"])),
    "V": (9, _tile("FFRR", [], ["S,W"], ["ssw,wsw", "rest"])),
    "W": (4, _tile("FRRR", [], ["E", "S", "W"], ["wnw,N,ene", "ese,sse", "ssw,wsw"])),
    "X": (1, _tile("RRRR", [], ["N", "E", "S", "W"],
                   ["nne,ene", "ese,sse", "ssw,wsw", "wnw,nnw"])),
}
GARDENS = ("E", "H", "I", "M", "N", "R", "U", "V")
WINTER = {
    "Z01": _tile("FRRR", [], ["E", "S", "W"], ["wnw,N,ene", "ese,sse", "ssw,wsw"]),
    "Z02": _tile("CFFR", ["N"], ["W"], [("wnw", [0]), ("E,S,wsw", [0])]),
    "Z03": _tile("CRFF", ["N"], ["E"], [("ene", [0]), ("ese,S,W", [0])]),
    "Z04": _tile("CRRF", ["N"], ["E,S"], ["ese,sse", ("ene,ssw,W", [0])]),
    "Z05": _tile("FFRF", [], ["S"], ["rest"], centre="monastery"),
    "Z06": _tile("FRFR", [], ["E", "W"], ["wnw,N,ene", "ese,S,wsw"], centre="monastery"),
    "Z07": _tile("CFRC", ["N,W"], ["S"], [("ssw", [0]), ("sse,E", [0])]),
    "Z08": _tile("CFRF", ["N"], ["S"], [("ssw,W", [0]), ("sse,E", [0])]),
    "Z09": _tile("RRRR", [], ["N,W", "S,E"], ["nnw,wnw", "ese,sse", "nne,ene,ssw,wsw"]),
    "Z10": _tile("CRFC", ["N,W"], ["E"], [("ene", [0]), ("ese,S", [0])]),
    "Z11": _tile("FFRF", [], ["S"], ["rest"]),
    "Z12": _tile("CFRR", ["N"], ["S,W"], ["ssw,wsw", ("wnw,E,sse", [0])]),
}


def catalog() -> dict:
    """Tile id -> {edges, segments, centre, count: {tileset: n}} in the API.md shape."""
    out: dict = {}
    for tid, (count, tile) in BASE.items():
        plain = count - (1 if tid in GARDENS else 0)
        out[tid] = {**tile, "count": {"classic": plain, "winter": plain}}
        if tid in GARDENS:
            out[tid + "g"] = {**tile, "centre": "garden", "count": {"classic": 1, "winter": 1}}
    for tid, tile in WINTER.items():
        out[tid] = {**tile, "count": {"classic": 0, "winter": 1}}
    return out
