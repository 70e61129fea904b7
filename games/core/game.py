"""The description of a game: its id, player counts, variants, and how to make states."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from games.core.actions import Action, action_from_dict
from games.core.errors import DataError
from games.core.search_profile import SearchProfile
from kitchen_table.paths import DATA_ROOT  # data/ of a checkout, or of the installed package

OURS = "our rule, not the rulebook's"  # how a table's list of variants marks one of ours
MESSAGE_LENGTH = 400  # a data error shown to players is one line of at most this many characters
_DATA_PATH = re.compile(r"(?:[^\s:'\"]*/)?([^/\s:'\"]+/[^/\s:'\"]+\.(?:yaml|yml|txt|md))")


def data_message(error: Exception | str) -> str:
    """Returns a data error as one short line, its file named from the data folder ('data/crumbs/maps.yaml: ...')."""
    text = _DATA_PATH.sub(lambda m: f"data/{m.group(1)}", " ".join(str(error).split()))
    return text if len(text) <= MESSAGE_LENGTH else text[:MESSAGE_LENGTH - 3] + "..."


@dataclass(frozen=True)
class Choice:
    """One value of a variant option, offered only for the listed player counts (all if empty).

    `ours` is empty for the rulebook's own rule; a choice that departs from the rulebook (our balance aid
    or convenience) says here, in one line, why a table might pick it and the figure that justifies it.
    The setup screen marks such a choice "our rule" and the rules viewer lists it; it is never a default.
    """

    value: Any
    label: str
    players: tuple[int, ...] = ()
    ours: str = ""

    def allows(self, players: int) -> bool:
        """Returns whether this choice may be picked with `players` seats."""
        return not self.players or players in self.players


@dataclass(frozen=True)
class Option:
    """A variant a table chooses at setup, such as the Beginner or Advanced game.

    `only_if` ({"race": True}) says the option matters only while those other options have those
    values: the setup screen hides it otherwise, and the game does not read it.
    """

    id: str
    label: str
    choices: tuple[Choice, ...]
    help: str = ""
    only_if: Mapping[str, Any] | tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        """Keeps `only_if` as sorted (option id, value) pairs, so an Option stays hashable."""
        pairs = self.only_if.items() if isinstance(self.only_if, Mapping) else self.only_if
        object.__setattr__(self, "only_if", tuple(sorted(pairs, key=lambda pair: pair[0])))

    def conditions(self) -> tuple[tuple[str, Any], ...]:
        """Returns `only_if` as the (option id, value) pairs __post_init__ keeps."""
        return tuple(self.only_if.items()) if isinstance(self.only_if, Mapping) else self.only_if

    def applies(self, options: Mapping[str, Any]) -> bool:
        """Returns whether this option matters with the other options set to `options`."""
        return all(options.get(key) == value for key, value in self.conditions())

    def choices_for(self, players: int) -> list[Choice]:
        """Returns the choices open to a table of `players`."""
        return [c for c in self.choices if c.allows(players)]

    def default_for(self, players: int) -> Any:
        """Returns the first choice open to `players`."""
        return self.choices_for(players)[0].value


@dataclass(frozen=True)
class Game:
    """A registered game: metadata plus the functions that build and restore its states."""

    id: str
    title: str
    min_players: int
    max_players: int
    option_list: Callable[[], tuple[Option, ...]]  # called once, when first needed (may read data files)
    blurb: str
    action_kinds: tuple[type[Action], ...]
    make_state: Callable[..., Any]
    restore_state: Callable[[Mapping[str, Any]], Any]
    bots: tuple[Any, ...] = ()  # BotKinds, the default first
    private_views: bool = True  # False: nothing is secret between players, so no hand-off screens
    handoff: str = "full"  # "full": a screen hides everything; "light": only the private parts are covered
    first_seat_event: str | None = None  # the kind of event whose "seat" went first (None: seat 1 always does)
    first_seat_label: str = "the seat that went first"  # for statistics: who that is, in the game's words
    first_seat_key: str = "seat"  # the field of that event's data that holds the seat
    view: str = ""  # the view that draws it, as "graphics.views.<module>:<Class>" (games/ never imports pygame)
    data_folder: Path | None = None  # where its data files live (None: data/<id>; a game kept in tests has its own)
    check_data: Callable[[], Any] | None = None  # loads and checks every data file the rules read; raises DataError
    search: SearchProfile = field(default_factory=SearchProfile)  # what the game tells the Hard level's search
    rules_version: int = 1  # raised when a change of rules makes this game's older saves replay otherwise
    longest_game: int | None = None  # the most moves a save may hold: what real games reach, with a wide margin

    @functools.cached_property
    def levels(self) -> tuple[Any, ...]:
        """Returns the Easy, Normal and Hard bots a setup offers for a bot seat."""
        from games.core.levels import level_kinds
        return level_kinds(self)

    @functools.cached_property
    def options(self) -> tuple[Option, ...]:
        """Returns the variants a table chooses from at setup; raises ValueError if an option depends
        on an option the game does not have."""
        options = tuple(self.option_list())
        ids = {option.id for option in options}
        for option in options:
            for key, _ in option.conditions():
                if key not in ids or key == option.id:
                    raise ValueError(f"{self.title}: option {option.id!r} depends on {key!r}, not another option")
            for players in range(self.min_players, self.max_players + 1):
                open_here = option.choices_for(players)
                if open_here and open_here[0].ours:
                    raise ValueError(f"{self.title}: option {option.id!r} defaults to our rule "
                                     f"{open_here[0].label!r} at {players} players; the rulebook's way comes first")
        return options

    def table_rules(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """Returns a line per variant that matters to this table: its name and choice, and for a rule of ours
        (not the rulebook's) why it is there."""
        lines = []
        for option in self.options:
            choice = next((c for c in option.choices_for(players) if c.value == options.get(option.id)), None)
            if choice is None or not option.applies(options):
                continue
            lines.append(f"{option.label}: {choice.label}" + (f" ({OURS}. {choice.ours})" if choice.ours else ""))
        return lines

    def data_problem(self) -> str | None:
        """Returns what is wrong with this game's data files as one line (file, entry, field), or None.
        Uses `check_data`; a game without one is checked by reading its variants and making an opening state."""
        try:
            if self.check_data is not None:
                self.check_data()
            else:
                self._open_with_defaults()
        except DataError as error:
            return data_message(error)
        return None

    def _open_with_defaults(self) -> None:
        """Reads the variants afresh and makes an opening state with the defaults (which loads the data)."""
        options = self.option_list()
        for players in range(self.min_players, self.max_players + 1):
            if all(option.choices_for(players) for option in options):
                self.make_state(players, {o.id: o.default_for(players) for o in options}, 0)
                return
        raise DataError(f"{self.title}: no number of players has a choice for every variant")

    def player_counts(self) -> list[int]:
        """Returns the numbers of seats for which every option has a choice."""
        return [n for n in range(self.min_players, self.max_players + 1)
                if all(option.choices_for(n) for option in self.options)]

    def resolve_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Returns complete options for `players`; raises ValueError on a bad player count or value."""
        if players not in self.player_counts():
            counts = ", ".join(map(str, self.player_counts()))
            raise ValueError(f"{self.title} is played by {counts} players, not {players}")
        options = dict(options or {})
        unknown = set(options) - {o.id for o in self.options}
        if unknown:
            raise ValueError(f"{self.title} has no option {sorted(unknown)[0]!r}")
        resolved = {}
        for option in self.options:
            allowed = [c.value for c in option.choices_for(players)]
            value = options.get(option.id, allowed[0])
            if value not in allowed:
                raise ValueError(f"{option.label}: {value!r} is not open to {players} players")
            resolved[option.id] = value
        return resolved

    def new_state(self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0):
        """Returns the opening state for `players` seats, the given variants and seed."""
        return self.make_state(players, self.resolve_options(players, options), seed)

    def state_from_dict(self, data: Mapping[str, Any]):
        """Returns a state rebuilt from `State.to_dict` output; raises ValueError if malformed."""
        return self.restore_state(data)

    def action_from_dict(self, data: Any) -> Action:
        """Returns an action of this game rebuilt from `Action.to_dict` output."""
        return action_from_dict(self.action_kinds, data)

    def bot_kind(self, bot_id: str):
        """Returns the BotKind with id `bot_id` (a level or one of the game's own bots); raises KeyError
        if this game has none such."""
        for kind in (*self.levels, *self.bots):
            if kind.id == bot_id:
                return kind
        raise KeyError(f"{self.title} has no bot {bot_id!r}")

    def data_dir(self) -> Path:
        """Returns this game's data folder: data/<id> unless the game names its own."""
        return self.data_folder or DATA_ROOT / self.id

    def rules_text(self) -> list[tuple[str, str]]:
        """Returns (heading, text) pairs: the rulebook and our rulings, for the rules viewer."""
        parts = []
        rulebook = self.data_dir() / "rulebook.txt"
        if rulebook.exists():
            parts.append(("Rulebook", rulebook.read_text(encoding="utf-8")))
        rulings = self.data_dir() / "rulings.md"
        if rulings.exists():
            parts.append(("Kitchen Table rulings", rulings.read_text(encoding="utf-8")))
        return parts

