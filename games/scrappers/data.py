"""Scrappers data: the factory floor, the parts, the action cards and the rules' numbers, loaded
from data/scrappers/ and checked (counts, references between files, the board's loop)."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from games.core.cards import C, Catalog, kind_of
from games.core.data import load_one
from games.core.errors import DataError
from games.core.game import DATA_ROOT
from games.scrappers.board import Board, load_board

DATA = DATA_ROOT / "scrappers"
BODGER_BUTTONS = ("step", "dash", "jump", "switch")
PLAIN_BUTTONS = ("draw", "discard", "forward", "reverse")  # always black: they act on you or the belt
UNIVERSAL = "universal"


RULE_BOUNDS = {"hand_size": 10, "setup_reveal": 10, "tussle_draw": 10, "keelie_card_draw": 10,
               "keelie_cards_per_turn": 10, "plugs_per_core": 8, "round_limit": 200, "standard_cards": 400,
               "character_cards": 400, "parts": 400}  # the most each number of rules.yaml may be


@dataclass(frozen=True)
class Button:
    """One action button: what it does and which bodgers it affects (black, red or blue)."""

    do: Literal["step", "dash", "jump", "switch", "draw", "discard", "forward", "reverse", "guppy"]
    colour: Literal["black", "red", "blue"] = "black"
    symbol: str = ""  # guppy buttons: the component symbol of the spaces Guppy may go to

    def __post_init__(self) -> None:
        if self.do in PLAIN_BUTTONS and self.colour != "black":
            raise ValueError(f"field 'colour': a {self.do} button is always black")
        if (self.do == "guppy") != bool(self.symbol):
            raise ValueError("field 'symbol': guppy buttons need a symbol, other buttons have none")

    @functools.cached_property
    def label(self) -> str:
        """Returns the button as printed: 'STEP (red)', 'FORWARD', 'GUPPY: gear' (worked out once: the rules
        name a button in every decision they ask about it)."""
        if self.do == "guppy":
            return f"GUPPY: {self.symbol}"
        if self.do in PLAIN_BUTTONS:
            return self.do.upper()
        return f"{self.do.upper()} ({self.colour})"


@dataclass(frozen=True)
class ActionCard:
    """An action card: buttons in rows from top to bottom (a row of two is a hazard-tape pair)."""

    id: str
    name: str
    deck: Literal["standard", "keelie", "guppy"]
    count: int
    symbols: int
    rows: tuple[tuple[Button, ...], ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.rows) <= 3 or any(not 1 <= len(row) <= 2 for row in self.rows):
            raise ValueError("field 'rows': one to three rows of one button or a hazard-tape pair")
        if self.count < 1 or self.symbols < 0:
            raise ValueError("fields 'count' and 'symbols': count at least 1, symbols not negative")
        if self.count > 99 or self.symbols > 9:
            raise ValueError(f"fields 'count' and 'symbols': at most 99 cards and 9 symbols, got {self.count} and {self.symbols}")
        guppy = [button.do == "guppy" for row in self.rows for button in row]
        if (self.deck == "guppy") != all(guppy) or (self.deck != "guppy" and any(guppy)):
            raise ValueError("field 'rows': Guppy cards have only guppy buttons, other cards none")


@dataclass(frozen=True)
class Part:
    """A part card: a core with four coloured connectors or a plug with one connector."""

    id: str
    name: str
    kind: Literal["core", "plug"]
    count: int
    button: Button
    connectors: tuple[str, ...] = ()
    colour: str = ""

    def __post_init__(self) -> None:
        if not 1 <= self.count <= 99:
            raise ValueError(f"field 'count': must be between 1 and 99, got {self.count}")
        if self.kind == "core" and (not self.connectors or self.colour):
            raise ValueError("field 'connectors': a core has connectors and no colour")
        if self.kind == "plug" and (self.connectors or not self.colour):
            raise ValueError("field 'colour': a plug has one colour and no connectors")
        if self.button.do == "guppy":
            raise ValueError("field 'button': parts have no guppy buttons")


@dataclass(frozen=True)
class Token:
    """A bodger token."""

    id: str
    name: str
    colour: str


@dataclass(frozen=True)
class Rules:
    """The rules' numbers and the bodger tokens (rules.yaml)."""

    colours: tuple[str, ...]
    bodgers: tuple[Token, ...]
    keelie: Token
    guppy: Token
    hand_size: int
    setup_reveal: int
    tussle_draw: int
    keelie_card_draw: int
    keelie_cards_per_turn: int
    plugs_per_core: int
    round_limit: int
    standard_cards: int
    character_cards: int
    parts: int


@dataclass(frozen=True, eq=False)
class GameData:
    """Everything Scrappers reads from data/scrappers/."""

    board: Board
    rules: Rules
    cards: Catalog[ActionCard]
    parts: Catalog[Part]

    @functools.cached_property
    def tokens(self) -> dict[str, Token]:
        """Returns every bodger token by id, Keelie and Guppy included."""
        return {t.id: t for t in self.rules.bodgers + (self.rules.keelie, self.rules.guppy)}

    def action_deck(self, keelie: bool, guppy: bool) -> list[str]:
        """Returns one instance id per action card in a game with these optional rules (a list of its own)."""
        return list(self._action_deck(keelie, guppy))

    @functools.lru_cache(maxsize=4)
    def _action_deck(self, keelie: bool, guppy: bool) -> tuple[str, ...]:
        """Returns `action_deck`, worked out once per game data and optional rules (each imagined world asks)."""
        decks = {"standard"} | ({"keelie"} if keelie else set()) | ({"guppy"} if guppy else set())
        return tuple(c for c in self.cards.instances() if self.cards[c].deck in decks)

    @functools.cached_property
    def symbols(self) -> dict[str, int]:
        """Returns the tussle symbols of every card id and card instance id (the bots count them at every step)."""
        return {card: self.cards[card].symbols for card in self.cards.instances() + list(self.cards.cards)}

    def name(self, bodger: str) -> str:
        """Returns a bodger token's name."""
        return self.tokens[bodger].name


class Instances(Catalog[C]):
    """A catalog that finds the definition of a card instance id ("gear#3") in one lookup, as of a card id:
    the rules and the bots look cards up by instance id at every step of the bots' searches."""

    def __init__(self, catalog: Catalog[C]) -> None:
        super().__init__(tuple(catalog), catalog.where)
        self._instances = tuple(super().instances())
        self.by_instance = {instance: self.cards[kind_of(instance)] for instance in self._instances}
        self.by_instance.update(self.cards)

    def instances(self, copies: int = 1) -> list[str]:
        """Returns one stable instance id per physical card (a list of its own; one copy's worked out once)."""
        return list(self._instances) if copies == 1 else super().instances(copies)

    def __getitem__(self, card: str) -> C:
        """Returns the definition of a card id or of a card instance id."""
        try:
            return self.by_instance[card]
        except KeyError:
            return super().__getitem__(card)


@functools.lru_cache(maxsize=4)
def load_data(folder: Path = DATA) -> GameData:
    """Returns the game data in `folder`, checked for counts and cross-references."""
    board = load_board(folder / "board.yaml")
    rules = load_one(folder / "rules.yaml", Rules)
    cards = Catalog.load(folder / "actions.yaml", ActionCard)
    parts = Catalog.load(folder / "parts.yaml", Part, key="parts")
    _check_rules(rules, folder / "rules.yaml")
    _check_cards(cards, board, rules, folder / "actions.yaml")
    _check_parts(parts, rules, folder / "parts.yaml")
    return GameData(board, rules, Instances(cards), Instances(parts))


def _check_rules(rules: Rules, path: Path) -> None:
    """Raises DataError unless the tokens are four distinct bodgers and the numbers make sense."""
    ids = [t.id for t in rules.bodgers] + [rules.keelie.id, rules.guppy.id]
    if len(rules.bodgers) != 4 or len(set(ids)) != len(ids):
        raise DataError(f"{path}: field 'bodgers': four standard bodgers, every token id different")
    for name in ("hand_size", "setup_reveal", "plugs_per_core", "keelie_cards_per_turn", "round_limit"):
        if getattr(rules, name) < 1:
            raise DataError(f"{path}: field '{name}': must be at least 1")
    for name, most in RULE_BOUNDS.items():  # rulings.md: what an edited rules.yaml may say
        if not 0 <= getattr(rules, name) <= most:
            raise DataError(f"{path}: field '{name}': must be between 0 and {most}, got {getattr(rules, name)}")
    if UNIVERSAL in rules.colours:
        raise DataError(f"{path}: field 'colours': {UNIVERSAL!r} is not a colour")


def _check_cards(cards: Catalog[ActionCard], board: Board, rules: Rules, path: Path) -> None:
    """Raises DataError unless symbols exist on the board and the decks hold the expected counts."""
    for card in cards:
        for row in card.rows:
            for button in row:
                if button.do == "guppy" and button.symbol not in board.symbols:
                    raise DataError(f"{path}: card {card.id!r}: field 'rows': no board space shows "
                                    f"the symbol {button.symbol!r}")
    standard = sum(c.count for c in cards if c.deck == "standard")
    characters = sum(c.count for c in cards if c.deck != "standard")
    if standard != rules.standard_cards or characters != rules.character_cards:
        raise DataError(f"{path}: {standard} standard and {characters} Keelie and Guppy cards, expected "
                        f"{rules.standard_cards} and {rules.character_cards} (rules.yaml)")
    for deck in ("keelie", "guppy"):
        if not any(c.deck == deck for c in cards):
            raise DataError(f"{path}: no {deck} cards")


def _check_parts(parts: Catalog[Part], rules: Rules, path: Path) -> None:
    """Raises DataError unless colours are known and there are the expected number of parts."""
    for part in parts:
        colours = part.connectors if part.kind == "core" else (part.colour,)
        allowed = rules.colours + ((UNIVERSAL,) if part.kind == "plug" else ())
        bad = [c for c in colours if c not in allowed]
        if bad:
            field = "connectors" if part.kind == "core" else "colour"
            raise DataError(f"{path}: part {part.id!r}: field '{field}': unknown colour {bad[0]!r}")
        if part.kind == "core" and len(part.connectors) != rules.plugs_per_core:
            raise DataError(f"{path}: part {part.id!r}: field 'connectors': a core has "
                            f"{rules.plugs_per_core} connectors (rules.yaml)")
    total = sum(p.count for p in parts)
    if total != rules.parts:
        raise DataError(f"{path}: {total} parts, expected {rules.parts} (rules.yaml)")
    if not any(p.kind == "core" for p in parts) or not any(p.kind == "plug" for p in parts):
        raise DataError(f"{path}: the parts need both cores and plugs")
