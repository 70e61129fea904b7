"""Stumped: a deck-builder for 2-8 players in which each grows a tree from Sun, Dirt and Water."""
from games.core.bots import RANDOM, BotKind
from games.core.game import Choice, Game, Option
from games.stumped.actions import ACTION_KINDS
from games.stumped.bot import GardenerBot
from games.stumped.records import SETUP
from games.stumped.state import StumpedState

BIG_TABLE = (5, 6, 7, 8)
CATCH_UP = ("In 200 games of our bots the first of 3 seats wins 46.5% without it (the third 20%), 36.5 / 32 / "
            "31.5% with it; at 4 seats 44 / 33 / 15 / 8% without, 28 / 24 / 25 / 23% with (100 games).")
EPIC_BIG = ("The rulebook's 5-8 player page is missing; 8 epic trees need 64 branches, 160 leaves and 32 fruit, "
            "two copies hold 32, 96 and 16. A longer game, if you have the pieces.")

GAME = Game(
    id="stumped",
    title="Stumped",
    min_players=2,
    max_players=8,
    blurb="Buy Sun, Dirt and Water, plant them in your roots and grow the first tree with ten leaves.",
    option_list=lambda: (
        Option("tree", "Tree", (
            Choice("standard", "Standard: 10 leaves to win"),
            Choice("epic", "Epic: 20 leaves to win", (2,)),
            Choice("epic", "Epic: 20 leaves (more pieces than two copies hold)", BIG_TABLE, ours=EPIC_BIG),
        ), "Epic trees have 8 branches, 20 leaves and 4 fruit each: the rulebook's longer game for 2 players."),
        Option("action_cards", "Action cards", (
            Choice("all", "All 35 pairs"),
            Choice("gentle", "Leave out cards that touch other players"),
            Choice("choose", "The table leaves out pairs before the game"),
        ), "The optional rule: take out any pairs of action cards that do not suit your table, as long as "
           "8 are left for the market. With 'the table leaves out', every seat in turn may leave some out."),
        Option("catch_up", "Catch-up cards for later seats", (
            Choice("off", "Rulebook: every player starts with 5 Dirt"),
            Choice("on", "Later seats start with a card or two more", ours=CATCH_UP),
        ), "The first player wins ties of the race; this aid puts an Impressive Irrigation, a Sun or a Fancy "
           "Fertilizer on later seats' discard piles."),
    ),
    action_kinds=ACTION_KINDS,
    make_state=StumpedState,
    restore_state=StumpedState.from_dict,
    bots=(BotKind("gardener", "Gardener bot", GardenerBot), RANDOM),
    guided_decisions=frozenset({SETUP}),  # leaving out pairs is the table's taste, not a thing to search
    rollout=GardenerBot().choose,  # the Hard level's imagined games: the gardener's moves on full states
    view="graphics.views.stumped:StumpedView",
    rules_version=2,  # 2: the rulebook's setup; winter; pairs left out by the table
    handoff="light",  # only hands are secret: the garden stays on screen until the next person shows theirs
)
