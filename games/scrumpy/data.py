"""Scrumpy data: workers, vendors, goals, the table's numbers and the Automa, loaded from
data/scrumpy/ and checked (unknown steps, resources and cross-references name file, entry and field)."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Mapping

from games.core.cards import Catalog
from games.core.data import at_least, build, load_list, read_yaml
from games.core.errors import DataError
from games.core.game import DATA_ROOT

DATA = DATA_ROOT / "scrumpy"
RESOURCES = ("apple", "wood", "barrel", "bottle", "cider")
AUTOMA_LEVELS = ("core", "advanced")  # the solo opponent's levels the setup screen offers (games/scrumpy/__init__.py)
CIDER = ("bottle", "cider")  # what an Advertiser counts
GOAL_MOST = 100  # no goal asks for more of anything, nor scores more (rulings.md)
STEP_MOST = 99  # no effect's step gives, costs or draws more (rulings.md, "Cards a table may edit")
OPS = {  # the effect vocabulary: op -> fields it needs (games/scrumpy/effects.py runs them)
    "coins": ("n",), "prestige": ("n",), "gain": ("res",), "harvest_mix": ("per",),
    "process": ("pay", "make"), "forage": (), "plant": (), "draw": ("n",), "discard": ("n",),
    "owner": ("n",), "copy": ("scope",), "recruit": (), "either": ("options",), "uproot": ("then",),
    "investor": (), "buy": ("coins", "per"), "layabout": (), "tree": (),
}


@dataclass(frozen=True, eq=False)
class Branch:
    """One side of an EITHER/OR choice."""

    label: str
    steps: tuple["Step", ...]


@dataclass(frozen=True, eq=False)
class Step:
    """One step of an effect; which fields matter depends on `op` (see OPS)."""

    op: str
    res: str = ""
    n: int = field(default=0, metadata=at_least(0, STEP_MOST))
    per: Literal["", "tree", "cider"] = ""
    pay: Mapping[str, int] = field(default_factory=dict)
    coins: int = field(default=0, metadata=at_least(0, STEP_MOST))
    make: Mapping[str, int] = field(default_factory=dict)
    plus: tuple["Step", ...] = ()
    times: int = field(default=1, metadata=at_least(1, 20))
    options: tuple[Branch, ...] = ()
    scope: Literal["", "own", "opponent", "any"] = ""
    discount: int = field(default=0, metadata=at_least(0, STEP_MOST))
    extra_apple: int = field(default=0, metadata=at_least(0, STEP_MOST))
    reroll: bool = False
    upgraded: bool = False
    then: tuple["Step", ...] = ()

    def __post_init__(self) -> None:
        if self.op not in OPS:
            raise ValueError(f"field 'op': unknown step {self.op!r} (known: {', '.join(OPS)})")
        for name in OPS[self.op]:
            if not getattr(self, name):
                raise ValueError(f"field '{name}': a {self.op!r} step needs it")
        for res in [self.res] * bool(self.res) + list(self.pay) + list(self.make):
            if res not in RESOURCES:
                raise ValueError(f"unknown resource {res!r} (known: {', '.join(RESOURCES)})")

    def plain(self) -> dict[str, Any]:
        """Returns this step as plain data for the state's program of pending steps (defaults left out)."""
        out: dict[str, Any] = {"op": self.op}
        for name, default in _DEFAULTS.items():
            value = getattr(self, name)
            if value != default and value != ():
                if name in ("plus", "then"):
                    value = plain(value)
                elif name == "options":
                    value = [{"label": b.label, "steps": plain(b.steps)} for b in value]
                elif name in ("pay", "make"):
                    value = dict(value)
                out[name] = value
        return out


_DEFAULTS = {"res": "", "n": 0, "per": "", "pay": {}, "coins": 0, "make": {}, "plus": (), "times": 1,
             "options": (), "scope": "", "discount": 0, "extra_apple": 0, "reroll": False,
             "upgraded": False, "then": ()}


def plain(steps: tuple[Step, ...]) -> list[dict[str, Any]]:
    """Returns steps as plain data."""
    return [step.plain() for step in steps]


@dataclass(frozen=True, eq=False)
class Worker:
    """One kind of worker card."""

    id: str
    name: str
    tier: Literal["core", "grey", "skilled", "master"]
    count: int
    core: tuple[Step, ...]
    secondary: Literal["none", "apple", "wood", "coin", "prestige"]
    text: str
    art: str
    cost: int = 0
    idle: bool = False
    copier: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.count <= 99:
            raise ValueError(f"field 'count': must be between 1 and 99, got {self.count}")
        if not 0 <= self.cost <= 99:
            raise ValueError(f"field 'cost': must be between 0 and 99, got {self.cost}")
        if self.tier in ("skilled", "master") and self.cost < 1:
            raise ValueError(f"field 'cost': a {self.tier} worker needs a cost")


@dataclass(frozen=True, eq=False)
class Delivery:
    """One set of requirements on a vendor card."""

    pay: Mapping[str, int]
    reward: tuple[Step, ...]
    prestige: int

    def __post_init__(self) -> None:
        bad = [r for r in self.pay if r not in RESOURCES]
        if bad or not self.pay:
            raise ValueError(f"field 'pay': needs resources from {', '.join(RESOURCES)}")
        if not all(1 <= n <= 99 for n in self.pay.values()) or not 0 <= self.prestige <= 99:
            raise ValueError("fields 'pay' and 'prestige': pay 1 to 99 of each resource, prestige 0 to 99")


@dataclass(frozen=True, eq=False)
class Vendor:
    """A vendor card and its two deliveries."""

    id: str
    name: str
    deliveries: tuple[Delivery, ...]


@dataclass(frozen=True, eq=False)
class Goal:
    """A goal card: what to have (or pay) and the prestige it scores."""

    id: str
    name: str
    text: str
    prestige: int = field(metadata=at_least(0, GOAL_MOST))
    stores: Mapping[str, int] = field(default_factory=dict)
    tokens: int = field(default=0, metadata=at_least(0, GOAL_MOST))
    coins: int = field(default=0, metadata=at_least(0, GOAL_MOST))
    trees: int = field(default=0, metadata=at_least(0, GOAL_MOST))
    hand: int = field(default=0, metadata=at_least(0, GOAL_MOST))
    layabouts_in_hand: int = field(default=0, metadata=at_least(0, GOAL_MOST))
    same_delivery: int = field(default=0, metadata=at_least(0, GOAL_MOST))
    donate: int = field(default=0, metadata=at_least(0, GOAL_MOST))
    end_of_round: bool = False

    def __post_init__(self) -> None:
        for res, count in self.stores.items():
            if res not in RESOURCES:
                raise ValueError(f"field 'stores': unknown resource {res!r} (known: {', '.join(RESOURCES)})")
            if not 1 <= count <= GOAL_MOST:
                raise ValueError(f"field 'stores': {res} must be between 1 and {GOAL_MOST}, got {count}")


@dataclass(frozen=True, eq=False)
class Resource:
    """A stored resource, its storage limit and what selling one brings."""

    id: str
    name: str
    plural: str
    limit: int = field(metadata=at_least(1, 99))
    sell_coins: int = field(metadata=at_least(0, 99))
    sell_prestige: int = field(metadata=at_least(0, 99))

    def __post_init__(self) -> None:
        for name in ("name", "plural"):
            if not getattr(self, name):
                raise ValueError(f"field '{name}': must not be empty (the log and the tooltips say it)")


@dataclass(frozen=True, eq=False)
class OwnerAction:
    """An action of the Owner's Office, basic and upgraded."""

    id: str
    name: str
    text: str
    upgraded_text: str
    basic: tuple[Step, ...]
    upgraded: tuple[Step, ...]


@dataclass(frozen=True, eq=False)
class DieFace:
    """A face of the Forager die."""

    name: str
    steps: tuple[Step, ...]


@dataclass(frozen=True, eq=False)
class TableSetup:
    """One row of the Setup Summary Table."""

    trees: int = field(metadata=at_least(0, 99))
    vendors: int = field(metadata=at_least(1, 99))
    skilled: int = field(metadata=at_least(0, 99))
    masters: int = field(metadata=at_least(0, 99))
    public_goals: int = field(metadata=at_least(0, 99))


@dataclass(frozen=True, eq=False)
class Rules:
    """The table's numbers (game.yaml)."""

    rounds: int = field(metadata=at_least(1, 20))  # bounds: rulings.md ("Numbers a table may edit")
    core_actions: int = field(metadata=at_least(1, 10))
    worker_spaces: int = field(metadata=at_least(1, 20))
    start_coins: Mapping[str, tuple[int, int, int, int]]  # "rulebook" and "even"
    hand_size: tuple[int, int] = field(metadata=at_least(1, 20))
    keep: tuple[int, int] = field(metadata=at_least(0, 20))
    orchard_spaces: int = field(metadata=at_least(1, 20))
    start_trees: int = field(metadata=at_least(0, 20))
    layabouts: int = field(metadata=at_least(0, 99))
    strip_discounts: tuple[int, ...] = field(metadata=at_least(0, 20))
    setup: Mapping[int, TableSetup]
    resources: tuple[Resource, ...]
    owner_actions: tuple[OwnerAction, ...]
    forager_die: tuple[DieFace, ...]
    automa_cubes: int = field(metadata=at_least(0, 99))


@dataclass(frozen=True, eq=False)
class AutomaStep:
    """One thing an Automa card may do (exactly one field set)."""

    take: Literal["", "right", "left", "master"] = ""
    deliver: Literal["", "cheap", "dear"] = ""
    goal: Literal["", "first"] = ""
    prestige: int = -1

    def __post_init__(self) -> None:
        if sum([bool(self.take), bool(self.deliver), bool(self.goal), self.prestige >= 0]) != 1:
            raise ValueError("an Automa step needs exactly one of take, deliver, goal, prestige")


@dataclass(frozen=True, eq=False)
class AutomaCard:
    """An Automa card: the first step it can do, then every step of `also`."""

    id: str
    deck: Literal["core", "advanced"]
    name: str
    do: tuple[AutomaStep, ...]
    also: tuple[AutomaStep, ...] = ()


@dataclass(frozen=True, eq=False)
class AutomaLevel:
    """A difficulty of the solo game: which Automa decks are shuffled together."""

    id: str
    name: str
    decks: tuple[str, ...]
    text: str


@dataclass(frozen=True, eq=False)
class Data:
    """Everything Scrumpy reads from data/scrumpy/."""

    rules: Rules
    workers: Catalog
    vendors: tuple[Vendor, ...]
    spaces: tuple[tuple[Step, ...], ...]
    goals: tuple[Goal, ...]
    automa: tuple[AutomaCard, ...]
    levels: tuple[AutomaLevel, ...]

    def worker(self, card: str) -> Worker:
        """Returns the definition of a worker card or card instance."""
        return self.workers[card]

    def vendor(self, vendor_id: str) -> Vendor:
        """Returns a vendor by id."""
        return self._vendors[vendor_id]

    def goal(self, goal_id: str) -> Goal:
        """Returns a goal by id."""
        return self._goals[goal_id]

    def resource(self, res: str) -> Resource:
        """Returns a resource's numbers."""
        return self._resources[res]

    def owner_action(self, action: str) -> OwnerAction:
        """Returns an Owner Action by id."""
        return self._owner[action]

    def level(self, level_id: str) -> AutomaLevel:
        """Returns an Automa level by id."""
        return next(level for level in self.levels if level.id == level_id)

    @functools.cached_property
    def _vendors(self) -> dict[str, Vendor]:
        return {v.id: v for v in self.vendors}

    @functools.cached_property
    def _goals(self) -> dict[str, Goal]:
        return {g.id: g for g in self.goals}

    @functools.cached_property
    def _resources(self) -> dict[str, Resource]:
        return {r.id: r for r in self.rules.resources}

    @functools.cached_property
    def _owner(self) -> dict[str, OwnerAction]:
        return {a.id: a for a in self.rules.owner_actions}

    @functools.cached_property
    def core_ops(self) -> dict[str, list[dict[str, Any]]]:
        """Returns each worker kind's Core Action as plain steps."""
        return {card.id: plain(card.core) for card in self.workers}

    def tier_cards(self, tier: str) -> list[str]:
        """Returns the card instances of one tier (core: one colour's worth per copy)."""
        return [c for c in self.workers.instances() if self.workers[c].tier == tier]


@functools.lru_cache(maxsize=4)
def load(folder: Path = DATA) -> Data:
    """Returns Scrumpy's data from `folder`, checked for counts and cross-references."""
    rules = build(Rules, read_yaml(folder / "game.yaml"), str(folder / "game.yaml"))
    workers = Catalog.load(folder / "workers.yaml", Worker)
    vendor_doc = read_yaml(folder / "vendors.yaml")
    vendors = load_list(folder / "vendors.yaml", "vendors", Vendor)
    spaces = tuple(tuple(build(Step, s, f"{folder / 'vendors.yaml'}: spaces[{i}]") for s in space)
                   for i, space in enumerate(vendor_doc.get("spaces") or []))
    goals = load_list(folder / "goals.yaml", "goals", Goal)
    automa = load_list(folder / "automa.yaml", "cards", AutomaCard)
    levels = load_list(folder / "automa.yaml", "levels", AutomaLevel)
    data = Data(rules, workers, vendors, spaces, goals, automa, levels)
    _check(data, folder)
    return data


def _check(data: Data, folder: Path) -> None:
    """Raises DataError unless the data fit together."""
    rules, where = data.rules, folder / "game.yaml"
    if [r.id for r in rules.resources] != list(RESOURCES):
        raise DataError(f"{where}: field 'resources': must list {', '.join(RESOURCES)} in that order")
    if len(rules.owner_actions) != 5 or len(rules.forager_die) != 6:
        raise DataError(f"{where}: needs 5 owner_actions and 6 forager_die faces")
    if set(rules.start_coins) != {"rulebook", "even"}:
        raise DataError(f"{where}: field 'start_coins': needs 'rulebook' and 'even' lists")
    for name, coins in rules.start_coins.items():
        if not all(0 <= n <= 99 for n in coins):
            raise DataError(f"{where}: field 'start_coins.{name}': each seat starts with 0 to 99 coins, got {list(coins)}")
    if len(rules.strip_discounts) != 4:
        raise DataError(f"{where}: field 'strip_discounts': the strip has 4 spaces")
    core = sum(c.count for c in data.workers if c.tier == "core")
    if core != 13:
        raise DataError(f"{folder / 'workers.yaml'}: the core workers of one colour add up to {core}, not 13")
    for tier, total in (("skilled", 16), ("master", 20), ("grey", rules.layabouts)):
        count = sum(c.count for c in data.workers if c.tier == tier)
        if count != total:
            raise DataError(f"{folder / 'workers.yaml'}: {count} {tier} workers, not {total}")
    if sorted(rules.setup) != [1, 2, 3, 4]:
        raise DataError(f"{where}: field 'setup': needs a row for each of 1, 2, 3 and 4 players, got {sorted(rules.setup)}")
    for players, row in rules.setup.items():
        if row.skilled > 16 or row.masters > 20 or row.vendors > len(data.vendors) \
                or row.public_goals + max(players, 1) > len(data.goals) or row.trees < 2 * players:
            raise DataError(f"{where}: setup[{players}]: more cards or trees than the box holds")
    if not data.spaces:
        raise DataError(f"{folder / 'vendors.yaml'}: 'spaces' must list the reward spaces")
    for index, vendor in enumerate(data.vendors):
        if len(vendor.deliveries) != 2:
            raise DataError(f"{folder / 'vendors.yaml'}: vendors[{index}] (id {vendor.id!r}): "
                            f"field 'deliveries': a vendor has 2 deliveries")
    layabouts = [c for c in data.workers if c.idle]
    if not layabouts or any(c.core or c.secondary != "none" for c in layabouts):
        raise DataError(f"{folder / 'workers.yaml'}: Idle Layabouts have no actions")
    decks = {card.deck for card in data.automa}
    if sorted(level.id for level in data.levels) != sorted(AUTOMA_LEVELS):
        raise DataError(f"{folder / 'automa.yaml'}: field 'levels': needs the levels {' and '.join(AUTOMA_LEVELS)} "
                        f"(the setup screen's Automa choices), once each")
    for level in data.levels:
        if not level.decks:
            raise DataError(f"{folder / 'automa.yaml'}: level {level.id!r}: field 'decks': needs at least one deck")
        if not set(level.decks) <= decks:
            raise DataError(f"{folder / 'automa.yaml'}: level {level.id!r}: unknown deck")
    for deck in ("core", "advanced"):
        if sum(card.deck == deck for card in data.automa) != 12:
            raise DataError(f"{folder / 'automa.yaml'}: the {deck} Automa deck needs 12 cards")
