"""Scrappers: goblin bodgers jostle round a conveyor belt, pull parts and tussle for them in secret;
the first to plug four matching plugs into one core wins."""
import functools

from games.core.bots import RANDOM, BotKind
from games.core.game import Choice, Game, Option
from games.core.search_profile import Guide, SearchProfile, Simulation
from games.scrappers.actions import ACTION_KINDS
from games.scrappers.bot import (
    BOLD_COST_WEIGHT,
    BOLD_MARGIN,
    CANNY_COST_WEIGHT,
    CANNY_DEALS,
    GUIDE_SHARE,
    NODES,
    ROLLOUT_DEPTH,
    ROLLOUT_NODES,
    SECRET_DECISIONS,
    FairBot,
    standings,
)
from games.scrappers.state import ScrappersState


def options() -> tuple[Option, ...]:
    """Returns the optional rules: Keelie and Guppy."""
    return (
        Option("keelie", "Keelie", (Choice(False, "Off"), Choice(True, "On")),
               "An independent bodger anyone may activate with a Keelie card; she tussles and bins what she wins."),
        Option("guppy", "Guppy", (Choice(False, "Off"), Choice(True, "On")),
               "A kid who roams to component symbols, bins the part in front of him and runs the belt."),
    )


GAME = Game(
    id="scrappers",
    title="Scrappers",
    min_players=2,
    max_players=4,
    blurb="Jostle round the conveyor, pull the parts you need and tussle for them in secret.",
    option_list=options,
    action_kinds=ACTION_KINDS,
    make_state=ScrappersState,
    restore_state=ScrappersState.from_dict,
    bots=(BotKind("fair", "Fair bot", FairBot),
          BotKind("bold", "Bold fair bot", functools.partial(FairBot, NODES, BOLD_MARGIN, BOLD_COST_WEIGHT),
                  "The fair bot aiming a symbol higher in tussles."),
          BotKind("canny", "Canny fair bot",
                  functools.partial(FairBot, NODES, BOLD_MARGIN, CANNY_COST_WEIGHT, CANNY_DEALS, reads=True),
                  "The fair bot putting down the best answer to what a fair bot would show in a tussle: "
                  "the Hard level's guide."), RANDOM),
    handoff="light",
    first_seat_event="round",
    first_seat_key="foreman",
    first_seat_label="the first foreman",
    view="graphics.views.scrappers:ScrappersView",
    rules_version=2,  # 2: blue buttons move only others' bodgers; passed tokens flip on activation
    search=SearchProfile(
        # the Hard level's imagined games: a quick fair bot on full states
        Simulation(policy=FairBot(ROLLOUT_NODES).choose, depth=ROLLOUT_DEPTH, value=standings),
        world=ScrappersState.imagine,  # played without their log: nobody reads an imagined game's events
        # Hard starts from the fair bot that reads each tussle
        guide=Guide("canny", GUIDE_SHARE, SECRET_DECISIONS)),
    longest_game=5000,  # the most moves a save may hold: see data/scrappers/rulings.md, "Saves"
)
