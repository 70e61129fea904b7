"""A fast copy of a Scrappers position for the bots' searches: every declared field copied as the kit's
generated clone copies it (games/core/record.py), the small records inlined instead of cloned one call at
a time. The fair bot copies a position for every option it weighs, thousands a Hard move; the kit's clone
spends most of that in a call per nested record. Pending decisions and program steps are shared, not copied:
Scrappers' rules never change one once made (they push and pop whole ones); so are the belt's hopper and bin,
until a belt changes them (Belt._own makes them its own first). tests/test_scrappers_speed.py checks
that the fields copied here are every declared field, that a copy equals the kit's clone, and that no decision or
step changes after it is made."""
from __future__ import annotations

from typing import Any

from games.core.turns import EachOnce, UntilAllPass
from games.core.zones import Pile
from games.scrappers.belt import Belt
from games.scrappers.records import Activation, Bodger, TurnLog, Tussle

_new = object.__new__


def _pile(pile: Pile) -> Pile:
    copy = _new(Pile)
    values = pile.__dict__
    copy.__dict__ = {"cards": values["cards"][:], "face": values["face"], "owner": values["owner"]}
    return copy


def _record(record: Any, cls: type, lists: tuple[str, ...] = ()) -> Any:
    """Returns a copy of a record whose fields are scalars but `lists` (lists of scalars)."""
    copy = _new(cls)
    copy.__dict__ = values = record.__dict__.copy()
    for name in lists:
        values[name] = values[name][:]
    return copy


def _bodgers(bodgers: list[Bodger]) -> list[Bodger]:
    """Returns copies of the tokens on the floor (their fields are scalars), one loop for all."""
    copies = []
    for bodger in bodgers:
        copy = _new(Bodger)
        copy.__dict__ = bodger.__dict__.copy()
        copies.append(copy)
    return copies


def copy_state(state: Any, rng: Any) -> Any:
    """Returns a copy of a full ScrappersState with the generator `rng` (no legal actions cached)."""
    s = state.__dict__
    copy = _new(type(state))
    belt, tussle = s["belt"], s["tussle"]
    maintaining, turn, log, activation = s["maintaining"], s["turn"], s["turn_log"], s["activation"]
    b = belt.__dict__
    new_belt = _new(Belt)
    b["shared"] = True  # the hopper and the bin: shared until a belt changes them (Belt._own)
    new_belt.__dict__ = {"slots": b["slots"][:], "hopper": b["hopper"], "known": b["known"], "bin": b["bin"],
                         "shared": True}
    if tussle is not None:
        new_tussle = _record(tussle, Tussle, ("bodgers", "seats", "committers", "for_keelie"))
        new_tussle.commits = [_pile(p) for p in tussle.commits]
    else:
        new_tussle = None
    copy.__dict__ = {  # one dict made at once (the fields in declared order, as the kit's clone sets them)
        "players": s["players"], "options": s["options"], "rng": rng, "viewer": s["viewer"],
        "decisions": s["decisions"][:], "program": s["program"][:],  # shared: never changed once made
        "phase": s["phase"], "round": s["round"], "foreman": s["foreman"],
        "deck": _pile(s["deck"]), "discard": _pile(s["discard"]), "hands": list(map(_pile, s["hands"])),
        "in_play": s["in_play"], "belt": new_belt, "holdings": list(map(list.copy, s["holdings"])),
        "bodgers": _bodgers(s["bodgers"]), "setup_reveal": list(map(list.copy, s["setup_reveal"])),
        "placing": s["placing"][:],
        "maintaining": None if maintaining is None else _record(maintaining, EachOnce, ("order",)),
        "turn": None if turn is None else _record(turn, UntilAllPass, ("order", "passed")),
        "turn_log": None if log is None else _record(log, TurnLog, ("activated", "pressed")),
        "activation": None if activation is None else _record(activation, Activation),
        "pull_order": s["pull_order"][:], "pull_index": s["pull_index"], "settled": s["settled"][:],
        "tussle": new_tussle, "ended": s["ended"], "pulled": s["pulled"][:], "tussles_won": s["tussles_won"][:]}
    data = s.get("data")  # the game data the position read (ScrappersState.data): shared, immutable
    if data is not None:
        copy.__dict__["data"] = data
    return copy


# what copy_state copies: every declared field of these records, and how (the test compares with the kit's codec)
COPIED = {
    "ScrappersState": ("players", "options", "rng", "viewer", "decisions", "program", "phase", "round", "foreman",
                       "deck", "discard", "hands", "in_play", "belt", "holdings", "bodgers", "setup_reveal",
                       "placing", "maintaining", "turn", "turn_log", "activation", "pull_order", "pull_index",
                       "settled", "tussle", "ended", "pulled", "tussles_won"),
    "Decision": ("kind", "seat", "prompt", "data"),
    "Pile": ("cards", "face", "owner"),
    "Belt": ("slots", "hopper", "known", "bin"),
    "Bodger": ("id", "owner", "space"),
    "Activation": ("seat", "card", "bodger", "row", "choice", "part", "target"),
    "TurnLog": ("seat", "activated", "keelie_cards", "pressed"),
    "Tussle": ("slot", "bodgers", "seats", "keelie", "committers", "for_keelie", "commits", "index"),
    "EachOnce": ("order", "index"),
    "UntilAllPass": ("order", "index", "passed"),
}
