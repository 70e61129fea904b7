"""Our Scrimish rules as an OpenSpiel game (a pyspiel Python game, as open_spiel/python/games/kuhn_poker.py), so
that OpenSpiel's own ISMCTS (open_spiel/python/algorithms/ismcts.py) can play it. Needs the optional
requirements-openspiel.txt; nothing of the app imports this.

The OpenSpiel state holds one of our `ScrimishState`s and asks it everything: the seat to move, the moves, what
a move does and who won. Its moves are those our Hard level searches (`search_actions`: no Cancel, and at setup
the named setups, a shuffle or done), so both searches choose among the same moves. What chance does (a
shuffle, the draw of the first player) happens inside a move, from the state's own generator
(SAMPLED_STOCHASTIC). A seat's information-state string is its view (`state.view(seat)`, what our bots see),
and the resampler OpenSpiel's ISMCTS needs deals a world from that view (`view.determinize`)."""
from __future__ import annotations

import functools
import json
import random
import time
from typing import Callable

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from games import registry
from games.core.actions import Action
from games.scrimish.actions import (
    Attack,
    Cancel,
    ChoosePile,
    Discard,
    FinishSetup,
    SelectCard,
    Shuffle,
    SwapCard,
    UsePreset,
)
from games.scrimish.cards import load_deck
from games.scrimish.state import ScrimishState

NAME = "python_kitchen_table_scrimish"
PLAYERS = 2  # a duel: the comparison is one search against the other
WIN, LOSS = 1.0, -1.0  # OpenSpiel's returns of a zero-sum game
SIMULATION_CAP = 10**9  # ISMCTS's simulations a move under a time budget: its clock stops it long before


@functools.lru_cache(maxsize=1)
def catalogue() -> tuple[Action, ...]:
    """Returns every action of a Scrimish duel once, in a fixed order: OpenSpiel's action ids are the indices."""
    deck = load_deck()
    places = [(pile, depth) for pile in range(deck.piles) for depth in range(deck.pile_size)]
    piles = range(deck.piles)
    return tuple([SelectCard(*place) for place in places] + [SwapCard(*place) for place in places]
                 + [UsePreset(p.id, p.name) for p in deck.presets] + [Shuffle(), FinishSetup()]
                 + [ChoosePile(p) for p in piles] + [Discard(p) for p in piles]
                 + [Attack(p, seat, q) for p in piles for seat in range(PLAYERS) for q in piles] + [Cancel()])


@functools.lru_cache(maxsize=1)
def action_ids() -> dict[Action, int]:
    """Returns the OpenSpiel id of each action of `catalogue`."""
    return {action: n for n, action in enumerate(catalogue())}


_GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Scrimish (Kitchen Table rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=PLAYERS,
    min_num_players=PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"seed": 0})


class ScrimishGame(pyspiel.Game):
    """Scrimish for two with the table's default options; the `seed` parameter deals the opening state."""

    def __init__(self, params=None) -> None:
        info = pyspiel.GameInfo(num_distinct_actions=len(catalogue()), max_chance_outcomes=0, num_players=PLAYERS,
                                min_utility=LOSS, max_utility=WIN, utility_sum=0.0,
                                max_game_length=registry.get("scrimish").longest_game)
        super().__init__(_GAME_TYPE, info, params or {})

    def new_initial_state(self) -> "ScrimishSpielState":
        """Returns the opening state dealt from the game's seed."""
        return self.wrap(new_scrimish(self.get_parameters()["seed"]))

    def wrap(self, ours: ScrimishState) -> "ScrimishSpielState":
        """Returns an OpenSpiel state playing on `ours` (not a copy)."""
        return ScrimishSpielState(self, ours)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "ViewObserver":
        """Returns the observer: a seat's view, as a string (information state and observation alike)."""
        return ViewObserver(params)


def new_scrimish(seed: int) -> ScrimishState:
    """Returns a new duel of our Scrimish with the table's default options."""
    game = registry.get("scrimish")
    state = game.new_state(PLAYERS, game.resolve_options(PLAYERS, {}), seed)
    assert isinstance(state, ScrimishState)
    return state


class Held:
    """Our state inside an OpenSpiel state. OpenSpiel clones a Python state by deep-copying its attributes;
    this one copies by our own clone (generator included), many times faster than a deep copy."""

    __slots__ = ("state",)

    def __init__(self, state: ScrimishState) -> None:
        self.state = state

    def __deepcopy__(self, memo) -> "Held":
        """Returns a holder of a clone of the state."""
        return Held(self.state.clone())


class ScrimishSpielState(pyspiel.State):
    """One position, held as our `ScrimishState` (`ours`) and played by its rules. The moves' ids and each
    seat's information-state string are worked out once per position (ISMCTS asks for them again and again)."""

    def __init__(self, game: ScrimishGame, ours: ScrimishState) -> None:
        super().__init__(game)
        self.held = Held(ours)
        self.known: dict[int, str] = {}  # seat: its information-state string of this position
        self.moves: list[int] | None = None  # the moves' ids in this position

    @property
    def ours(self) -> ScrimishState:
        """Returns our state this one plays on."""
        return self.held.state

    def current_player(self) -> int:
        """Returns the seat to move, or OpenSpiel's TERMINAL once the game is over."""
        seat = self.ours.current_player()
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        """Returns the ids of the moves our search considers (ascending, as OpenSpiel wants)."""
        if self.moves is None:
            ids = action_ids()
            self.moves = sorted(ids[action] for action in self.ours.search_actions())
        return self.moves

    def _apply_action(self, action: int) -> None:
        """Plays the move with this id by our rules (which raise on an illegal one)."""
        self.ours.apply(catalogue()[action])
        self.known, self.moves = {}, None

    def information_string(self, seat: int) -> str:
        """Returns what `seat` knows of the position (`view_string`), worked out once per position."""
        known = self.known.get(seat)
        if known is None:
            known = self.known[seat] = view_string(self.ours, seat)
        return known

    def _action_to_string(self, player: int, action: int) -> str:
        """Returns the move's words as the table's log says them."""
        return catalogue()[action].describe()

    def is_terminal(self) -> bool:
        """Returns whether a Crown has fallen."""
        return self.ours.is_over()

    def returns(self) -> list[float]:
        """Returns +1 to the winner and -1 to the loser at the end, 0 each before."""
        if not self.ours.is_over():
            return [0.0] * PLAYERS
        winners = self.ours.winners()
        return [WIN if seat in winners else LOSS for seat in range(PLAYERS)]

    def __str__(self) -> str:
        """Returns the full position as our plain data (for debugging: it shows every card)."""
        return json.dumps(self.ours.to_dict(), sort_keys=True)


def view_string(ours: ScrimishState, seat: int) -> str:
    """Returns what `seat` knows of the position, as a string: its view's plain data."""
    return json.dumps(ours.view(seat).to_dict(), sort_keys=True, separators=(",", ":"))


class ViewObserver:
    """OpenSpiel's observer of this game: strings only (a seat's view), no tensor."""

    def __init__(self, params) -> None:
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict = {}

    def set_from(self, state: ScrimishSpielState, player: int) -> None:
        """Fills no tensor: this game gives none."""

    def string_from(self, state: ScrimishSpielState, player: int) -> str:
        """Returns `player`'s view of the position."""
        return state.information_string(player)


def resampler(game: ScrimishGame, rng: random.Random):
    """Returns ISMCTS's resampler: `(state, seat) -> ` a state dealt at random from the seat's view
    (`view.determinize`: every card the seat has not seen drawn from what is left, and a fresh generator,
    so a world's shuffles and first-player draw are not the true game's)."""
    def resample(state: ScrimishSpielState, seat: int) -> ScrimishSpielState:
        world = state.ours.view(seat).determinize(rng)
        assert isinstance(world, ScrimishState)
        return game.wrap(world)
    return resample


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTSBot, its simulations a move bounded by time as well: upstream's `run_search` runs a
    fixed number; this one runs until `seconds` of `clock` have passed since the search began (at least one
    simulation) or `max_simulations` are done, and keeps their number in `last_simulations` (0 when the move
    was forced). Everything else (sampling, the tree, UCT, the final choice) is upstream's."""

    def __init__(self, *args, seconds: float | None = None, clock: Callable[[], float] = time.perf_counter,
                 **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.seconds = seconds
        self.clock = clock
        self.last_simulations = 0

    def run_search(self, state):
        """Returns the policy of upstream's search (most visits) after the simulations the budget allows."""
        started = self.clock()
        self.reset()
        self.last_simulations = 0
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        root_key = self.get_state_key(state)
        while self.last_simulations < self._max_simulations and (
                self.seconds is None or not self.last_simulations or self.clock() - started < self.seconds):
            sampled_root_state = self.sample_root_state(state)
            assert root_key == self.get_state_key(sampled_root_state)
            self.run_simulation(sampled_root_state)
            self.last_simulations += 1
        return self.get_final_policy(state, self._root_node)


def timed_ismcts(game: ScrimishGame, rng: random.Random, uct_c: float, seconds: float | None,
                 simulations: int | None, clock: Callable[[], float]) -> TimedISMCTSBot:
    """Returns OpenSpiel's ISMCTS as its own tests and examples make it (random-rollout evaluator, the most
    visited move, no cap on the worlds it samples), with our resampler and a budget of `simulations` a move,
    else `seconds` of `clock`; its randomness drawn from `rng`."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(rng.getrandbits(32)))
    bot = TimedISMCTSBot(game, evaluator, uct_c, simulations or SIMULATION_CAP,
                         random_state=np.random.RandomState(rng.getrandbits(32)),
                         seconds=None if simulations else seconds, clock=clock)
    bot.set_resampler(resampler(game, random.Random(rng.getrandbits(64))))
    return bot


pyspiel.register_game(_GAME_TYPE, ScrimishGame)
