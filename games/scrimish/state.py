"""Scrimish: the state of one game, from private setup to the last Crown attacked."""
from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any, Sequence

from games.core.actions import Action, Event, seat_name
from games.core.decisions import Decision, DecisionStack
from games.core.state import State
from games.core.turns import TeamRotation
from games.core.words import listed
from games.core.zones import OWNER, Pile, fill_unknowns, minus
from games.scrimish import combat
from games.scrimish.actions import (
    Attack,
    Cancel,
    ChoosePile,
    Discard,
    FinishSetup,
    SelectCard,
    Shuffle,
    SwapCard,
    UsePreset,
)
from games.scrimish.cards import Deck, load_deck
from games.scrimish.combat import Outcome
from games.scrimish.turns import make_rotation

SETUP, PLAY, OVER = "setup", "play", "over"
ARRANGE, PILE, TARGET = "arrange", "pile", "target"  # the kinds of decision
_PHASE = {ARRANGE: SETUP, PILE: PLAY, TARGET: PLAY}


@functools.lru_cache(maxsize=4)
def _setup_menu(deck: Deck) -> tuple[Action, ...]:
    """Returns the setup options while no card is picked up: every card, the presets, shuffle, done."""
    cards = [SelectCard(p, d) for p in range(deck.piles) for d in range(deck.pile_size)]
    return tuple(cards + [UsePreset(p.id, p.name) for p in deck.presets] + [Shuffle(), FinishSetup()])


@functools.lru_cache(maxsize=4)
def _setup_search(deck: Deck) -> tuple[Action, ...]:
    """Returns the setup options worth searching: the named setups, shuffle and done."""
    return tuple([UsePreset(p.id, p.name) for p in deck.presets] + [Shuffle(), FinishSetup()])


@functools.lru_cache(maxsize=1024)
def _swaps(deck: Deck, picked: tuple[int, int], crown_pile: int) -> tuple[Action, ...]:
    """Returns the swaps open to a picked-up card while the Crown lies at the bottom of `crown_pile`:
    any other place, except that the Crown only ever changes places with another bottom card."""
    bottom = deck.pile_size - 1
    crown = (crown_pile, bottom)
    swaps = []
    for pile in range(deck.piles):
        for depth in range(deck.pile_size):
            place = (pile, depth)
            if place == picked or (picked == crown and depth != bottom) or (place == crown and picked[1] != bottom):
                continue
            swaps.append(SwapCard(pile, depth))
    return tuple(swaps)


class ScrimishState(DecisionStack, State):
    """One position: every player's piles and discards, what is public, and who decides what."""

    game_id = "scrimish"
    decisions: list[Decision]
    piles: list[list[list[str | None]]]  # per seat, five piles, bottom card first
    known: list[list[bool]]  # per seat and pile: is the top card public?
    discards: list[Pile]  # face down; each seat remembers its own
    seen_discards: list[list[str]]  # per seat: discarded cards the whole table saw (public knowledge)
    out: list[bool]
    rotation: TeamRotation
    winning_seats: list[int]
    crowns_taken: list[int]
    beaten: list[int]
    turns: int

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        self.piles = [self._shuffled_piles() for _ in range(players)]
        self.known = [[False] * self.deck.piles for _ in range(players)]
        self.discards = [Pile([], OWNER, seat) for seat in range(players)]
        self.seen_discards = [[] for _ in range(players)]
        self.out = [False] * players
        self.rotation = make_rotation(options["mode"], players)
        self.winning_seats = []
        self.crowns_taken = [0] * players
        self.beaten = [0] * players
        self.turns = 0
        self.decisions = [Decision(ARRANGE, 0, "", {"selected": None})]

    @property
    def deck(self) -> Deck:
        """Returns the deck data (shared, immutable)."""
        return load_deck()

    # --- what is pending ------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """Returns setup, play or over."""
        return _PHASE[self.decisions[-1].kind] if self.decisions else OVER

    @property
    def setup_seat(self) -> int:
        """Returns the seat arranging its piles (the number of seats once setup is over)."""
        return self.decisions[-1].seat if self.phase == SETUP else self.players

    @property
    def selected(self) -> tuple[int, int] | None:
        """Returns the (pile, depth) picked up during setup, if any."""
        if self.phase != SETUP:
            return None
        picked = self.decisions[-1].data["selected"]
        return tuple(picked) if picked is not None else None

    @property
    def chosen(self) -> int | None:
        """Returns the pile picked to act with this turn, if any."""
        top = self.decisions[-1] if self.decisions else None
        return top.data["pile"] if top is not None and top.kind == TARGET else None

    # --- options ----------------------------------------------------------------------
    def options_arrange(self, decision: Decision) -> list[Action]:
        """Setup: pick a card, swap it, a preset, shuffle or done."""
        picked = decision.data["selected"]
        if picked is None:
            return list(_setup_menu(self.deck))
        piles = self.piles[decision.seat]
        crown_pile = next(p for p, pile in enumerate(piles) if pile and pile[0] == self.deck.crown)
        swaps = _swaps(self.deck, tuple(picked), crown_pile)
        return list(swaps) + [Cancel()]

    def swap_ok(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Returns whether the setup seat may swap positions a and b: the Crown stays at a bottom."""
        if a == b:
            return False
        bottom = self.deck.pile_size - 1
        crown = self.deck.crown
        return ((self.card_at(self.setup_seat, *a) != crown or b[1] == bottom)
                and (self.card_at(self.setup_seat, *b) != crown or a[1] == bottom))

    def options_pile(self, decision: Decision) -> list[Action]:
        """Turn: choose a non-empty pile."""
        return [ChoosePile(p) for p, pile in enumerate(self.piles[decision.seat]) if pile]

    def options_target(self, decision: Decision) -> list[Action]:
        """Turn: attack, discard or cancel with the chosen pile's top card."""
        seat, pile = decision.seat, decision.data["pile"]
        top = self.deck.cards[self.piles[seat][pile][-1]]
        actions: list[Action] = []
        if top.kind != "shield":
            actions += [Attack(pile, s, q) for s, q in self.targets(seat)]
        if top.kind != "crown":
            actions.append(Discard(pile))
        return actions + [Cancel()]

    def search_actions(self) -> list[Action]:
        """Returns the options worth searching: at setup one of the named setups or a shuffle, then done
        (arranging twice gains a search nothing and costs a player a wait)."""
        decision = self.decisions[-1] if self.decisions else None
        if decision is not None and decision.kind == ARRANGE and decision.data["selected"] is None:
            return [FinishSetup()] if decision.data.get("arranged") else list(_setup_search(self.deck))
        return super().search_actions()

    def targets(self, seat: int) -> list[tuple[int, int]]:
        """Returns the (seat, pile) tops `seat` may attack: non-empty piles of opponents still in."""
        team = self.team_of(seat)
        return [(s, q) for s in range(self.players) if not self.out[s] and self.team_of(s) != team
                for q, pile in enumerate(self.piles[s]) if pile]

    def card_at(self, seat: int, pile: int, depth: int) -> str | None:
        """Returns the card id at `depth` (0 = top) of a pile, None if unknown or absent."""
        cards = self.piles[seat][pile]
        return cards[-1 - depth] if depth < len(cards) else None

    def team_of(self, seat: int) -> int:
        """Returns the team index of `seat` (every player is a team of one outside team games)."""
        return self.rotation.team_of(seat)

    def team_game(self) -> bool:
        """Returns whether some team has more than one player."""
        return len(self.rotation.teams) < self.players

    # --- scores -----------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Returns 1 for each seat on the winning team, 0 for the others."""
        return [1 if seat in self.winning_seats else 0 for seat in range(self.players)]

    def winners(self) -> list[int]:
        """Returns the seats of the winning team once the game is over."""
        return list(self.winning_seats)

    def score_details(self) -> list[list[tuple[str, int]]]:
        """Returns, per seat: won, Crowns taken, enemy cards beaten, own cards left in piles."""
        return [[("Won", score), ("Crowns taken", self.crowns_taken[seat]),
                 ("Enemy cards beaten", self.beaten[seat]),
                 ("Cards left", sum(len(p) for p in self.piles[seat]))]
                for seat, score in enumerate(self.scores())]

    def status(self, names: Sequence[str] = ()) -> str:
        """Returns one line telling the seat to move what to do now, built from what this state holds:
        in another seat's view it names no card that seat cannot see."""
        seat = self.current_player()
        if seat is None:
            return "The game is over."
        who = seat_name(names, seat)
        if self.phase == SETUP:
            if self.selected is not None:
                return f"{who}: click another card to swap them (the Crown stays at the bottom of a pile)."
            return f'{who}: arrange your piles - swap two cards, or pick a setup, then "Done setting up".'
        if self.chosen is None:
            return f"{who}: click one of your piles to attack or discard with its top card."
        card = self.piles[seat][self.chosen][-1] if self.piles[seat][self.chosen] else None
        if card is None:  # a view in which the mover's top card is face down: say only what is public
            return f"{who} has picked pile {self.chosen + 1}: to attack with its top card, or discard it."
        top = self.deck.cards[card]
        if top.kind == "shield":
            return f"{who}: a Shield cannot attack - discard it, or Cancel and pick another pile."
        if top.kind == "crown":
            return f"{who}: attacking with the Crown wins only against a Crown - choose a pile to attack."
        return f"{who}: click an enemy pile to attack with your {top.name}, or discard it."

    def why_not(self, target: Any) -> str | None:
        """Returns why the seat to move cannot act on a place now, in the rulebook's words: `target` is
        ("card", seat, pile, depth), ("pile", seat, pile) or ("discard", seat), as the view draws them.
        Uses only what the mover sees: its own top card and what the whole table saw."""
        me = self.current_player()
        if me is None or not isinstance(target, tuple) or not target or target[0] not in ("card", "pile", "discard"):
            return None
        if any(action_place(action, self) == target for action in self.legal_actions()):
            return None
        kind, owner = target[0], target[1]
        if self.phase == SETUP:
            if kind == "discard":
                return 'Nothing is discarded during setup: arrange your piles, then "Done setting up".'
            if owner != me:
                return "Each player arranges only their own piles, in secret."
            picked, place = self.selected, tuple(target[2:]) if kind == "card" else (target[2], 0)
            if picked is not None and place != picked:
                return "The Crown must stay at the bottom of a pile: it only swaps with another bottom card."
            return None
        if kind == "discard":
            return "Discarded cards are out of the game: they never come back."
        if self.out[owner]:
            return "That player is out: their Crown has fallen."
        if kind == "card":
            return "Only the top card of a pile can attack or be attacked."
        pile = target[2]
        if not self.piles[owner][pile]:
            return "That pile is empty."
        if self.chosen is None:
            if owner != me and self.team_of(owner) == self.team_of(me):
                return "That is your teammate's pile: pick one of your own piles to act with."
            return "Pick one of your own piles first, then the enemy pile to attack."
        if owner == me:
            return f"You have picked pile {self.chosen + 1}: Cancel first to act with another pile."
        if self.team_of(owner) == self.team_of(me):
            return "You never attack your own team's piles."
        card = self.piles[me][self.chosen][-1]
        if card is not None and self.deck.cards[card].kind == "shield":
            return "Shield Cards cannot be used to attack: discard it, or Cancel and pick another pile."
        return None

    # --- playing --------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        """Plays a legal action."""
        return _HANDLERS[type(action)](self, action)

    def _do_select(self, action: SelectCard) -> list[Event]:
        self.decisions[-1].data["selected"] = [action.pile, action.depth]
        return []

    def _do_swap(self, action: SwapCard) -> list[Event]:
        seat, (p1, d1), (p2, d2) = self.setup_seat, self.selected, (action.pile, action.depth)
        piles = self.piles[seat]
        i1, i2 = len(piles[p1]) - 1 - d1, len(piles[p2]) - 1 - d2
        piles[p1][i1], piles[p2][i2] = piles[p2][i2], piles[p1][i1]
        self.decisions[-1].data["selected"] = None
        return []

    def _do_cancel(self, action: Cancel) -> list[Event]:
        if self.decisions[-1].kind == TARGET:
            self.decisions.pop()
        else:
            self.decisions[-1].data["selected"] = None
        return []

    def _do_preset(self, action: UsePreset) -> list[Event]:
        preset = next(p for p in self.deck.presets if p.id == action.preset)
        self.piles[self.setup_seat] = [list(reversed(pile)) for pile in preset.piles]
        self.decisions[-1].data.update(selected=None, arranged=True)
        return []

    def _do_shuffle(self, action: Shuffle) -> list[Event]:
        self.piles[self.setup_seat] = self._shuffled_piles()
        self.decisions[-1].data.update(selected=None, arranged=True)
        return []

    def _shuffled_piles(self) -> list[list[str]]:
        """Returns a random arrangement of one deck with the Crown at the bottom of a random pile."""
        crown = self.deck.crown
        cards = [c for c in self.deck.card_list() if c != crown]
        self.rng.shuffle(cards)
        crown_pile = self.rng.randrange(self.deck.piles)
        piles = []
        for p in range(self.deck.piles):
            pile = [crown] if p == crown_pile else []
            while len(pile) < self.deck.pile_size:
                pile.append(cards.pop())
            piles.append(pile)
        return piles

    def _do_finish(self, action: FinishSetup) -> list[Event]:
        seat = self.decisions.pop().seat
        events = [Event("setup_done", f"{{{seat}}} has set up their piles.")]
        if seat + 1 < self.players:
            self.decisions.append(Decision(ARRANGE, seat + 1, "", {"selected": None}))
            return events
        first = self.rng.randrange(self.players)
        self.rotation.start_with(first)
        self.decisions.append(Decision(PILE, first))
        events.append(Event("first_player", f"{{{first}}} goes first (drawn at random).", {"seat": first}))
        return events

    def _do_choose(self, action: ChoosePile) -> list[Event]:
        self.decisions.append(Decision(TARGET, self.decisions[-1].seat, "", {"pile": action.pile}))
        return []

    def _do_discard(self, action: Discard) -> list[Event]:
        seat = self.decisions[-1].seat
        card = self.piles[seat][action.pile].pop()
        if self.known[seat][action.pile]:
            self.seen_discards[seat].append(card)
        self.discards[seat].cards.append(card)
        self.known[seat][action.pile] = False
        data = {"seat": seat, "pile": action.pile}
        event = Event("discard", f"{{{seat}}} discards the top card of pile {action.pile + 1} face down.", data)
        return [event] + self._end_turn(seat)

    def _do_attack(self, action: Attack) -> list[Event]:
        seat, pile, foe, target = self.decisions[-1].seat, action.pile, action.target_seat, action.target_pile
        mine, theirs = self.piles[seat][pile][-1], self.piles[foe][target][-1]
        cards = self.deck.cards
        outcome = combat.resolve(cards[mine], cards[theirs])
        self.known[seat][pile] = self.known[foe][target] = True
        if outcome is Outcome.DEFENDER_WINS or outcome is Outcome.BOTH_DISCARDED:
            self._discard_revealed(seat, pile)
        if outcome is Outcome.ATTACKER_WINS or outcome is Outcome.BOTH_DISCARDED:
            self._discard_revealed(foe, target)
        if outcome is Outcome.ATTACKER_WINS:
            self.beaten[seat] += 1
        elif outcome is Outcome.DEFENDER_WINS:
            self.beaten[foe] += 1
        elif outcome is Outcome.BOTH_DISCARDED:
            self.beaten[seat] += 1
            self.beaten[foe] += 1
        data = {"seat": seat, "pile": pile, "card": mine, "target_seat": foe, "target_pile": target,
                "target_card": theirs, "outcome": outcome.value}
        text = (f"{{{seat}}} attacks {{{foe}}}'s pile {target + 1}: {self.deck.named[mine]} against "
                f"{self.deck.named[theirs]} - {_outcome_text(self.deck, outcome, mine, theirs)}")
        events = [Event("attack", text, data, reveals=True)]
        if outcome is Outcome.CROWN_TAKEN:
            self.crowns_taken[seat] += 1
            events += self._knock_out(foe)
        elif outcome is Outcome.CROWN_LOST:
            events += self._knock_out(seat)
        return events + self._end_turn(seat)

    def _discard_revealed(self, seat: int, pile: int) -> None:
        """Moves a card that was shown in combat from the top of a pile to its owner's discards."""
        card = self.piles[seat][pile].pop()
        self.discards[seat].cards.append(card)
        self.seen_discards[seat].append(card)
        self.known[seat][pile] = False

    def _knock_out(self, seat: int) -> list[Event]:
        """Puts `seat` out of the game; ends the game when one team is left."""
        self.out[seat] = True
        events = [Event("out", f"{{{seat}}} is out: their Crown has fallen.", {"seat": seat})]
        teams_in = self.rotation.teams_in(self.out)
        if len(teams_in) == 1:
            self.winning_seats = list(self.rotation.teams[teams_in[0]])
            names = listed(f"{{{s}}}" for s in self.winning_seats)
            events.append(Event("win", f"{names} {'win' if len(self.winning_seats) > 1 else 'wins'}!",
                                {"seats": self.winning_seats}))
        return events

    def _end_turn(self, seat: int) -> list[Event]:
        """Passes the turn on, unless the game just ended."""
        self.decisions.clear()
        self.turns += 1
        if not self.winning_seats:
            self.rotation.advance(seat, self.out)
            self.decisions.append(Decision(PILE, self.rotation.current(self.out)))
        return []

    # --- what a seat may see --------------------------------------------------------
    def may_see(self, viewer: int | None, seat: int, pile: int, index: int) -> bool:
        """Returns whether `viewer` may see the card at `index` (0 = bottom) of a pile."""
        top = index == len(self.piles[seat][pile]) - 1
        if self.phase == OVER or (top and self.known[seat][pile]):
            return True
        if viewer != seat:
            return False
        return self.phase == SETUP or self.options["visibility"] == "beginner" or top

    def _hide(self, seat: int | None) -> None:
        """Replaces the cards `seat` may not see with None; each seat remembers its own discards."""
        self.piles = [[[card if self.may_see(seat, s, p, i) else None for i, card in enumerate(pile)]
                       for p, pile in enumerate(piles)] for s, piles in enumerate(self.piles)]
        if self.phase != OVER:
            for discards in self.discards:
                discards.hide(seat)

    def _fill_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deals every unknown card of each seat from what is left of its deck, the Crown only at the
        bottom of a pile; discards the table saw are among that seat's discards."""
        deck, crown = self.deck.card_list(), self.deck.crown
        for owner in range(self.players):
            piles, discards = self.piles[owner], self.discards[owner].cards
            if None in discards:
                unseen = minus(self.seen_discards[owner], [c for c in discards if c is not None])
                slots = [i for i, c in enumerate(discards) if c is None]
                for i, card in zip(slots, unseen):
                    discards[i] = card
            pool = minus(deck, [c for pile in piles for c in pile if c is not None]
                         + [c for c in discards if c is not None])
            if crown in pool:
                open_bottoms = [pile for pile in piles if pile and pile[0] is None]
                rng.choice(open_bottoms)[0] = crown
                pool.remove(crown)
            fill_unknowns(piles + [discards], pool, rng)

    def check(self) -> None:
        """Raises ValueError unless every seat holds exactly one deck across piles and discards,
        the Crown lies at the bottom of a pile and the decisions fit the position."""
        deck = Counter(self.deck.card_list())
        if not (len(self.piles) == len(self.discards) == len(self.known) == len(self.out) == self.players):
            raise ValueError("wrong number of players' piles")
        for seat in range(self.players):
            held = Counter(c for pile in self.piles[seat] for c in pile) + Counter(self.discards[seat].cards)
            if held != deck:
                raise ValueError(f"seat {seat + 1}'s cards are not one whole deck")
            if not any(pile and pile[0] == self.deck.crown for pile in self.piles[seat]):
                raise ValueError(f"seat {seat + 1}'s Crown is not at the bottom of a pile")
            if len(self.piles[seat]) != self.deck.piles or len(self.known[seat]) != self.deck.piles:
                raise ValueError(f"seat {seat + 1} does not have {self.deck.piles} piles")
        for decision in self.decisions:
            if decision.kind not in _PHASE or not 0 <= decision.seat < self.players:
                raise ValueError("a pending decision is not one of this game's")
        if self.winning_seats:
            team = self.team_of(self.winning_seats[0])
            if sorted(self.winning_seats) != self.rotation.teams[team] or self.decisions or any(
                    not self.out[s] for s in range(self.players) if self.team_of(s) != team):
                raise ValueError("the winners are not the last team standing")
        elif not self.decisions:
            raise ValueError("the game is over without winners")


def action_place(action: Action, state: ScrimishState) -> tuple | None:
    """Returns the place a click does `action` on (as the view draws it), None for the action bar."""
    seat = state.current_player()
    if isinstance(action, (SelectCard, SwapCard)):
        return ("card", seat, action.pile, action.depth)
    if isinstance(action, ChoosePile):
        return ("pile", seat, action.pile)
    if isinstance(action, Attack):
        return ("pile", action.target_seat, action.target_pile)
    if isinstance(action, Cancel):
        if state.phase == SETUP and state.selected is not None:
            return ("card", seat, *state.selected)
        return ("pile", seat, state.chosen) if state.chosen is not None else None
    return None


def _outcome_text(deck: Deck, outcome: Outcome, mine: str, theirs: str) -> str:
    """Returns the log's words for an attack's outcome."""
    name = {mine: deck.cards[mine].name, theirs: deck.cards[theirs].name}
    if outcome is Outcome.ATTACKER_WINS:
        return f"the {name[theirs]} is discarded."
    if outcome is Outcome.DEFENDER_WINS:
        return f"the {name[mine]} is discarded."
    return {
        Outcome.BOTH_DISCARDED: "both are discarded.",
        Outcome.BOTH_RETURN: "the Shield stops the Archer; both go back.",
        Outcome.CROWN_TAKEN: "the Crown is taken!",
        Outcome.CROWN_LOST: "a Crown may only attack a Crown!",
    }[outcome]


_HANDLERS = {
    SelectCard: ScrimishState._do_select, SwapCard: ScrimishState._do_swap, Cancel: ScrimishState._do_cancel,
    UsePreset: ScrimishState._do_preset, Shuffle: ScrimishState._do_shuffle, FinishSetup: ScrimishState._do_finish,
    ChoosePile: ScrimishState._do_choose, Discard: ScrimishState._do_discard, Attack: ScrimishState._do_attack,
}
