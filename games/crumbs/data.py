"""Crumbs data: maps, armies, Daily Buzz cards and the rules' numbers, loaded and checked."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Mapping

from games.core.data import at_least, load_list, load_one, read_yaml
from games.core.errors import DataError
from games.core.game import DATA_ROOT
from physics import PhysicsParams
from physics.params import params_from

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
    value: int = field(default=0, metadata=at_least(0, 10))
    spot: Point | None = None  # where the feeder die or the printed value sits (None: the middle)
    ponds: tuple[Polygon, ...] = ()


@dataclass(frozen=True)
class ParkMap:
    """A park map: its spaces tile a board of `size` millimetres."""

    id: str
    name: str
    side: str
    size: tuple[int, int] = field(metadata=at_least(100, 2000))
    spaces: tuple[Space, ...]


@dataclass(frozen=True)
class Side:
    """One side of an army sheet: its ability and special action, with the numbers the rules read."""

    ability: str
    ability_text: str
    special: str
    special_text: str
    special_cost: int = field(metadata=at_least(0, 20))
    numbers: Mapping[str, int] = field(default_factory=dict)
    special_limit: int = field(default=0, metadata=at_least(0, 10))  # uses a turn (0: as often as you can pay)


@dataclass(frozen=True)
class Army:
    """An army: its critters, sheet sides and upgrade condition."""

    id: str
    name: str
    critter: str  # the name of one piece
    colour: tuple[int, int, int] = field(metadata=at_least(0, 255))
    critters: int = field(metadata=at_least(1, 20))
    setup_critters: int = field(metadata=at_least(1, 20))
    upgrade: Literal["critters_on_board", "pond_spaces", "stockpile_held", "attack_wins"]
    upgrade_amount: int = field(metadata=at_least(1, 50))
    upgrade_text: str
    basic: Side
    upgraded: Side


@dataclass(frozen=True)
class Effect:
    """One effect of a Daily Buzz card, from the vocabulary the rules implement (see buzz.yaml)."""

    do: Literal["drop_fountain_critters", "drop_special", "dog_drop", "dog_place", "reroll_feeders",
                "crumbs", "round_modifier", "free_spawn", "free_move", "fountain_gift", "space_gift"]
    who: Literal["you", "all", "leader", "trailing", "others"] = "you"
    amount: int = field(default=0, metadata=at_least(-20, 20))
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
    count: int = field(default=1, metadata=at_least(1, 40))
    lasts_round: bool = False


RANGE_MOST = 200  # the most rounds or crumbs a setup choice may name (data/crumbs/rulings.md, "Limits")


@dataclass(frozen=True)
class Range:
    """A default and its bounds."""

    default: int = field(metadata=at_least(1, RANGE_MOST))
    min: int = field(metadata=at_least(1, RANGE_MOST))
    max: int = field(metadata=at_least(1, RANGE_MOST))  # each value in between is a choice at setup

    def __post_init__(self) -> None:
        """Refuses bounds that do not hold the default."""
        if not self.min <= self.default <= self.max:
            raise ValueError(f"the default {self.default} must lie between min {self.min} and max {self.max}")


@dataclass(frozen=True)
class Costs:
    """Crumbs paid for actions."""

    move: int = field(metadata=at_least(0, 50))
    spawn: int = field(metadata=at_least(0, 50))
    dog_drop: int = field(metadata=at_least(0, 50))
    dog_place: int = field(metadata=at_least(0, 50))


@dataclass(frozen=True)
class Specials:
    """How many special crumbs the box holds."""

    wet: int = field(metadata=at_least(0, 50))
    stockpile: int = field(metadata=at_least(0, 50))


@dataclass(frozen=True)
class Placing:
    """Where a player sets a piece down (mm): the rulebook's "not against the fences, not side by side",
    and clear of the space's printed value or die so it stays readable."""

    fence_gap: float = field(metadata=at_least(0.0, 100.0))
    border_gap: float = field(metadata=at_least(0.0, 100.0))
    piece_gap: float = field(metadata=at_least(0.0, 100.0))
    label_clearance: float = field(metadata=at_least(0.0, 100.0))


@dataclass(frozen=True)
class Numbers:
    """The rules' numbers (game.yaml)."""

    start_crumbs: int = field(metadata=at_least(0, 100))
    trail_length: int = field(metadata=at_least(1, 1000))
    costs: Costs
    free_moves: int = field(metadata=at_least(0, 10))
    move_limit: int = field(metadata=at_least(1, 20))
    setup_critters: int = field(metadata=at_least(1, 20))
    feeding_crumbs: int = field(metadata=at_least(1, 100))
    buzz_per_round: int = field(metadata=at_least(1, 10))
    rounds: Range
    race_target: Range
    feeder_dice: int = field(metadata=at_least(0, 20))
    feeder_die: tuple[int, ...] = field(metadata=at_least(1, 20))  # a feeder holds 1 or more (0: no feeder)
    scuffle_die: tuple[int, ...] = field(metadata=at_least(0, 20))
    special_crumbs: Specials
    fence_height: float = field(metadata=at_least(1.0, 500.0))
    fence_width: float = field(metadata=at_least(0.0, 50.0))
    placing: Placing


NUMBER_KEYS = {"spawn_cost", "fly", "attack_bonus", "defense_bonus", "pond_defense", "stockpile_defense", "flock_bonus", "flock_feed_bonus", "flock_size",
               "pond_crumb_bonus", "pond_space_bonus", "wet_bonus", "stockpile_bonus", "keep_per_space", "keep_limit", "defend_reward", "steal", "splash",
               "bury", "dash_critters", "ponds_score"}


MOST_SEATS = 4  # the biggest Crumbs table: each seat plays a different army


@dataclass(frozen=True)
class CrumbsData:
    """Everything Crumbs reads from data/crumbs/."""

    numbers: Numbers
    maps: dict[str, ParkMap]
    armies: dict[str, Army]
    cards: dict[str, Card]
    physics: PhysicsParams

    def deck(self) -> list[str]:
        """Returns the 40-card Daily Buzz box as card ids, copies included."""
        return [card.id for card in self.cards.values() for _ in range(card.count)]


@functools.lru_cache(maxsize=4)
def load_data(folder: Path = DATA) -> CrumbsData:
    """Returns the Crumbs data in `folder`, checked; raises DataError naming file, entry and field."""
    numbers = load_one(folder / "game.yaml", Numbers)
    for name in ("feeder_die", "scuffle_die"):
        if not getattr(numbers, name):
            raise DataError(f"{folder / 'game.yaml'}: field '{name}': a die needs at least one face")
    maps = _unique(folder / "maps.yaml", load_list(folder / "maps.yaml", "maps", ParkMap))
    armies = _unique(folder / "armies.yaml", load_list(folder / "armies.yaml", "armies", Army))
    cards = _unique(folder / "buzz.yaml", load_list(folder / "buzz.yaml", "cards", Card))
    from games.crumbs.board import check_map
    for index, park in enumerate(maps.values()):
        check_map(park, numbers.feeder_dice, f"{folder / 'maps.yaml'}: maps[{index}] (id {park.id!r})")
    for index, army in enumerate(armies.values()):
        _check_army(army, f"{folder / 'armies.yaml'}: armies[{index}] (id {army.id!r})")
    if len(armies) < MOST_SEATS:
        raise DataError(f"{folder / 'armies.yaml'}: 'armies' needs at least {MOST_SEATS}, one for each seat of the "
                        f"biggest table, got {len(armies)}")
    if not maps:
        raise DataError(f"{folder / 'maps.yaml'}: 'maps' needs at least one park")
    total = sum(card.count for card in cards.values())
    if total != 40:
        raise DataError(f"{folder / 'buzz.yaml'}: the Daily Buzz box must hold 40 cards, the counts add up to {total}")
    return CrumbsData(numbers, maps, armies, cards, load_physics(folder / "physics.yaml"))


def load_physics(path: Path) -> PhysicsParams:
    """Returns the drop's numbers in `path`; raises DataError naming the file and the field."""
    document = read_yaml(path)
    try:
        return params_from(document, path)
    except ValueError as error:
        raise DataError(str(error)) from None


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
        for key, number in side.numbers.items():
            if not 0 <= number <= 20:
                raise DataError(f"{where}: field '{name}.numbers': {key} must be between 0 and 20, got {number}")
    if not 1 <= army.setup_critters <= army.critters:
        raise DataError(f"{where}: field 'setup_critters': must be between 1 and 'critters'")
