"""Crumbs data: maps, armies, Daily Buzz cards and the rules' numbers, loaded and checked."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Mapping

from games.core.data import load_list, load_one
from games.core.errors import DataError
from games.core.game import DATA_ROOT

DATA = DATA_ROOT / "crumbs"
Point = tuple[float, float]
Polygon = tuple[Point, ...]


@dataclass(frozen=True)
class Space:
    """One space of a park map."""

    id: str
    name: str
    kind: Literal["fountain", "value", "feeder"]
    polygon: Polygon
    value: int = 0
    spot: Point | None = None  # where a feeder die sits
    ponds: tuple[Polygon, ...] = ()


@dataclass(frozen=True)
class ParkMap:
    """A park map: its spaces tile a board of `size` millimetres."""

    id: str
    name: str
    side: str
    size: tuple[int, int]
    spaces: tuple[Space, ...]


@dataclass(frozen=True)
class Side:
    """One side of an army sheet: its ability and special action, with the numbers the rules read."""

    ability: str
    ability_text: str
    special: str
    special_text: str
    special_cost: int
    numbers: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Army:
    """An army: its critters, sheet sides and upgrade condition."""

    id: str
    name: str
    critter: str  # the name of one piece
    colour: tuple[int, int, int]
    critters: int
    setup_critters: int
    upgrade: Literal["critters_on_board", "pond_spaces", "stockpile_held", "attack_wins"]
    upgrade_amount: int
    upgrade_text: str
    basic: Side
    upgraded: Side


@dataclass(frozen=True)
class Effect:
    """One effect of a Daily Buzz card, from the vocabulary the rules implement (see buzz.yaml)."""

    do: Literal["drop_fountain_critters", "drop_special", "dog_drop", "dog_place", "reroll_feeders",
                "crumbs", "round_modifier", "free_spawn", "free_move", "fountain_gift", "space_gift"]
    who: Literal["you", "all", "leader", "trailing", "others"] = "you"
    amount: int = 0
    kind: Literal["", "wet", "stockpile"] = ""
    stat: Literal["", "attack", "defense", "move_cost", "spawn_cost", "dog_cost"] = ""
    target: Literal["", "leader_best", "your_choice"] = ""


@dataclass(frozen=True)
class Card:
    """A Daily Buzz card; `count` copies are in the 40-card box."""

    id: str
    title: str
    text: str
    effects: tuple[Effect, ...]
    count: int = 1
    lasts_round: bool = False


@dataclass(frozen=True)
class Range:
    """A default and its bounds."""

    default: int
    min: int
    max: int


@dataclass(frozen=True)
class Costs:
    """Crumbs paid for actions."""

    move: int
    spawn: int
    dog_drop: int
    dog_place: int


@dataclass(frozen=True)
class Specials:
    """How many special crumbs the box holds."""

    wet: int
    stockpile: int


@dataclass(frozen=True)
class Numbers:
    """The rules' numbers (game.yaml)."""

    start_crumbs: int
    trail_length: int
    costs: Costs
    free_moves: int
    move_limit: int
    setup_critters: int
    feeding_crumbs: int
    buzz_per_round: int
    rounds: Range
    race_target: Range
    feeder_dice: int
    feeder_die: tuple[int, ...]
    scuffle_die: tuple[int, ...]
    special_crumbs: Specials
    fence_height: float


NUMBER_KEYS = {"spawn_cost", "fly", "attack_bonus", "defense_bonus", "pond_defense", "flock_bonus", "flock_size",
               "pond_crumb_bonus", "wet_bonus", "stockpile_bonus", "keep_per_space", "steal", "splash",
               "bury", "dash_critters", "ponds_score"}


@dataclass(frozen=True)
class CrumbsData:
    """Everything Crumbs reads from data/crumbs/."""

    numbers: Numbers
    maps: dict[str, ParkMap]
    armies: dict[str, Army]
    cards: dict[str, Card]

    def deck(self) -> list[str]:
        """Returns the 40-card Daily Buzz box as card ids, copies included."""
        return [card.id for card in self.cards.values() for _ in range(card.count)]


@functools.lru_cache(maxsize=4)
def load_data(folder: Path = DATA) -> CrumbsData:
    """Returns the Crumbs data in `folder`, checked; raises DataError naming file, entry and field."""
    numbers = load_one(folder / "game.yaml", Numbers)
    maps = _unique(folder / "maps.yaml", load_list(folder / "maps.yaml", "maps", ParkMap))
    armies = _unique(folder / "armies.yaml", load_list(folder / "armies.yaml", "armies", Army))
    cards = _unique(folder / "buzz.yaml", load_list(folder / "buzz.yaml", "cards", Card))
    from games.crumbs.board import check_map
    for index, park in enumerate(maps.values()):
        check_map(park, numbers.feeder_dice, f"{folder / 'maps.yaml'}: maps[{index}] (id {park.id!r})")
    for index, army in enumerate(armies.values()):
        _check_army(army, f"{folder / 'armies.yaml'}: armies[{index}] (id {army.id!r})")
    total = sum(card.count for card in cards.values())
    if total != 40:
        raise DataError(f"{folder / 'buzz.yaml'}: the Daily Buzz box must hold 40 cards, the counts add up to {total}")
    return CrumbsData(numbers, maps, armies, cards)


def _unique(path: Path, entries: tuple) -> dict:
    """Returns entries by id; raises DataError on a repeated id."""
    by_id = {}
    for entry in entries:
        if entry.id in by_id:
            raise DataError(f"{path}: two entries have the id {entry.id!r}")
        by_id[entry.id] = entry
    return by_id


def _check_army(army: Army, where: str) -> None:
    """Raises DataError for unknown numbers or impossible counts on an army sheet."""
    for name, side in (("basic", army.basic), ("upgraded", army.upgraded)):
        unknown = sorted(set(side.numbers) - NUMBER_KEYS)
        if unknown:
            raise DataError(f"{where}: field '{name}.numbers': unknown number {unknown[0]!r} "
                            f"(known: {', '.join(sorted(NUMBER_KEYS))})")
        if side.special_cost < 0:
            raise DataError(f"{where}: field '{name}.special_cost': must not be negative")
    if not 1 <= army.setup_critters <= army.critters:
        raise DataError(f"{where}: field 'setup_critters': must be between 1 and 'critters'")
