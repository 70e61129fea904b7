"""Scrimish: the state of one game, from private setup to the last Crown attacked."""
from __future__ import annotations

import copy
import functools
import random
from collections import Counter
from typing import Any, Sequence

from games.core.actions import Action, Event, seat_name
from games.core.state import State
from games.scrimish import combat
from games.scrimish.actions import (Attack, Cancel, ChoosePile, Discard, FinishSetup, SelectCard,
                                    Shuffle, SwapCard, UsePreset)
from games.scrimish.cards import Deck, load_deck
from games.scrimish.combat import Outcome
from games.scrimish.turns import Rotation, make_teams

SETUP, PLAY, OVER = "setup", "play", "over"


@functools.lru_cache(maxsize=4)
def _setup_menu(deck: Deck) -> tuple[Action, ...]:
    """Returns the setup options while no card is picked up: every card, the presets, shuffle, done."""
    cards = [SelectCard(p, d) for p in range(deck.piles) for d in range(deck.pile_size)]
    return tuple(cards + [UsePreset(p.id, p.name) for p in deck.presets] + [Shuffle(), FinishSetup()])


class ScrimishState(State):
    """One position: every player's piles and discards, what is public, and whose turn it is."""

    game_id = "scrimish"

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        self.phase = SETUP
        self.setup_seat = 0
        self.piles = [self._shuffled_piles() for _ in range(players)]  # bottom card first
        self.known = [[False] * self.deck.piles for _ in range(players)]  # top card public?
        self.discards: list[list[str | None]] = [[] for _ in range(players)]
        self.seen_discards: list[list[str]] = [[] for _ in range(players)]  # public knowledge
        self.out = [False] * players
        self.selected: tuple[int, int] | None = None  # setup: (pile, depth) picked up
        self.chosen: int | None = None  # turn: the pile picked to act with
        self.rotation = Rotation.starting_with(make_teams(options["mode"], players), 0)
        self.winning_seats: list[int] = []
        self.crowns_taken = [0] * players
        self.beaten = [0] * players
        self.turns = 0

    @property
    def deck(self) -> Deck:
        """Returns the deck data (shared, immutable)."""
        return load_deck()

    # --- queries ----------------------------------------------------------------------
    def current_player(self) -> int | None:
        """Returns the seat arranging piles or taking a turn, or None when the game is over."""
        if self.phase == SETUP:
            return self.setup_seat
        if self.phase == PLAY:
            return self.rotation.current(self.out)
        return None

    def _legal_actions(self) -> list[Action]:
        """Returns the options of the seat to move."""
        if self.phase == SETUP:
            return self._setup_actions()
        if self.phase == PLAY:
            return self._turn_actions()
        return []

    def _setup_actions(self) -> list[Action]:
        """Returns the setup options: pick a card, swap it, a preset, shuffle or done."""
        if self.selected is None:
            return list(_setup_menu(self.deck))
        positions = [(p, d) for p in range(self.deck.piles) for d in range(self.deck.pile_size)]
        return [SwapCard(*pos) for pos in positions if self.swap_ok(self.selected, pos)] + [Cancel()]

    def swap_ok(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Returns whether the setup seat may swap positions a and b: the Crown stays at a bottom."""
        if a == b:
            return False
        bottom = self.deck.pile_size - 1
        crown = self.deck.crown
        return ((self.card_at(self.setup_seat, *a) != crown or b[1] == bottom)
                and (self.card_at(self.setup_seat, *b) != crown or a[1] == bottom))

    def _turn_actions(self) -> list[Action]:
        """Returns the turn options: choose a pile, then attack, discard or cancel."""
        seat = self.current_player()
        if self.chosen is None:
            return [ChoosePile(p) for p, pile in enumerate(self.piles[seat]) if pile]
        top = self.deck.cards[self.piles[seat][self.chosen][-1]]
        actions: list[Action] = []
        if top.kind != "shield":
            actions += [Attack(self.chosen, s, q) for s, q in self.targets(seat)]
        if top.kind != "crown":
            actions.append(Discard(self.chosen))
        return actions + [Cancel()]

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
        """Returns one line telling the seat to move what to do now."""
        seat = self.current_player()
        if seat is None:
            return "The game is over."
        who = seat_name(names, seat)
        if self.phase == SETUP:
            if self.selected is not None:
                return f"{who}: click another card to swap them (the Crown stays at the bottom of a pile)."
            return f"{who}: arrange your piles - click two cards to swap them, or pick a setup, then Done."
        if self.chosen is None:
            return f"{who}: click one of your piles to attack or discard with its top card."
        top = self.deck.cards[self.piles[seat][self.chosen][-1]]
        if top.kind == "shield":
            return f"{who}: a Shield cannot attack - discard it, or Cancel and pick another pile."
        if top.kind == "crown":
            return f"{who}: attacking with the Crown wins only against a Crown - choose a pile to attack."
        return f"{who}: click an enemy pile to attack with your {top.name}, or discard it."

    # --- playing --------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        """Plays a legal action."""
        handler = getattr(self, f"_do_{type(action).__name__}")
        return handler(action)

    def _do_SelectCard(self, action: SelectCard) -> list[Event]:
        self.selected = (action.pile, action.depth)
        return []

    def _do_SwapCard(self, action: SwapCard) -> list[Event]:
        seat, (p1, d1), (p2, d2) = self.setup_seat, self.selected, (action.pile, action.depth)
        piles = self.piles[seat]
        i1, i2 = len(piles[p1]) - 1 - d1, len(piles[p2]) - 1 - d2
        piles[p1][i1], piles[p2][i2] = piles[p2][i2], piles[p1][i1]
        self.selected = None
        return []

    def _do_Cancel(self, action: Cancel) -> list[Event]:
        self.selected = self.chosen = None
        return []

    def _do_UsePreset(self, action: UsePreset) -> list[Event]:
        preset = next(p for p in self.deck.presets if p.id == action.preset)
        self.piles[self.setup_seat] = [list(reversed(pile)) for pile in preset.piles]
        self.selected = None
        return []

    def _do_Shuffle(self, action: Shuffle) -> list[Event]:
        self.piles[self.setup_seat] = self._shuffled_piles()
        self.selected = None
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

    def _do_FinishSetup(self, action: FinishSetup) -> list[Event]:
        events = [Event("setup_done", f"{{{self.setup_seat}}} has set up their piles.")]
        self.setup_seat += 1
        if self.setup_seat == self.players:
            first = self.rng.randrange(self.players)
            self.rotation = Rotation.starting_with(self.rotation.teams, first)
            self.phase = PLAY
            events.append(Event("first_player", f"{{{first}}} goes first (drawn at random).", {"seat": first}))
        return events

    def _do_ChoosePile(self, action: ChoosePile) -> list[Event]:
        self.chosen = action.pile
        return []

    def _do_Discard(self, action: Discard) -> list[Event]:
        seat = self.current_player()
        card = self.piles[seat][action.pile].pop()
        if self.known[seat][action.pile]:
            self.seen_discards[seat].append(card)
        self.discards[seat].append(card)
        self.known[seat][action.pile] = False
        data = {"seat": seat, "pile": action.pile}
        event = Event("discard", f"{{{seat}}} discards the top card of pile {action.pile + 1} face down.", data)
        return [event] + self._end_turn(seat)

    def _do_Attack(self, action: Attack) -> list[Event]:
        seat, pile, foe, target = self.current_player(), action.pile, action.target_seat, action.target_pile
        mine, theirs = self.piles[seat][pile][-1], self.piles[foe][target][-1]
        cards = self.deck.cards
        outcome = combat.resolve(cards[mine], cards[theirs])
        self.known[seat][pile] = self.known[foe][target] = True
        if outcome in (Outcome.DEFENDER_WINS, Outcome.BOTH_DISCARDED):
            self._discard_revealed(seat, pile)
        if outcome in (Outcome.ATTACKER_WINS, Outcome.BOTH_DISCARDED):
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
        text = (f"{{{seat}}} attacks {{{foe}}}'s pile {target + 1}: {self._named(mine)} against "
                f"{self._named(theirs)} - {self._outcome_text(outcome, mine, theirs)}")
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
        self.discards[seat].append(card)
        self.seen_discards[seat].append(card)
        self.known[seat][pile] = False

    def _named(self, card: str) -> str:
        """Returns 'a Sword (2)' style text for a card id."""
        info = self.deck.cards[card]
        article = "an" if info.name[0] in "AEIOU" else "a"
        return f"{article} {info.name} ({info.symbol})"

    def _outcome_text(self, outcome: Outcome, mine: str, theirs: str) -> str:
        """Returns the log's words for an attack's outcome."""
        name = {card: self.deck.cards[card].name for card in (mine, theirs)}
        return {
            Outcome.ATTACKER_WINS: f"the {name[theirs]} is discarded.",
            Outcome.DEFENDER_WINS: f"the {name[mine]} is discarded.",
            Outcome.BOTH_DISCARDED: "both are discarded.",
            Outcome.BOTH_RETURN: "the Shield stops the Archer; both go back.",
            Outcome.CROWN_TAKEN: "the Crown is taken!",
            Outcome.CROWN_LOST: "a Crown may only attack a Crown!",
        }[outcome]

    def _knock_out(self, seat: int) -> list[Event]:
        """Puts `seat` out of the game; ends the game when one team is left."""
        self.out[seat] = True
        events = [Event("out", f"{{{seat}}} is out: their Crown has fallen.", {"seat": seat})]
        teams_in = self.rotation.teams_in(self.out)
        if len(teams_in) == 1:
            self.phase = OVER
            self.winning_seats = list(self.rotation.teams[teams_in[0]])
            names = " and ".join(f"{{{s}}}" for s in self.winning_seats)
            events.append(Event("win", f"{names} {'win' if len(self.winning_seats) > 1 else 'wins'}!",
                                {"seats": self.winning_seats}))
        return events

    def _end_turn(self, seat: int) -> list[Event]:
        """Passes the turn on, unless the game just ended."""
        self.chosen = None
        self.turns += 1
        if self.phase == PLAY:
            self.rotation.advance(seat, self.out)
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
        """Replaces the cards `seat` may not see, and every discard, with None."""
        self.piles = [[[card if self.may_see(seat, s, p, i) else None for i, card in enumerate(pile)]
                       for p, pile in enumerate(piles)] for s, piles in enumerate(self.piles)]
        self.discards = [[None] * len(cards) for cards in self.discards]

    def clone(self) -> "ScrimishState":
        """Returns a deep copy, random generator included (by hand: deepcopy is slow here)."""
        other = copy.copy(self)
        other._legal = self.__dict__.get("_legal")
        other.options = dict(self.options)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.piles = [[list(pile) for pile in piles] for piles in self.piles]
        other.known = [list(k) for k in self.known]
        other.discards = [list(d) for d in self.discards]
        other.seen_discards = [list(d) for d in self.seen_discards]
        other.out = list(self.out)
        other.rotation = Rotation([list(m) for m in self.rotation.teams], self.rotation.team,
                                  list(self.rotation.member))
        other.winning_seats = list(self.winning_seats)
        other.crowns_taken = list(self.crowns_taken)
        other.beaten = list(self.beaten)
        return other

    # --- plain data -----------------------------------------------------------------
    def _fields_to_dict(self) -> dict[str, Any]:
        return {
            "phase": self.phase, "setup_seat": self.setup_seat, "piles": self.piles, "known": self.known,
            "discards": self.discards, "seen_discards": self.seen_discards, "out": self.out,
            "selected": list(self.selected) if self.selected else None, "chosen": self.chosen,
            "rotation": self.rotation.to_dict(),
            "winning_seats": self.winning_seats, "crowns_taken": self.crowns_taken, "beaten": self.beaten,
            "turns": self.turns,
        }

    def _fields_from_dict(self, data: dict[str, Any]) -> None:
        self.phase = data["phase"]
        if self.phase not in (SETUP, PLAY, OVER):
            raise ValueError(f"unknown phase {self.phase!r}")
        self.setup_seat = int(data["setup_seat"])
        self.piles = [[list(pile) for pile in piles] for piles in data["piles"]]
        self.known = [list(map(bool, k)) for k in data["known"]]
        self.discards = [list(d) for d in data["discards"]]
        self.seen_discards = [list(d) for d in data["seen_discards"]]
        self.out = list(map(bool, data["out"]))
        self.selected = tuple(data["selected"]) if data["selected"] else None
        self.chosen = data["chosen"]
        self.rotation = Rotation.from_dict(data["rotation"])
        self.winning_seats = list(data["winning_seats"])
        self.crowns_taken = list(data["crowns_taken"])
        self.beaten = list(data["beaten"])
        self.turns = int(data["turns"])
        self._check_cards()

    def _check_cards(self) -> None:
        """Raises ValueError unless every seat holds exactly one deck across piles and discards."""
        deck = Counter(self.deck.card_list())
        if len(self.piles) != self.players:
            raise ValueError("wrong number of players' piles")
        for seat in range(self.players):
            held = Counter(c for pile in self.piles[seat] for c in pile) + Counter(self.discards[seat])
            if held != deck:
                raise ValueError(f"seat {seat + 1}'s cards are not one whole deck")
