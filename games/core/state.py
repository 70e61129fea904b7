"""The base of every game state: the contract the table, the bots and the tests rely on."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Sequence

from games.core.actions import Action, Event
from games.core.errors import IllegalAction
from games.core.record import Record, _codec

if TYPE_CHECKING:
    from games.core.decisions import Decision

SPECTATOR = -1  # the `viewer` of a view made for nobody in particular: what the whole table sees


class State(Record):
    """One position of a game, declared as annotated fields (see games/core/record.py).

    Subclasses implement `current_player`, `_legal_actions`, `_apply`, `scores`, `_hide` and
    `_fill_hidden`; `check` and `search_actions` are optional refinements.
    """

    game_id: ClassVar[str] = ""
    players: int
    options: Mapping[str, Any]  # read-only once made: copies share it
    rng: random.Random | None  # None in a view: a view must not predict the future
    viewer: int | None  # None: the full state; SPECTATOR or a seat: a view made for it
    imagined: ClassVar[bool] = False  # True on a search's imagined game (`imagine`): nobody reads its events

    def __init__(self, players: int, options: Mapping[str, Any], seed: int) -> None:
        self.players = players
        self.options = dict(options)
        self.rng = random.Random(seed)
        self.viewer = None

    # --- the contract -------------------------------------------------------------------
    def current_player(self) -> int | None:
        """Returns the seat that must decide now, or None when the game is over."""
        raise NotImplementedError

    def pending_decision(self) -> Decision | None:
        """Returns the decision being made now (its kind, seat and prompt), or None; the search reads its kind.
        Games on the declared flow (games.core.flow.FlowState) answer it."""
        return None

    def legal_actions(self) -> list[Action]:
        """Returns the options of the seat to move (empty when the game is over)."""
        return list(self._legal_tuple())

    def _legal_tuple(self) -> tuple[Action, ...]:
        """Returns the cached options of the seat to move."""
        cached = self.__dict__.get("_legal")
        if cached is None:
            cached = tuple(self._legal_actions())
            self._legal: tuple[Action, ...] | None = cached  # dropped (None) by apply
        return cached

    def _legal_actions(self) -> list[Action]:
        """Computes the options of the seat to move (subclass hook; `legal_actions` caches it)."""
        raise NotImplementedError

    def search_actions(self) -> list[Action]:
        """Returns the options worth searching: no back-outs, open-ended choices narrowed (never empty)."""
        actions = [action for action in self._legal_tuple() if not action.back_out]
        return actions or self.legal_actions()

    def imagine(self) -> None:
        """Marks this position as an imagined game's (a search's world, readied by the game's
        `SearchProfile.world`): nobody reads what its moves return, so a game may leave the events and their
        log text out where `imagined` is set (the position itself plays exactly the same). Clones stay imagined."""
        self.imagined = True  # type: ignore[misc]  # the class says False for every other position

    def apply(self, action: Action) -> list[Event]:
        """Plays `action` for the seat to move and returns what happened (perhaps less of it in an imagined game).

        Raises IllegalAction, leaving the state unchanged, if the action is not legal now.
        """
        if self.viewer is not None:
            raise IllegalAction("a view cannot be played on")
        legal = self._legal_tuple()
        for candidate in legal:
            if candidate is action:
                break
        else:
            if action not in legal:
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

    def tie_break(self, names: Sequence[str]) -> str | None:
        """Returns one line saying how a tie for the best score was broken ("Ann and Bob tie on 39: Ann has
        more coins left, 6 to 4"), or None if the best score was not tied or the tie is shared."""
        return None

    def why_not(self, target: Any) -> str | None:
        """Returns one line, in the rules' words, saying why the seat to move cannot act on `target` now
        ("Shields never attack"), or None if it can or the game has nothing to say. `target` is a rules-level
        place (the view maps its hover keys to it with GameView.target_of); called on the deciding seat's
        view, so it may use only what that seat can see."""
        return None

    def rivals(self) -> list[tuple[str, int]]:
        """Returns (name, score) for opponents that the rules themselves play, seated nowhere (a solo
        game's Automa); empty if none. `winners()` may be empty only when such a rival won."""
        return []

    def rival_details(self) -> list[list[tuple[str, int]]]:
        """Returns, per rival of `rivals()`, the (category, value) rows the game-over screen shows
        (categories named as in `score_details`); empty rows if the game gives none."""
        return [[] for _ in self.rivals()]

    def status(self, names: Sequence[str] = ()) -> str:
        """Returns one line telling the seat to move what to do now."""
        return ""

    def statistics(self) -> dict[str, float]:
        """Returns named figures about a finished game for the simulator's report (rounds played, ...);
        none unless the game says."""
        return {}

    def sides(self) -> list[str]:
        """Returns what each seat plays as (an army, a faction), for statistics; empty if nothing."""
        return []

    # --- hidden information -------------------------------------------------------------
    def view(self, seat: int | None) -> "State":
        """Returns a copy in which everything `seat` may not see is unknown (None: a spectator)."""
        view = _codec(type(self)).clone(self)
        view.rng = None
        view.viewer = SPECTATOR if seat is None else seat
        view._hide(seat)
        return view

    def _hide(self, seat: int | None) -> None:
        """Replaces what `seat` may not see with unknowns (subclass hook)."""
        raise NotImplementedError

    def seat_of_view(self) -> int | None:
        """Returns the seat a view was made for (None for a spectator's view or a full state)."""
        return None if self.viewer is None or self.viewer == SPECTATOR else self.viewer

    def determinize(self, rng: random.Random) -> "State":
        """Returns a full, playable state consistent with everything this view's seat has seen.

        Unknowns are drawn at random under the game's own prior; the result has its own
        generator seeded from `rng`, and its `view(seat)` equals this view. On a full state it is
        a clone with a fresh generator.
        """
        state = _codec(type(self)).clone(self)
        state.rng = random.Random(rng.getrandbits(64))
        if self.viewer is not None:
            state.viewer = None
            state._fill_hidden(self.seat_of_view(), rng)
        return state

    def _fill_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Replaces every unknown with a value consistent with what `seat` has seen (subclass hook)."""
        raise NotImplementedError

    # --- copies and plain data ----------------------------------------------------------
    def clone(self) -> "State":
        """Returns an independent copy, random generator included (the legal actions stay cached)."""
        other = _codec(type(self)).clone(self)
        legal = self.__dict__.get("_legal")
        if legal is not None:
            other._legal = legal
        if self.imagined:
            other.imagine()
        return other

    def to_dict(self) -> dict[str, Any]:
        """Returns the whole state as JSON-safe plain data."""
        return {"game": self.game_id, **super().to_dict()}

    @classmethod
    def from_dict(cls, data: Any) -> "State":
        """Returns a state rebuilt from `to_dict` output; raises ValueError if it is malformed."""
        if not isinstance(data, dict) or data.get("game") != cls.game_id:
            raise ValueError(f"not a {cls.game_id} state")
        try:
            state = _codec(cls).from_dict(data, "state")
            if state.viewer is not None:
                raise ValueError("a view cannot be played on")
            if state.rng is None:
                raise ValueError("the random generator is missing")
            state.check()
        except (KeyError, TypeError, IndexError, AttributeError) as error:
            raise ValueError(f"damaged {cls.game_id} state ({type(error).__name__}: {error})") from None
        return state

    def check(self) -> None:
        """Raises ValueError unless the position is whole (cards conserved and the like); game hook."""

    def rng_fingerprint(self) -> Any:
        """Returns the random generator's state, to tell whether randomness was used."""
        return self.rng.getstate() if self.rng is not None else None
