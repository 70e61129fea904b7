"""Stumped: a deck-builder for 2-8 players in which each grows a tree from Sun, Dirt and Water."""
from games.core.bots import RANDOM, BotKind
from games.core.game import Choice, Game, Option
from games.stumped.actions import ACTION_KINDS
from games.stumped.bot import GardenerBot
from games.stumped.state import StumpedState

BIG_TABLE = (5, 6, 7, 8)

GAME = Game(
    id="stumped",
    title="Stumped",
    min_players=2,
    max_players=8,
    blurb="Buy Sun, Dirt and Water, plant them in your roots and grow the first tree with ten leaves.",
    option_list=lambda: (
        Option("tree", "Tree", (
            Choice("epic", "Epic: 20 leaves to win", BIG_TABLE),
            Choice("standard", "Standard: 10 leaves to win"),
            Choice("epic", "Epic: 20 leaves to win", (2,)),
        ), "Epic trees have 8 branches, 20 leaves and 4 fruit; with 5-8 players (two copies) they are the default."),
        Option("action_cards", "Action cards", (
            Choice("all", "All 35 pairs"),
            Choice("gentle", "Leave out cards that touch other players"),
            Choice("choose", "Choose pairs to leave out at setup"),
        ), "The optional rule: take out pairs of action cards that do not suit your table."),
    ),
    action_kinds=ACTION_KINDS,
    make_state=StumpedState,
    restore_state=StumpedState.from_dict,
    bots=(BotKind("gardener", "Gardener bot", GardenerBot), RANDOM),
    rollout=GardenerBot().choose,  # the Hard level's imagined games: the gardener's moves on full states
    view="graphics.views.stumped:StumpedView",
    handoff="light",  # only hands are secret: the garden stays on screen until the next person shows theirs
)
