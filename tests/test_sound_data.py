"""Which event sounds how (data/<game>/sounds.yaml, graphics/sound.py): every file names sounds that exist and
event kinds the game emits, each conditional rule meets an event; a broken file is refused in one line naming
the file, the entry and the field; and sounds follow privacy: chosen from the event as the whole table sees it,
they are the same whoever's version of an event they are made from, and the same when the cards a seat cannot
see are re-dealt."""
from __future__ import annotations

import functools
import random

import pytest

from games import registry
from games.core.actions import Event, Secret
from games.core.bots import decision_rng
from games.core.errors import DataError
from graphics.sound import FOLDER, Cue, SoundTable, known, sound_table, sounds_path, variant
from graphics.views import data_problem
from tests.data_mutations import Mutated, forget, mutations
from tests.kit_helpers import random_positions

GAMES = [pytest.param(game, id=game.id) for game in registry.all()]


@functools.lru_cache(maxsize=None)
def emitted(game_id: str) -> tuple[Event, ...]:
    """Returns the events of two random games (fewest seats) and a game of the game's own bots (most seats)."""
    game, found = registry.get(game_id), []
    for seed, players, bots in ((1, game.player_counts()[0], False), (2, game.player_counts()[0], False),
                                (3, game.player_counts()[-1], True)):
        state, rng = game.new_state(players, {}, seed), random.Random(seed)
        players_bots = [game.bots[0].make() for _ in range(players)] if bots else None
        for ply in range(4000):
            seat = state.current_player()
            if seat is None:
                break
            action = players_bots[seat].choose(state.view(seat), decision_rng(seed, seat, ply)) if bots \
                else rng.choice(state.legal_actions())
            found += state.apply(action)
    return tuple(found)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_sounds_naming_known_sounds_and_kinds_it_emits(game):
    table = sound_table(game.id)
    assert sounds_path(game.id).exists() and table.events, f"{game.id}: no sounds.yaml"
    kinds = {event.kind for event in emitted(game.id)}
    assert set(table.events) <= kinds, f"{game.id}: sounds for kinds never emitted: {set(table.events) - kinds}"
    for kind, rules in table.events.items():
        for rule in rules:
            assert rule.sound in known() and (not rule.then or rule.then in known()), (kind, rule)
            if rule.when:
                hits = [e for e in emitted(game.id) if e.kind == kind and rule.matches(e.seen_by(None).data)]
                assert hits, f"{game.id}: the rule {kind} when {dict(rule.when)} never holds"
    assert (table.impacts is not None) == (game.id == "crumbs"), "only Crumbs drops have impacts"


def test_each_sound_named_exists_as_a_file_or_a_pitched_family():
    assert {"thud", "knock", "draw", "bark"} <= known()
    assert variant("thud", 0.0) == "thud-0" and variant("thud", 1.0) == "thud-4" and variant("thud", None) == "thud-2"
    assert variant("draw", 0.3) == "draw" and (FOLDER / "draw.wav").exists()


def test_a_steps_sounds_follow_the_gap_and_a_sound_met_twice_plays_once_at_its_loudest():
    table = sound_table("scrumpy")
    events = [Event("draw", "", {}), Event("coins", "", {"seat": 0}), Event("draw", "", {}), Event("round", "", {})]
    cues = table.cues(events)
    assert [(c.name, c.at) for c in cues] == [("draw", 0.0), ("coins", table.gap)]
    louder = table.cues([Event("discard", "", {}), Event("draw", "", {}), Event("coins", "", {"seat": 0})])
    assert [(c.name, c.at, c.volume) for c in louder] == [
        ("draw", 0.0, table.rules("draw")[0].volume), ("coins", table.gap, table.rules("coins")[0].volume)]
    attack = sound_table("scrimish").cues([Event("attack", "", {})])
    rule = sound_table("scrimish").rules("attack")[0]
    assert [(c.name, c.at) for c in attack] == [("attack", 0.0), ("reveal", rule.after)]


def test_a_rule_reads_the_public_data_at_a_path_and_a_list_holds_any_of_its_items():
    table = sound_table("scrumpy")
    pressed = Event("move", "", {"seat": 0, "from": ["apple", 0], "to": ["bottle", 0]})
    moved = Event("move", "", {"seat": 0, "from": ["hand", 0], "to": ["discard", 0]})
    assert [c.name for c in table.cues([pressed])] == ["press"] and [c.name for c in table.cues([moved])] == ["draw"]
    crumbs = sound_table("crumbs")
    assert [c.name for c in crumbs.cues([Event("drop", "", {"dropped": ["crumb-1", "dog"]})])] == ["bark"]
    assert crumbs.cues([Event("drop", "", {"dropped": ["crumb-1"]})]) == []


@pytest.mark.parametrize("text, message", [
    ("events: {draw: {sound: nothing_like_it}}",
     "field 'events'['draw'][0]: field 'sound': no sound named 'nothing_like_it'"),
    ("events: {draw: {sound: draw, volume: 2}}",
     "field 'events'['draw'][0]: field 'volume': must be between 0 and 1, got 2"),
    ("events: {draw: {sound: draw, then: hoot}}", "field 'events'['draw'][0]: field 'then': no sound named 'hoot'"),
    ("events: {draw: {sound: ''}}", "field 'events'['draw'][0]: field 'sound': no sound named ''"),
    ("events: {draw: {sund: draw}}", "field 'events'['draw'][0]: unknown field 'sund'"),
    ("events: [draw]", "field 'events': expected a mapping, got ['draw']"),
    ("gap: -1\nevents: {}", "field 'gap': must be between 0 and 1, got -1"),
    ("events: {}\nimpacts: {board: thud, piece: knock, fence: clang, quietest: 1, loudest: 2}",
     "field 'impacts': field 'fence': no sound named 'clang'"),
    ("events: {}\nimpacts: {board: thud, piece: knock, fence: thud, quietest: 5, loudest: 2}",
     "field 'loudest': must be more than quietest (5.0), got 2.0"),
])
def test_a_broken_sounds_file_is_refused_naming_the_file_entry_and_field(text, message, monkeypatch, tmp_path):
    path = tmp_path / "stumped" / "sounds.yaml"
    path.parent.mkdir()
    path.write_text(text)
    monkeypatch.setattr("graphics.sound.DATA_ROOT", tmp_path)
    sound_table.cache_clear()
    try:
        with pytest.raises(DataError) as raised:
            sound_table("stumped")
        assert str(raised.value).startswith(f"{path}: ") and message in str(raised.value), str(raised.value)
    finally:
        sound_table.cache_clear()


def test_the_menus_data_check_names_a_broken_sounds_file(monkeypatch):
    wrong = next(m for m in mutations("scrimish") if m.file.name == "sounds.yaml" and m.kind == "number"
                 and m.value == -1)
    with Mutated(wrong, monkeypatch):
        problem = data_problem(registry.get("scrimish"))
    forget()
    assert problem is not None and "data/scrimish/sounds.yaml" in problem and "must be between 0 and 1" in problem


# --- privacy -------------------------------------------------------------------------------------------
def test_a_sound_is_chosen_from_the_public_event_never_its_secret_version():
    table = SoundTable({"move": sound_table("scrumpy").rules("move")})
    secret = Event("move", "{0} moves a card.", {"to": ["discard", 0]},
                   secret=Secret((0,), "You move a Presser.", {"to": ["bottle", 0]}))
    assert [c.name for c in table.cues([secret])] == ["draw"], "the secret version would press"


@pytest.mark.parametrize("game", GAMES)
def test_sounds_are_the_same_whoever_sees_the_event(game):
    """For every event of random games, the sounds made from each seat's version of it (a secret one for the
    seats it names) are those of the public version."""
    table, seats = sound_table(game.id), range(game.player_counts()[-1])
    secrets = 0
    for event in emitted(game.id):
        public = table.cues([event.seen_by(None)])
        secrets += event.secret is not None
        for seat in seats:
            assert table.cues([event.seen_by(seat)]) == public, f"{game.id}: {event.kind} sounds differently"
    assert game.id in ("scrimish", "crumbs") or secrets, f"{game.id}: no secret event met"


@pytest.mark.parametrize("game", GAMES)
def test_sounds_are_the_same_when_the_cards_a_seat_cannot_see_are_re_dealt(game):
    """At positions of random games, the seat to move acts in the real game and in worlds re-dealt from its view
    (every card it cannot see dealt anew, a fresh generator): the table hears the same sounds from the step's
    events as long as it is told the same (up to the first event whose public text differs: a card turned over,
    a die, a drop, a part from the hopper), and all of them in a step that reveals nothing."""
    table, compared = sound_table(game.id), 0
    for seed in range(3):
        for state in random_positions(game, seed, 25, 3):
            seat = state.current_player()
            view = state.view(seat)
            action = random.Random(seed).choice(view.legal_actions())
            real = state.clone().apply(action)
            for deal in (5, 6):
                world = view.determinize(random.Random(deal)).apply(action)
                same = told_alike(real, world)
                if not any(event.reveals for event in real):
                    assert same == len(real), f"{game.id}: {action} told differently without revealing anything"
                heard, again = table.cues(real[:same]), table.cues(world[:same])
                compared += bool(heard)
                assert again == heard, f"{game.id}: {action} sounds as {again}, really {heard}"
    assert compared >= 10, f"{game.id}: only {compared} steps with sounds compared"


def told_alike(real: list[Event], world: list[Event]) -> int:
    """Returns how many first events of two steps the whole table is told alike (kind and text)."""
    count = 0
    for a, b in zip(real, world):
        a, b = a.seen_by(None), b.seen_by(None)
        if (a.kind, a.text) != (b.kind, b.text):
            break
        count += 1
    return count


def test_a_cue_is_a_step_of_no_time_shifted_by_where_it_stands():
    cue = Cue(0.25, "thud", 0.5, 0.0)
    assert cue.duration == 0.0 and cue.shifted(1.0).at == 1.25 and cue.shifted(1.0).name == "thud"
