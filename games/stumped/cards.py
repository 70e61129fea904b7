"""Stumped data: the cards, the game's numbers and the tree's geometry, loaded from data/stumped/
and checked against each other (errors name the file, the entry and the field)."""
from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Mapping

from games.core.cards import Catalog
from games.core.data import at_least, load_list, load_one
from games.core.errors import DataError
from games.core.game import DATA_ROOT

DATA = DATA_ROOT / "stumped"
BASICS = ("sun", "dirt", "water")  # the three basic resources, in the order of the roots' stacks
ENERGY = ("impressive_irrigation", "fancy_fertilizer")
SEGMENTS = ("trunk", "branch", "leaf", "fruit")
MOST = 20  # no card costs, counts or gives more, no rule's number is bigger (rulings.md)
MOST_CARDS = 400  # action cards in one copy of the game
MOST_COPIES = 99  # cards of one kind in one copy
MOST_PIECES = 200  # tree pieces of one kind in one copy
MOST_LENGTH = 1000  # a segment's length, in tree units
CHOICE_EFFECTS = {"mulch", "recycle", "take_market", "clear_market", "steal_root", "wilt_root"}
OTHERS_EFFECTS = {"steal_root", "wilt_root", "drought"}  # effects that touch other players
SHORT = {  # each effect in a few words, for a card too small for its whole text ({n}: amount, {s}: plural)
    "draw": "+{n} card{s}", "energy": "+{n} energy", "buys": "+{n} buy{s}", "actions": "+{n} action{s}",
    "growth": "+{n} growth", "mulch": "mulch {n}", "gain": "{kind} to {to}", "recycle": "{n} basic{s} from discard to roots",
    "take_market": "take a market card up to {n}", "clear_market": "discard {n} market card{s}", "flood": "flood the market",
    "steal_root": "steal a root", "wilt_root": "wilt a root", "drought": "others lose a {kind}",
}


@dataclass(frozen=True)
class Effect:
    """One effect of an action card, from the vocabulary listed in cards.yaml."""

    do: Literal["draw", "energy", "buys", "actions", "growth", "mulch", "gain", "recycle", "take_market",
                "clear_market", "flood", "steal_root", "wilt_root", "drought"]
    amount: int = 1
    kind: Literal["", "sun", "dirt", "water", "basic"] = ""
    to: Literal["", "hand", "roots", "discard"] = ""

    def __post_init__(self) -> None:
        if self.amount < 1:
            raise ValueError(f"field 'amount': must be at least 1, got {self.amount}")
        if self.amount > MOST:
            raise ValueError(f"field 'amount': must be at most {MOST}, got {self.amount}")
        if self.do == "gain" and (not self.kind or not self.to):
            raise ValueError("a 'gain' effect needs a 'kind' and a 'to'")
        if self.do == "drought" and self.kind not in BASICS:
            raise ValueError("a 'drought' effect needs a 'kind' of sun, dirt or water")
        if self.do == "take_market" and self.to not in ("hand", "discard"):
            raise ValueError("a 'take_market' effect needs 'to: hand' or 'to: discard'")


@dataclass(frozen=True)
class Card:
    """One kind of Stumped card and how many of it one copy of the game holds."""

    id: str
    name: str
    type: Literal["basic", "energy", "action"]
    cost: int
    count: int
    art: str
    text: str
    energy: int = 0  # energy when played as energy: basic and energy cards only
    effects: tuple[Effect, ...] = ()

    def __post_init__(self) -> None:
        if self.cost < 0 or self.count < 1:
            raise ValueError("fields 'cost' and 'count': cost must not be negative, count at least 1")
        for name, most in (("cost", MOST), ("count", MOST_COPIES), ("energy", MOST)):
            if getattr(self, name) > most:
                raise ValueError(f"field '{name}': must be at most {most}, got {getattr(self, name)}")
        if self.type == "action" and (not self.effects or self.energy):
            raise ValueError("field 'effects': an action card needs effects and no 'energy'")
        if self.type != "action" and (self.effects or self.energy < 1):
            raise ValueError("field 'energy': basic and energy cards give 1 or more energy and have no effects")

    @property
    def summary(self) -> str:
        """Returns the card's effect in a few words ("+2 cards, +1 action"), for a card shown small."""
        if self.type == "basic":
            return "Roots, or +1 energy"
        if self.type == "energy":
            return f"+{self.energy} energy"
        parts = []
        for effect in self.effects:
            kind = {"basic": "any basic", "": ""}.get(effect.kind, effect.kind.capitalize())
            parts.append(SHORT[effect.do].format(n=effect.amount, s="s" if effect.amount != 1 else "",
                                                 kind=kind, to=effect.to))
        text = ", ".join(parts)
        return text[:1].upper() + text[1:]

    @property
    def touches_others(self) -> bool:
        """Returns whether this card does something to other players' roots."""
        return any(effect.do in OTHERS_EFFECTS for effect in self.effects)


@dataclass(frozen=True)
class TreeKind:
    """A tree size: each player's segment supply and the leaves that win."""

    segments: Mapping[str, int]
    win_leaves: int


@dataclass(frozen=True)
class Winter:
    """Our safety net: a game in which no tree grows for `idle_rounds` whole rounds in a row ends; the
    round counter warns `warn` rounds before."""

    idle_rounds: int = field(metadata=at_least(1, 200))
    warn: int = field(metadata=at_least(1, 200))


@dataclass(frozen=True)
class Numbers:
    """The rules' numbers from game.yaml."""

    hand_size: int = field(metadata=at_least(1, MOST))  # bounds: rulings.md
    action_plays: int = field(metadata=at_least(1, MOST))
    buys: int = field(metadata=at_least(1, MOST))
    growth_per_set: int = field(metadata=at_least(1, MOST))
    starting_deck: Mapping[str, int]
    market_rows: int = field(metadata=at_least(1, 4))
    market_columns: int = field(metadata=at_least(1, 8))
    action_cards: int = field(metadata=at_least(1, MOST_CARDS))
    grow_costs: Mapping[str, int]
    trees: Mapping[str, TreeKind]
    pieces: Mapping[str, int]  # the tree pieces of one copy of the game
    winter: Winter
    copies: Mapping[int, int]
    head_start: Mapping[int, tuple[tuple[str, ...], ...]]  # per number of players, per seat: cards to discard

    @property
    def market_size(self) -> int:
        """Returns the number of market slots."""
        return self.market_rows * self.market_columns

    def trees_fit(self, tree: str, players: int) -> bool:
        """Returns whether the copies of the game on a table of `players` hold a `tree` tree for each."""
        segments = self.trees[tree].segments
        return all(segments[kind] * players <= self.pieces[kind] * self.copies[players] for kind in SEGMENTS)


@dataclass(frozen=True)
class Hole:
    """A hole in a segment: where it lies along the segment and how it turns what grows in it."""

    id: str
    kind: Literal["trunk", "side", "end"]
    at: float
    turn: float = field(metadata=at_least(-180, 180))  # degrees


@dataclass(frozen=True)
class Shape:
    """A segment's length and holes."""

    id: str
    length: float = field(metadata=at_least(0, MOST_LENGTH))  # tree units (0 refused by _check_shapes)
    holes: tuple[Hole, ...]
    lean: float = 0.0  # what grows in its holes leans at most this far from upright (0: no limit) ...
    lean_keep: float = 0.3  # ... keeping this share of any turn beyond it (trees reach up, not down)

    def hole(self, hole_id: str) -> Hole:
        """Returns the hole with id `hole_id`; raises KeyError if there is none."""
        for hole in self.holes:
            if hole.id == hole_id:
                return hole
        raise KeyError(f"a {self.id} has no hole {hole_id!r}")


@dataclass(frozen=True, eq=False)
class Rules:
    """Everything Stumped reads from data: cards, numbers and tree shapes."""

    catalog: Catalog[Card]
    numbers: Numbers
    shapes: Mapping[str, Shape]

    def card(self, card: str) -> Card:
        """Returns the definition of a card id."""
        found = self.catalog.cards.get(card)  # a plain card id: one lookup (imagined games ask at every move)
        return found if found is not None else self.catalog[card]

    @functools.cached_property
    def types(self) -> dict[str, str]:
        """Returns each card id's type (basic, energy, action)."""
        return {card.id: card.type for card in self.catalog}

    @functools.cached_property
    def costs(self) -> dict[str, int]:
        """Returns each card id's cost."""
        return {card.id: card.cost for card in self.catalog}

    def name(self, card: str) -> str:
        """Returns the printed name of a card id."""
        return self.catalog[card].name

    @functools.cached_property
    def order(self) -> dict[str, int]:
        """Returns each card id's place in the catalog, to lay cards out in a fixed order."""
        return {card: index for index, card in enumerate(self.catalog.cards)}

    def in_order(self, cards: list[str]) -> list[str]:
        """Returns cards sorted in catalog order."""
        return sorted(cards, key=self.order.__getitem__)

    @functools.cached_property
    def action_ids(self) -> tuple[str, ...]:
        """Returns the ids of the action cards, in data order."""
        return tuple(card.id for card in self.catalog if card.type == "action")

    @functools.cached_property
    def pile_ids(self) -> tuple[str, ...]:
        """Returns the ids of the supply and energy piles (basic and energy cards), in data order."""
        return tuple(card.id for card in self.catalog if card.type != "action")


def _check_numbers(numbers: Numbers, where: str) -> None:
    """Raises DataError unless the numbers of game.yaml make sense."""
    for name in ("hand_size", "action_plays", "buys", "growth_per_set", "market_rows", "market_columns"):
        if getattr(numbers, name) < 1:
            raise DataError(f"{where}: field '{name}': must be at least 1")
    for name in ("starting_deck", "grow_costs", "pieces", "copies"):
        for key, count in getattr(numbers, name).items():
            if count > (MOST_PIECES if name == "pieces" else 4 if name == "copies" else MOST):
                raise DataError(f"{where}: field '{name}': {key} is more than the game can hold, got {count}")
    for tree_name, tree in numbers.trees.items():
        if max(tree.segments.values(), default=0) > MOST_PIECES or tree.win_leaves > MOST_PIECES:
            raise DataError(f"{where}: field 'trees[{tree_name!r}]': at most {MOST_PIECES} of each piece")
    if set(numbers.grow_costs) != set(SEGMENTS) or min(numbers.grow_costs.values()) < 1:
        raise DataError(f"{where}: field 'grow_costs': needs a cost of 1 or more for each of {', '.join(SEGMENTS)}")
    if set(numbers.trees) != {"standard", "epic"}:
        raise DataError(f"{where}: field 'trees': needs exactly 'standard' and 'epic'")
    for name, tree in numbers.trees.items():
        if set(tree.segments) != set(SEGMENTS) or tree.segments["trunk"] != 1:
            raise DataError(f"{where}: field 'trees[{name!r}].segments': needs {', '.join(SEGMENTS)} with 1 trunk")
        if not 1 <= tree.win_leaves <= tree.segments["leaf"]:
            raise DataError(f"{where}: field 'trees[{name!r}]': win_leaves must be 1 to the leaves in the supply")
    if set(numbers.pieces) != set(SEGMENTS) or min(numbers.pieces.values()) < 1:
        raise DataError(f"{where}: field 'pieces': needs 1 or more of each of {', '.join(SEGMENTS)}")
    if not 1 <= numbers.winter.warn <= numbers.winter.idle_rounds:
        raise DataError(f"{where}: field 'winter': idle_rounds at least 1 and warn from 1 to idle_rounds")
    if sorted(numbers.copies) != list(range(2, 9)) or min(numbers.copies.values()) < 1:
        raise DataError(f"{where}: field 'copies': needs 1 or more copies for each of 2 to 8 players")
    for players in numbers.copies:
        if not numbers.trees_fit("standard", players):
            raise DataError(f"{where}: field 'pieces': too few for {players} standard trees")
    if sorted(numbers.head_start) != list(range(2, 9)):
        raise DataError(f"{where}: field 'head_start': needs an entry for each of 2 to 8 players")
    for players, starts in numbers.head_start.items():
        if len(starts) != players:
            raise DataError(f"{where}: field 'head_start[{players}]': needs one entry per seat, {players} in all")
        for place, start in enumerate(starts):
            if any(card not in BASICS + ENERGY for card in start):
                raise DataError(f"{where}: field 'head_start[{players}][{place}]': only basic and energy cards "
                                "may be given")


def _check_cards(catalog: Catalog[Card], numbers: Numbers, where: str) -> None:
    """Raises DataError unless the cards fit the rules: the three basics, pairs of action cards, counts."""
    basics = tuple(card.id for card in catalog if card.type == "basic")
    if basics != BASICS:
        raise DataError(f"{where}: the basic cards must be exactly {', '.join(BASICS)} in that order, not {basics}")
    if tuple(card.id for card in catalog if card.type == "energy") != ENERGY:
        raise DataError(f"{where}: the energy cards must be exactly {', '.join(ENERGY)} in that order")
    for index, card in enumerate(catalog):
        if card.type == "action" and card.count % 2:
            raise DataError(f"{where}: cards[{index}] (id {card.id!r}): field 'count': action cards come in pairs")
    actions = sum(card.count for card in catalog if card.type == "action")
    if actions != numbers.action_cards:
        raise DataError(f"{where}: the action cards add up to {actions}, not the {numbers.action_cards} of game.yaml")
    for seed, count in numbers.starting_deck.items():
        if seed not in catalog.cards or count < 0:
            raise DataError(f"game.yaml: field 'starting_deck': {seed!r} is not a card of {where}")
    for players, copies in numbers.copies.items():
        needed = Counter({card: count * players for card, count in numbers.starting_deck.items()})
        needed += Counter(card for start in numbers.head_start[players] for card in start)
        for card, count in needed.items():
            if catalog[card].count * copies < count:
                raise DataError(f"{where}: too few {card!r} cards for {players} players' starting decks and head starts")


def _check_shapes(shapes: Mapping[str, Shape], where: str) -> None:
    """Raises DataError unless every segment has a shape and holes fit what grows in them."""
    if set(shapes) != set(SEGMENTS):
        raise DataError(f"{where}: needs a shape for each of {', '.join(SEGMENTS)}")
    kinds = {"trunk": {"trunk"}, "branch": {"side", "end"}, "leaf": set(), "fruit": set()}
    for shape in shapes.values():
        found = {hole.kind for hole in shape.holes}
        if found != kinds[shape.id] or len({h.id for h in shape.holes}) != len(shape.holes):
            raise DataError(f"{where}: segments (id {shape.id!r}): field 'holes': needs distinct holes of kinds "
                            f"{sorted(kinds[shape.id]) or 'none'}")
        if shape.length <= 0 or any(not 0 < hole.at <= 1 for hole in shape.holes):
            raise DataError(f"{where}: segments (id {shape.id!r}): a length above 0 and holes at 0 < at <= 1")
        if not 0 <= shape.lean <= 180 or not 0 <= shape.lean_keep <= 1:
            raise DataError(f"{where}: segments (id {shape.id!r}): field 'lean': 0 to 180 degrees, 'lean_keep' 0 to 1")
    if sum(hole.kind == "end" for hole in shapes["branch"].holes) != 1:
        raise DataError(f"{where}: segments (id 'branch'): field 'holes': a branch has exactly one end")


@functools.lru_cache(maxsize=4)
def load_rules(folder: Path = DATA) -> Rules:
    """Returns the rules' data from `folder` (cards.yaml, game.yaml, tree.yaml), checked for consistency."""
    card_file, game_file, tree_file = folder / "cards.yaml", folder / "game.yaml", folder / "tree.yaml"
    numbers = load_one(game_file, Numbers)
    _check_numbers(numbers, str(game_file))
    catalog = Catalog.load(card_file, Card)
    _check_cards(catalog, numbers, str(card_file))
    shapes = {shape.id: shape for shape in load_list(tree_file, "segments", Shape)}
    _check_shapes(shapes, str(tree_file))
    return Rules(catalog, numbers, shapes)
