"""The base of every game state: the contract the table, the bots and the tests rely on."""
from __future__ import annotations

import copy
import random
from typing import Any, Sequence

from games.core.actions import Action, Event
from games.core.errors import IllegalAction


class State:
    """One position of a game. Subclasses implement the underscored hooks and the queries."""

    game_id: str = ""

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        self.players = players
        self.options = dict(options)
        self.seed = seed
        self.rng = random.Random(seed)
        self.viewer: int | None = None  # set on views: the seat this copy was made for

    # --- the contract -------------------------------------------------------------------
    def current_player(self) -> int | None:
        """Returns the seat that must decide now, or None when the game is over."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """Returns the options of the seat to move (empty when the game is over)."""
        cached = self.__dict__.get("_legal")
        if cached is None:
            cached = self._legal = tuple(self._legal_actions())
        return list(cached)

    def _legal_actions(self) -> list[Action]:
        """Computes the options of the seat to move (subclass hook; `legal_actions` caches it)."""
        raise NotImplementedError

    def apply(self, action: Action) -> list[Event]:
        """Plays `action` for the seat to move and returns what happened.

        Raises IllegalAction, leaving the state unchanged, if the action is not legal now.
        """
        if self.viewer is not None:
            raise IllegalAction("a view cannot be played on")
        if self.is_over() or action not in self.legal_actions():
            raise IllegalAction(f"not a legal action now: {action!r}")
        self._legal = None
        return self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        """Plays a legal action (subclass hook)."""
        raise NotImplementedError

    def is_over(self) -> bool:
        """Returns whether the game has ended."""
        return self.current_player() is None

    def scores(self) -> list[int]:
        """Returns one score per seat."""
        raise NotImplementedError

    def score_details(self) -> list[list[tuple[str, int]]]:
        """Returns, per seat, the (category, value) rows the game-over screen shows."""
        return [[("Score", score)] for score in self.scores()]

    def winners(self) -> list[int]:
        """Returns the winning seats (all seats with the best score) once the game is over."""
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def view(self, seat: int | None) -> "State":
        """Returns a copy in which everything `seat` may not see is unknown (None: a spectator)."""
        view = self.clone()
        view._legal = None
        view.viewer = -1 if seat is None else seat
        view.rng = random.Random(0)  # a view must not predict the future
        view._hide(seat)
        return view

    def _hide(self, seat: int | None) -> None:
        """Replaces what `seat` may not see with unknowns (subclass hook)."""
        raise NotImplementedError

    def clone(self) -> "State":
        """Returns a deep copy, random generator included."""
        return copy.deepcopy(self)

    def to_dict(self) -> dict[str, Any]:
        """Returns the whole state as JSON-safe plain data."""
        return copy.deepcopy({
            "game": self.game_id,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "rng": rng_to_data(self.rng),
            **self._fields_to_dict(),
        })

    def _fields_to_dict(self) -> dict[str, Any]:
        """Returns the game's own fields as plain data (subclass hook)."""
        raise NotImplementedError

    @classmethod
    def from_dict(cls, data: Any) -> "State":
        """Returns a state rebuilt from `to_dict` output; raises ValueError if it is malformed."""
        if not isinstance(data, dict) or data.get("game") != cls.game_id:
            raise ValueError(f"not a {cls.game_id} state")
        state = cls.__new__(cls)
        try:
            state.players = int(data["players"])
            state.options = dict(data["options"])
            state.seed = int(data["seed"])
            state.rng = rng_from_data(data["rng"])
            state.viewer = None
            state._legal = None
            state._fields_from_dict(data)
        except (KeyError, TypeError, IndexError, AttributeError) as error:
            raise ValueError(f"damaged {cls.game_id} state ({type(error).__name__}: {error})") from None
        return state

    def _fields_from_dict(self, data: dict[str, Any]) -> None:
        """Restores the game's own fields from plain data (subclass hook)."""
        raise NotImplementedError

    def rng_fingerprint(self) -> Any:
        """Returns the random generator's state, to tell whether randomness was used."""
        return self.rng.getstate()

    def sides(self) -> list[str]:
        """Returns what each seat plays as (an army, a faction), for statistics; empty if nothing."""
        return []

    def status(self, names: Sequence[str] = ()) -> str:
        """Returns one line telling the seat to move what to do now."""
        return ""


def rng_to_data(rng: random.Random) -> list[Any]:
    """Returns a random generator's state as JSON-safe lists."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_data(data: Any) -> random.Random:
    """Returns a random generator restored from `rng_to_data` output; raises ValueError if bad."""
    try:
        version, internal, gauss = data
        rng = random.Random()
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError) as error:
        raise ValueError(f"damaged random generator state ({error})") from None
    return rng
