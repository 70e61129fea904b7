"""Scrumpy: Card Cider - run a cidery for six rounds with worker cards that are also its resources."""
import functools

from games.core.bots import RANDOM, BotKind
from games.core.game import Choice, Game, Option
from games.core.search_profile import Guide, SearchProfile, Simulation
from games.scrumpy.actions import ACTION_KINDS
from games.scrumpy.bot import BOLD_RIVAL_WEIGHT, MOVE_DECISIONS, ROLLOUT_DEPTH, FairBot, rollout, standings
from games.scrumpy.state import ScrumpyState

# Why a table might even out the starting coins: the First Player's share of wins in our bot games.
EVEN_COINS_WHY = ("With the rulebook's coins the First Player wins less than a fair share in our bot games: "
                  "3 players 18% of 144 (fair 33%), 28% of 150 evened out; 2 players 39% of 36, 50% of 30.")

GAME = Game(
    id="scrumpy",
    title="Scrumpy: Card Cider",
    min_players=1,
    max_players=4,
    blurb="Play, recruit and store worker cards - every apple is a card - to press cider and win prestige.",
    option_list=lambda: (
        Option("automa", "Solo opponent", (
            Choice("core", "Automa: Steady (core deck)", (1,)),
            Choice("advanced", "Automa: Ambitious (core + advanced decks)", (1,)),
            Choice("none", "No Automa", (2, 3, 4)),
        ), "Solo: the Automa competes for the strip, the vendors and the public goals."),
        Option("start_coins", "Starting coins", (
            Choice("rulebook", "Rulebook: 3, 4, 5, 6 in turn order"),
            Choice("even", "Evened out: 4, 4, 5, 5 in turn order", (2, 3, 4), ours=EVEN_COINS_WHY),
        ), "The rulebook gives 3, 4, 5 and 6 coins in turn order from the First Player."),
    ),
    action_kinds=ACTION_KINDS,
    make_state=ScrumpyState,
    restore_state=ScrumpyState.from_dict,
    bots=(BotKind("fair", "Fair bot", FairBot),
          BotKind("rival", "Watchful fair bot", functools.partial(FairBot, BOLD_RIVAL_WEIGHT),
                  "The fair bot judging its moves against the best rival's position: the Hard level's guide."),
          RANDOM),
    handoff="light",
    first_seat_event="round",
    first_seat_key="first",
    first_seat_label="the First Player barrel",
    view="graphics.views.scrumpy:ScrumpyView",
    rules_version=2,  # 2: the rulebook's coins; a private goal shown when chosen; the solo strip
    search=SearchProfile(
        # the Hard level's imagined games: random cards played, the rest of each move by habit
        Simulation(policy=rollout, depth=ROLLOUT_DEPTH, value=standings),
        # Hard starts from moves judged against the best rival; it searches the card to play and its guide
        # plans the rest of the move; a deal's luck outweighs the gaps between cards: compare them on shared deals
        guide=Guide("rival", decisions=MOVE_DECISIONS, paired=True)),
    longest_game=2500,  # the most moves a save may hold: see data/scrumpy/rulings.md, "Saves"
)
