"""The sound of a Crumbs drop: physics/drop.py records each impact of the drop (time, impulse, what hit what:
landings on the board, pieces meeting pieces and fences) as plain data; the view plays a thud or a knock for each
at its time in the drop's animation, louder and lower for a bigger impulse, nothing where nothing hits."""
from __future__ import annotations

import math
import random

import pytest

from games import registry
from games.core.match import Seat
from graphics.sound import Cue, drop_cues, sound_table
from graphics.views import view_for
from physics import Impact, Piece, Pose, load_params, simulate_drop
from physics.drop import FRAME_RATE
from tests.test_physics import BOARD, resting_critters, to_drop

PARAMS = load_params()
IMPACTS = sound_table("crumbs").impacts


def test_a_drop_records_its_impacts_in_time_order_within_its_frames():
    result = simulate_drop(BOARD, resting_critters(3), to_drop(20), random.Random(3), PARAMS)
    impacts = result.impacts
    assert impacts and all(isinstance(i, Impact) for i in impacts)
    assert [i.time for i in impacts] == sorted(i.time for i in impacts)
    last = (len(result.frames) - 1) / FRAME_RATE
    assert all(0 < i.time <= last and i.impulse > 0 for i in impacts)
    ids = set(result.poses)
    assert all(i.piece in ids and (i.hit in ids or i.hit in ("board", "fence")) for i in impacts)
    landings = [i for i in impacts if i.hit == "board"]
    assert {i.piece for i in landings} == {p.id for p in to_drop(20)}, "every dropped crumb lands"
    first = {}
    for impact in landings:
        first.setdefault(impact.piece, impact)
    fall = math.sqrt(2 * PARAMS.gravity * PARAMS.drop_height)  # from the hand's lowest height
    for impact in first.values():  # the first landing: the whole fall stopped and part of it bounced back
        assert PARAMS.spec("crumb").mass * fall <= impact.impulse <= PARAMS.spec("crumb").mass * fall * 1.6
    assert any(i.hit not in ("board", "fence") for i in impacts), "crumbs meet critters and each other"


def test_a_drop_remade_has_the_same_impacts_and_recording_them_changes_nothing():
    one = simulate_drop(BOARD, resting_critters(5), to_drop(12), random.Random(8), PARAMS)
    two = simulate_drop(BOARD, resting_critters(5), to_drop(12), random.Random(8), PARAMS)
    assert one.impacts == two.impacts and one.poses == two.poses


def test_a_drop_that_hits_nothing_makes_no_sound():
    """A park where nothing is dropped: its pieces lie touching, still; nothing hits anything."""
    touching = [Piece("critter-a", "critter", Pose(200.0, 200.0, 0.0)),
                Piece("critter-b", "critter", Pose(200.0, 214.0, 0.0)), Piece("crumb-a", "crumb", Pose(230.0, 200.0, 0.0))]
    result = simulate_drop(BOARD, touching, [], random.Random(1), PARAMS)
    assert result.impacts == () and drop_cues(result.impacts) == []


def test_a_lone_crumb_only_lands_each_bounce_softer_and_is_silent_in_between():
    lone = simulate_drop(BOARD, [], to_drop(1), random.Random(2), PARAMS)
    assert {i.hit for i in lone.impacts} <= {"board", "fence"}, "nothing else to hit"
    lone = simulate_drop(BOARD, [], to_drop(1), random.Random(3), PARAMS)
    assert {i.hit for i in lone.impacts} == {"board"}, "this one stays clear of the fences"
    impulses = [i.impulse for i in lone.impacts]
    assert impulses == sorted(impulses, reverse=True) and len(impulses) >= 2
    cues = drop_cues(lone.impacts)
    assert [c.at for c in cues] == [i.time for i in lone.impacts if i.impulse >= IMPACTS.quietest]
    volumes, pitches = [c.volume for c in cues], [c.pitch for c in cues]
    assert volumes == sorted(volumes, reverse=True) and pitches == sorted(pitches), "louder and lower when harder"


def test_a_bigger_impulse_sounds_louder_and_lower_and_a_touch_is_silent():
    soft, hard = IMPACTS.cue(0.1, IMPACTS.quietest * 2, "board"), IMPACTS.cue(0.1, IMPACTS.loudest / 2, "board")
    assert soft.volume < hard.volume <= IMPACTS.volume and soft.pitch > hard.pitch
    assert IMPACTS.cue(0.1, IMPACTS.quietest * 0.9, "board") is None
    assert IMPACTS.cue(0.1, IMPACTS.loudest * 9, "board").volume == pytest.approx(IMPACTS.volume)
    assert IMPACTS.cue(0.1, 500.0, "crumb-1").name == IMPACTS.piece and IMPACTS.cue(0.1, 500.0, "fence").name \
        == IMPACTS.fence


def test_a_critter_knocked_into_another_space_is_heard():
    """In real Crumbs drops, every critter a drop knocked into another space is in an impact loud enough to hear
    (it was hit by a falling crumb, the dog or a piece sliding into it)."""
    game = registry.get("crumbs")
    heard = 0
    for seed in range(12):
        state = game.new_state(2, {}, seed)
        rng = random.Random(seed)
        for _ in range(600):
            if state.is_over():
                break
            for event in state.apply(rng.choice(state.legal_actions())):
                if event.kind != "drop":
                    continue
                for piece, knock in event.data["knocks"].items():
                    if event.data["kinds"][piece] != "critter" or knock["from"] == knock["to"]:
                        continue
                    hits = [i for i in event.data["impacts"] if piece in (i.piece, i.hit) and i.hit != "board"]
                    assert any(IMPACTS.cue(i.time, i.impulse, i.hit) for i in hits), f"seed {seed}: {piece}"
                    heard += 1
    assert heard >= 3, f"only {heard} knocked critters met"


def test_the_drop_animation_carries_its_impacts_as_cues_at_their_time():
    game = registry.get("crumbs")
    state = game.new_state(2, {}, 4)
    rng = random.Random(4)
    view = view_for(game)(game, [Seat("Ann", "orange"), Seat("Bob", "sky")])
    for _ in range(400):
        before = state.view(None)
        events = state.apply(rng.choice(state.legal_actions()))
        drops = [e for e in events if e.kind == "drop" and e.data["impacts"]]
        if drops:
            timeline = view.animate(events, before, state.view(None), None)
            cues = [(start, step) for start, step in timeline.leaves if isinstance(step, Cue)]
            frames = next(start for start, step in timeline.leaves if hasattr(step, "frames"))
            wanted = drop_cues(drops[0].data["impacts"])
            assert [step for _, step in cues][:len(wanted)] == wanted
            assert all(start == frames for start, _ in cues), "the cues start with the drop's frames"
            return
    pytest.fail("no drop met")


def test_the_impacts_are_the_same_read_through_pymunks_public_api(monkeypatch):
    fast = simulate_drop(BOARD, resting_critters(6), to_drop(15), random.Random(6), PARAMS)
    monkeypatch.setattr("physics.drop._lib", None)  # another pymunk build: no C binding to read through
    public = simulate_drop(BOARD, resting_critters(6), to_drop(15), random.Random(6), PARAMS)
    assert [(i.piece, i.hit) for i in public.impacts] == [(i.piece, i.hit) for i in fast.impacts]
    assert [i.impulse for i in public.impacts] == pytest.approx([i.impulse for i in fast.impacts])
