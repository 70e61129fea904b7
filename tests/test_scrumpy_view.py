"""The Scrumpy view on its own: its panels never overlap at any player count, every place of a cidery lies
inside it, a seat's drawing shows face up only the cards that seat may see, and every event of whole
games animates (short steps, each from and to a place on the table)."""
import pygame
import pytest

from games.core.bots import decision_rng
from games.core.match import Seat
from games.scrumpy import GAME, market
from games.scrumpy.bot import FairBot
from games.scrumpy.data import RESOURCES
from graphics.config import table_layout
from graphics.kit.hitmap import HitMap
from graphics.views.scrumpy import ScrumpyView
from graphics.views.scrumpy.geometry import Geometry, layout
from graphics.views.scrumpy.pieces import Faces
from tests.kit_helpers import painter

SEATS = [Seat("Ann", "orange"), Seat("Ben", "sky"), Seat("Cat", "green"), Seat("Dan", "yellow")]


def options(players: int) -> dict:
    return {"automa": "advanced"} if players == 1 else {}


def played(players: int, moves: int, seed: int = 1):
    """Returns a state some fair-bot moves into a game."""
    state = GAME.new_state(players, options(players), seed)
    bot = FairBot()
    for ply in range(moves):
        if state.is_over():
            break
        seat = state.current_player()
        state.apply(bot.choose(state.view(seat), decision_rng(seed, seat, ply)))
    return state


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_panels_do_not_overlap_and_stay_on_the_board(players):
    view = played(players, 0).view(None)
    geometry = Geometry(view, None)
    board = table_layout().rect("play.board")
    panels = [geometry.strip_panel(), geometry.goals_panel(), geometry.board(geometry.focus), geometry.hand_area()]
    panels += geometry.vendors + [geometry.board(seat) for seat in geometry.others]
    if view.automa is not None:
        panels.append(geometry.below)
    for i, panel in enumerate(panels):
        assert board.contains(panel), f"panel {i} {panel} leaves the board {board}"
        for other in panels[i + 1:]:
            assert not panel.colliderect(other), f"{panel} overlaps {other}"


@pytest.mark.parametrize("players", [1, 4])
def test_every_place_of_a_cidery_lies_inside_it(players):
    view = played(players, 40).view(0)
    geometry = Geometry(view, 0)
    for seat in range(players):
        board = geometry.board(seat)
        parts = [geometry.part(seat, "space", i) for i in range(3)] + [geometry.part(seat, "header")]
        parts += [geometry.part(seat, "store", i) for i in range(len(RESOURCES))]
        if geometry.whole(seat):
            parts += [geometry.part(seat, "office", i) for i in range(5)] + [geometry.part(seat, "orchard")]
            parts += [geometry.part(seat, "spot", i) for i in range(2)]
        for part in parts:
            assert board.contains(part), f"seat {seat}: {part} leaves {board}"
    hand = geometry.hand_area()
    for key in ("draw", "discard", "fan", "pool"):
        assert hand.contains(geometry.hand_part(key)), key
    for slot in range(4):
        assert geometry.strip_panel().contains(geometry.strip_slot(slot))
    for index in range(len(view.public_goals) + 1):
        assert geometry.goals_panel().contains(geometry.goal_row(index))
    for v, vendor in enumerate(geometry.vendors):
        for r in range(2):
            for s in range(len(view.data.spaces)):
                assert vendor.contains(geometry.vendor_space(v, r, s))


class FaceSpy:
    """Records every card drawn face up."""

    def __init__(self, monkeypatch) -> None:
        self.cards = []
        original = Faces.draw

        def spy(faces, paint, card, rect, lift=0):
            if card is not None:
                self.cards.append(card)
            return original(faces, paint, card, rect, lift)

        monkeypatch.setattr(Faces, "draw", spy)


def visible(state, seat: int | None) -> set[str]:
    """Returns the cards `seat` may see face up in the full state (its own hidden piles, the public places)."""
    cards = set(state.strip.cards()) | set(state.layabouts.cards)
    cards |= {c for cidery in state.cideries for space in cidery.spaces for c in space}
    if state.automa is not None:
        cards |= set(state.automa.workers)
    if seat is not None:
        cidery = state.cideries[seat]
        for pile in (cidery.hand, cidery.discard, cidery.pool):
            cards |= set(pile.cards)
    return cards


@pytest.mark.parametrize("players", [1, 3])
def test_each_viewer_sees_face_up_only_what_it_may(monkeypatch, players):
    paint = painter((1280, 720))
    view_class = ScrumpyView(GAME, SEATS[:players])
    spy = FaceSpy(monkeypatch)
    for moves in (0, 25, 60, 120):
        state = played(players, moves, seed=3)
        for seat in [None] + list(range(players)):
            spy.cards.clear()
            shown = state.view(seat)
            paint.hits = HitMap()
            view_class.draw(paint, shown, seat, set())
            view_class.draw_live(paint, shown, seat, None, set())
            allowed = visible(state, seat)
            assert set(spy.cards) <= allowed | {c.split("#")[0] for c in allowed}, (seat, set(spy.cards) - allowed)


def test_every_event_of_whole_games_animates_in_short_steps():
    """Each seat's version of every event of two bot games (3 players and solo) builds a timeline; no
    action's animation lasts long."""
    painter((1280, 720))
    longest = 0.0
    for players in (3, 1):
        view_class = ScrumpyView(GAME, SEATS[:players])
        state = GAME.new_state(players, options(players), 5)
        bot = FairBot()
        ply = 0
        while not state.is_over():
            seat = state.current_player()
            before = state.clone()
            events = state.apply(bot.choose(state.view(seat), decision_rng(5, seat, ply)))
            for viewer in (None, seat):
                timeline = view_class.animate([e.seen_by(viewer) for e in events], before.view(viewer),
                                              state.view(viewer), viewer)
                if timeline is not None:
                    longest = max(longest, timeline.duration)
            ply += 1
    assert 0 < longest <= layout().number("anim.card") * 20


def test_the_strip_price_counts_the_recruiters_discount():
    from games.scrumpy.actions import PlayWorker
    from graphics.views.scrumpy.table import price
    from tests.scrumpy_helpers import act, fresh, put
    state = fresh(2, 3)
    put(state, state.seat, "hand", "recruiter")
    state.me.coins = 20
    state._legal = None
    act(state, PlayWorker, card="recruiter", use=True)
    assert state.pending_decision().data["step"]["op"] == "recruit"
    view = state.view(state.seat)
    slot = next(i for i, c in enumerate(view.strip.slots) if c is not None and view.data.worker(c).cost >= 6)
    charged = next(p for s, _, p in market.recruit_offers(state, state.seat, 2) if s == slot)
    worker = view.data.worker(view.strip.slots[slot])
    assert price(view, slot) == charged == worker.cost - view.data.rules.strip_discounts[slot] - 2
    caption = ScrumpyView(GAME, SEATS[:2])._caption(view, ("strip", slot))
    assert caption.startswith(f"Price here: {charged} coins") and "-2 from the recruiting card" in caption


@pytest.mark.parametrize("size", [(1000, 700), (1280, 720), (1920, 1080)])
def test_every_worker_name_fits_whole_on_the_smallest_titled_card(size, monkeypatch):
    from games.scrumpy.data import load
    from graphics.kit import text as kit_text
    paint = painter(size)
    faces = Faces()
    scale = size[0] / table_layout().size("canvas")[0]
    fitted = []
    real_fit = kit_text.fit
    monkeypatch.setattr("graphics.kit.faces.fit", lambda *a, **k: fitted.append(real_fit(*a, **k)) or fitted[-1])
    card = layout().rect("board.first_space")  # a worker space (and the discard pile: the same size), the smallest
    assert layout().rect("hand.discard").size == card.size  # card drawn with its name: once blank at 1000x700
    for worker in load().workers:
        fitted.clear()
        faces._build(paint.assets, faces.face(faces.of(worker.id)), (int(card.width * scale), int(card.height * scale)))
        assert fitted, f"{worker.name}'s card is blank at {size}"
        title = fitted[0]
        if size[0] < 1280 and worker.name == "Master Procrastinator":  # too long for 7 pixels on a 50-pixel card
            assert title.lines[0].startswith("Master")
            continue
        assert not title.cut, f"{worker.name} is cut on a {card.size} card at {size}: {title.lines}"
        assert " ".join(title.lines) == worker.name


@pytest.mark.parametrize("size", [(1000, 700), (1280, 720), (1920, 1080)])
def test_every_card_drawn_with_a_name_shows_it_whole(size, monkeypatch):
    # A card too small for a whole name (a compact cidery's, the Automa's) shows its picture only.
    from games.scrumpy.data import load
    from graphics.kit import text as kit_text
    paint = painter(size)
    faces = Faces()
    canvas = table_layout().size("canvas")
    scale = min(size[0] / canvas[0], size[1] / canvas[1])
    fitted = []
    real_fit = kit_text.fit
    monkeypatch.setattr("graphics.kit.faces.fit", lambda assets, text, *a, **k: fitted.append(
        (text, real_fit(assets, text, *a, **k))) or fitted[-1][1])
    sizes = [layout().rect(key).size for key in ("compact.first_space", "strip.first_slot", "board.first_space")]
    sizes += [tuple(layout().size(key)) for key in ("automa.worker_card", "hand.card", "hand.pool_card")]
    named = 0
    for width, height in sizes:
        shown = (int(width * scale), int(height * scale))
        for worker in load().workers:
            fitted.clear()
            faces._build(paint.assets, faces.face(faces.of(worker.id)), shown)
            titles = [fit for text, fit in fitted if text == worker.name]
            if not titles:
                assert shown[0] < faces.style.detail_width
                continue
            named += 1
            if shown[0] < 60 and worker.name == "Master Procrastinator":
                continue  # 7 pixels at the least: too long for a 50-pixel card (1000x700)
            assert not titles[0].cut, f"{worker.name} is cut on a {shown} card at {size}: {titles[0].lines}"
    assert named


def test_the_strip_footer_says_when_the_evened_out_coins_are_in_force():
    from graphics.views.scrumpy.table import draw_strip
    for value, said in (("rulebook", False), ("even", True)):
        view = GAME.new_state(4, {"start_coins": value}, 2).view(None)
        paint = painter((1280, 720))
        texts = []
        real = paint.text
        paint.text = lambda text, *a, **k: texts.append(text) or real(text, *a, **k)
        draw_strip(paint, view, Geometry(view, None), Faces(), set())
        assert any("evened-out coins (our rule)" in t for t in texts) == said


def test_a_stored_card_shows_its_stores_icon_not_only_the_backs_apple(monkeypatch):
    """Found by hand at 1280x720: the Wood and Bottles stores showed the card back, whose big apple read as
    "apple" (the wood icon hid under the count badge). Each non-empty store draws its own icon on the card."""
    import pygame

    from graphics.paint import Painter
    from graphics.views.scrumpy.pieces import icon
    paint = painter((1280, 720))
    state = played(2, 30, seed=3)
    seat = state.current_player()
    cidery = state.cideries[seat]
    stored = [res for res in RESOURCES if cidery.count(res)]
    assert set(stored) - {"apple"}, "the game should have stored something besides apples by now"
    drawn = []
    original = Painter.image
    monkeypatch.setattr(Painter, "image", lambda self, name, rect: (drawn.append((name, pygame.Rect(rect))),
                                                                    original(self, name, rect))[1])
    paint.hits = HitMap()
    shown = state.view(seat)
    ScrumpyView(GAME, SEATS[:2]).draw(paint, shown, seat, set())
    geometry = Geometry(shown, seat)
    for i, res in enumerate(RESOURCES):
        bay = geometry.part(seat, "store", i)
        on_card = [r for name, r in drawn if name == icon(res) and bay.contains(r) and r.top > bay.y + bay.height // 3]
        assert bool(on_card) == (res in stored), (res, cidery.count(res))


def test_a_card_to_keep_is_labelled_keep_in_menus_and_hints():
    """Found by hand: at the Refresh the hint's top move read "1. Planter (from hand)"."""
    from games.scrumpy.actions import Pick
    state = GAME.new_state(2, {}, 2)
    rng = __import__("random").Random(2)
    while state.pending_decision().kind != "keep":
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.current_player())
    picks = [a for a in view.legal_actions() if isinstance(a, Pick)]
    labels = [ScrumpyView(GAME, SEATS[:2]).label(view, a, ["Ann", "Ben"]) for a in picks]
    assert picks and all(label == f"Keep {a.name} for next round" for a, label in zip(picks, labels)), labels


@pytest.mark.parametrize("players", [1, 4])
def test_the_strip_drawn_as_the_kits_market_row_keeps_its_spaces_and_badges(players):
    """The strip is the kit's draw_market: its slots and badges are where the layout puts the strip's spaces
    (where animations and hovers find them), each space registered under its key."""
    from graphics.kit.table import market_slots
    from graphics.views.scrumpy.table import draw_strip
    view = played(players, 12).view(0)
    geometry = Geometry(view, 0)
    area, gap, below = geometry.strip_market()
    count = len(view.strip.slots)
    badge = int(table_layout().number("badge.height"))
    slots = market_slots(area, count, geometry.strip_slot(0).size, gap, badge + below)
    assert slots == [geometry.strip_slot(slot) for slot in range(count)]
    assert [pygame.Rect(s.x, s.bottom + below, s.width, badge) for s in slots] == \
        [geometry.strip_badge(slot) for slot in range(count)]
    paint = painter((1280, 720))
    draw_strip(paint, view, geometry, Faces(), set())
    assert all(paint.hits.key_at(geometry.strip_slot(slot).center) == ("strip", slot) for slot in range(count))
