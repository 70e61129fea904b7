"""Crumbs: critters, crumbs and a dog dropped onto a fenced park; control spaces, score where crumbs land."""
import functools

from games.core.bots import RANDOM, BotKind
from games.core.game import Choice, Game, Option
from games.core.search_profile import Guide, SearchProfile, Simulation
from games.crumbs.actions import ACTION_KINDS
from games.crumbs.bot import BOLD, ROLLOUT_DEPTH, ParkBot, value
from games.crumbs.data import MOST_SEATS, load_data
from games.crumbs.decisions import ARMY
from games.crumbs.state import CrumbsState


def options() -> tuple[Option, ...]:
    """Returns the variants: map, length or race, armies, starting spaces."""
    data = load_data()
    rounds, target = data.numbers.rounds, data.numbers.race_target
    round_counts = [rounds.default] + [n for n in range(rounds.min, rounds.max + 1) if n != rounds.default]
    targets = [target.default] + [n for n in (30, 40, 60, 75, 100) if target.min <= n <= target.max]
    return (
        Option("map", "Park map", tuple(Choice(m.id, m.name) for m in data.maps.values()),
               "The main board and the alternate sheet are both double sided: four parks."),
        Option("rounds", "Rounds", tuple(Choice(n, f"{n} round{'s' if n > 1 else ''}") for n in round_counts),
               "Daily Buzz cards: players x rounds.", only_if={"race": False}),
        Option("race", "Race to the finish", (Choice(False, "Off"), Choice(True, "On")),
               "Race: the whole deck, reshuffled when it runs out; first to the target wins at once."),
        Option("target", "Race target", tuple(Choice(n, f"{n} crumbs") for n in targets),
               "The first player to reach it wins at once.", only_if={"race": True}),
        Option("armies", "Armies", (Choice("choose", "Each player chooses"), Choice("random", "Dealt at random")),
               "Players choose in seat order, or armies are dealt at random."),
        Option("start", "Starting spaces", (Choice("drop", "Drop them"), Choice("place", "Place them (alternate)")),
               "The setup drop, or the alternate rule: take turns placing critters."),
        Option("bounce", "Bounce", tuple(Choice(level, BOUNCE_LABELS[level])
                                         for level in sorted(data.physics.bounce_levels(), key=_normal_first)),
               "How lively drops are: a soft cloth and a low hand, or a hard table and a high one."),
    )


BOUNCE_LABELS = {"low": "Low: a cloth", "normal": "Normal", "high": "High: a hard table"}


def _normal_first(level: str) -> int:
    """Orders the bounce levels with the default first."""
    return ("normal", "low", "high").index(level)


def sampled_drops(world: CrumbsState) -> None:
    """Readies a search's imagined game: its drops land by sampled points instead of physics (a search
    spends its second on decisions; real moves keep real drops)."""
    world.sampled_drops = True


GAME = Game(
    id="crumbs",
    title="Crumbs",
    min_players=2,
    max_players=MOST_SEATS,
    blurb="Drop crumbs on the park, scuffle for the best spaces, and set the dog on the leader.",
    option_list=options,
    action_kinds=ACTION_KINDS,
    make_state=CrumbsState,
    restore_state=CrumbsState.from_dict,
    bots=(BotKind("park", "Park bot", ParkBot),
          BotKind("bold", "Bold park bot", functools.partial(ParkBot, BOLD),
                  "The park bot spending sooner and attacking more: the Hard level's guide."), RANDOM),
    private_views=False,
    first_seat_event="favor",
    first_seat_label="Granny's Favor first",
    view="graphics.views.crumbs:CrumbsView",
    rules_version=2,  # 2: fences stand 6 mm thick, so drops land otherwise
    search=SearchProfile(
        # the Hard level's imagined games: its guide's moves on full states, scored after a few
        Simulation(policy=ParkBot(BOLD).choose, depth=ROLLOUT_DEPTH, value=value),
        world=sampled_drops,
        # Hard starts from the bolder habits (it spends crumbs sooner); eight imagined actions cannot judge
        # a whole game's army
        guide=Guide("bold", decisions=frozenset({ARMY}))),
    longest_game=4000,  # the most moves a save may hold: see data/crumbs/rulings.md, "Saves"
)
