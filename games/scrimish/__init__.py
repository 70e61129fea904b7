"""Scrimish: a two-to-six player bluffing duel of hidden card piles and one Crown."""
from games.core.bots import RANDOM, BotKind
from games.core.game import Choice, Game, Option
from games.core.search_profile import SearchProfile, Simulation
from games.scrimish.actions import ACTION_KINDS
from games.scrimish.bot import CasualBot
from games.scrimish.cards import check_data
from games.scrimish.playout import playout
from games.scrimish.state import ScrimishState

GAME = Game(
    id="scrimish",
    title="Scrimish",
    min_players=2,
    max_players=6,
    blurb="Hide your Crown in five piles of cards, then find and attack your opponent's.",
    option_list=lambda: (
        Option("mode", "Mode", (
            Choice("duel", "One on one", (2,)),
            Choice("free_for_all", "Free-for-all", (3, 4, 5, 6)),
            Choice("2v2", "Teams 2 v 2", (4,)),
            Choice("3v3", "Teams 3 v 3", (6,)),
            Choice("2v2v2", "Teams 2 v 2 v 2", (6,)),
        ), "3 to 6 players: everyone for themselves. With 4 or 6: teams too (teammates sit alternately)."),
        Option("visibility", "Your own cards", (
            Choice("beginner", "Beginner: see all"),
            Choice("advanced", "Advanced: top cards only"),
        ), "Beginner: look at all your piles. Advanced: only your top cards."),
        Option("memory_aid", "Memory aid", (
            Choice(False, "Off: remember yourself"),
            Choice(True, "On: mark revealed cards",
                   ours="The rulebook leaves revealed cards to memory; this marks them with an eye. Bots remember "
                        "them either way."),
        ), "Off: combat returns revealed cards face down, as on a table. On: they are marked."),
    ),
    action_kinds=ACTION_KINDS,
    make_state=ScrimishState,
    restore_state=ScrimishState.from_dict,
    bots=(BotKind("casual", "Casual bot", CasualBot), RANDOM),
    first_seat_event="first_player",
    first_seat_label="drawn at random",
    view="graphics.views.scrimish:ScrimishView",
    check_data=check_data,
    search=SearchProfile(Simulation(playout=playout)),
    longest_game=4000,  # the most moves a save may hold: see data/scrimish/rulings.md, "Saves"
)
