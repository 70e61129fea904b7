"""The Crumbs log reads as plain sentences: every kind of event, with any seat names, agrees with its
subject ("Ann flies 3 pigeons", never "Ann fly 3 pigeons") and counts its nouns right."""
import re
from pathlib import Path

from games.core.bots import decision_rng
from games.crumbs import GAME, buzz, drops
from games.crumbs.bot import ParkBot
from tests.crumbs_helpers import empty_park, put

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("Ann", "Bob Smith", "Player 3", "Zoë")
PLURAL_SUBJECT = re.compile(r"\{\d\} and \{\d\}")


def event_kinds_in_the_rules() -> set[str]:
    """Returns every event kind the Crumbs rules can emit, read from their source."""
    source = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "games" / "crumbs").glob("*.py"))
    return set(re.findall(r'Event\("([a-z_]+)"', source))


def events_of_bot_games() -> list:
    """Returns the events of a few park-bot games with every army and variant mix."""
    events = []
    variants = [{}, {"start": "place"}, {"race": True, "target": 30}, {"map": "riverside", "rounds": 3}]
    for seed, options in enumerate(variants * 2):
        state = GAME.new_state(4, options, seed)
        bots = [ParkBot() for _ in range(4)]
        for ply in range(5000):
            seat = state.current_player()
            if seat is None:
                break
            events += state.apply(bots[seat].choose(state.view(seat), decision_rng(seed, seat, ply)))
    return events


def rare_events() -> list:
    """Returns events bot games seldom show: a knock, a card that finds a leader without spaces, a loss."""
    state = empty_park(("pigeons", "ducks"))
    critter = put(state, 1, "oak_grove", 1)[0]
    events = drops.knock_lines(state, {critter: {"from": "rose_garden", "to": "oak_grove"},
                                 "dog": {"from": "oak_grove", "to": "fountain"}})
    state.crumbs = [9, 3]
    events += buzz.dog_card(state, 0, state.data.cards["good_boy"].effects[0])
    events += buzz.crumbs_card(state, 0, type(state.data.cards["good_boy"].effects[0])(do="crumbs", who="others",
                                                                                 amount=-1))
    return events


def test_every_event_kind_reads_as_a_sentence_with_a_singular_subject():
    events = events_of_bot_games() + rare_events()
    seen = {event.kind for event in events}
    assert event_kinds_in_the_rules() <= seen, event_kinds_in_the_rules() - seen
    for event in events:
        template = PLURAL_SUBJECT.sub("", event.text)
        for seat, verb in re.findall(r"\{(\d)\} ([a-z]+)", template):
            assert verb.endswith("s"), f"{event.kind}: {event.text!r}"
        text = event.describe(NAMES)
        assert "(s)" not in text and not re.search(r"\b1 [a-z]+s\b", text), text
        assert text[0].isupper() and text.rstrip()[-1] in ".!", text
        for name in NAMES:
            assert not re.search(rf"\b{name} (fly|bury|stockpile|gain|pay|draw|move|spawn|take|win|lose)\b", text)


def test_fly_bury_and_stockpile_lines():
    state = empty_park(("pigeons", "squirrels"))
    put(state, 0, "rose_garden", 2)
    put(state, 0, "oak_grove", 1)
    from games.crumbs.actions import Done, PickCritter, PickSpace, Special
    state.crumbs = [20, 20]
    state.apply(Special("Feathered Friends"))
    state.apply(PickCritter("rose_garden"))
    state.apply(Done("Fly them"))
    text = [e.describe(NAMES) for e in state.apply(PickSpace("oak_grove"))][-1]
    assert text == "Ann flies 1 pigeon to Oak Grove."
