"""Goofspiel: the example game of docs/adding-a-game.md, written by it line by line and registered only in the
tests (tests/test_example_game.py, and the contract suite runs over it)."""
from games.core.bots import RANDOM, BotKind
from games.core.game import Choice, Game, Option
from tests.goofspiel.actions import ACTION_KINDS
from tests.goofspiel.bot import MatchBot
from tests.goofspiel.state import DATA, GoofspielState, check_data

GAME = Game(
    id="goofspiel",
    title="Goofspiel",
    min_players=2,
    max_players=4,
    blurb="Bid the cards of your hand for prizes turned up one at a time.",
    option_list=lambda: (
        Option("length", "Length", (
            Choice("full", "Full: 13 cards"),
            Choice("short", "Short: 5 cards", ours="A quick game for the tests (5 rounds instead of 13)."),
        ), "Full: the rulebook's 13 rounds. Short: 5."),
    ),
    action_kinds=ACTION_KINDS,
    make_state=GoofspielState,
    restore_state=GoofspielState.from_dict,
    bots=(BotKind("match", "Match bot", MatchBot), RANDOM),
    check_data=check_data,
    data_folder=DATA,
)
