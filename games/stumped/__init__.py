"""Stumped: a deck-builder for 2-8 players in which each grows a tree from Sun, Dirt and Water."""
from games.core.bots import RANDOM, BotKind
from games.core.game import Choice, Game, Option
from games.core.search_profile import Guide, SearchProfile, Simulation
from games.stumped.actions import ACTION_KINDS
from games.stumped.bot import GardenerBot
from games.stumped.records import SETUP
from games.stumped.state import StumpedState

BIG_TABLE = (5, 6, 7, 8)
CATCH_UP = ("In 200 games of our bots the first of 3 seats won 46.5% without it, 36.5% with it (the third: 20%, "
            "31.5%); at 4 seats, 44% and 28% of 100.")
EPIC_BIG = "8 epic trees need 64 branches and 32 fruit; two copies of the game hold 32 and 16."

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
            Choice("epic", "Epic: 20 leaves to win", BIG_TABLE, ours=EPIC_BIG),
        ), "Epic trees have 8 branches, 20 leaves and 4 fruit each: the rulebook's longer game for 2 players."),
        Option("action_cards", "Action cards", (
            Choice("all", "All 35 pairs"),
            Choice("gentle", "No cards that touch others"),
            Choice("choose", "The table leaves some out"),
        ), "The optional rule: take out pairs that do not suit your table (8 must stay for the market): "
           "those that touch other players, or each seat in turn leaves some out."),
        Option("catch_up", "Catch-up cards for later seats", (
            Choice("off", "Rulebook: 5 Dirt each"),
            Choice("on", "Later seats get a card or two", ours=CATCH_UP),
        ), "The first player wins ties of the race; this puts an Irrigation, a Sun or a Fertilizer on later "
           "seats' discard piles."),
    ),
    action_kinds=ACTION_KINDS,
    make_state=StumpedState,
    restore_state=StumpedState.from_dict,
    bots=(BotKind("gardener", "Gardener bot", GardenerBot), RANDOM),
    search=SearchProfile(
        Simulation(policy=GardenerBot().choose),  # the Hard level's imagined games: the gardener's moves
        world=StumpedState.imagine,  # played without their log: nobody reads an imagined game's events
        # leaving out pairs is the table's taste, not a thing to search
        guide=Guide(decisions=frozenset({SETUP}))),
    view="graphics.views.stumped:StumpedView",
    rules_version=2,  # 2: the rulebook's setup; winter; pairs left out by the table
    handoff="light",  # only hands are secret: the garden stays on screen until the next person shows theirs
    longest_game=10000,  # the most moves a save may hold: see data/stumped/rulings.md, "Saves"
)
