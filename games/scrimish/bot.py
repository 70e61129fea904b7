"""A Scrimish opponent a casual player finds fair: it remembers what combat revealed, weighs each
attack by what it expects to win or lose, and guards its Crown at setup. It sees only its view."""
from __future__ import annotations

import random
from collections import Counter

from games.core.actions import Action
from games.core.bots import Bot, about
from games.scrimish import combat
from games.scrimish.actions import Attack, Cancel, ChoosePile, Discard, FinishSetup, SelectCard, SwapCard
from games.scrimish.cards import Card
from games.scrimish.combat import Outcome
from games.scrimish.flow import SETUP
from games.scrimish.state import ScrimishState

WORTH = {"weapon": None, "archer": 4.0, "shield": 4.0, "crown": 0.0}  # None: the card's value
CROWN_STAKE = 100.0
GUARD = {"shield": 3.0, "weapon": 0.5, "archer": 0.0, "crown": 0.0}  # per card above the Crown
SETUP_SWAPS = 12


def worth(card: Card) -> float:
    """Returns how much losing `card` costs."""
    return float(card.value) if WORTH[card.kind] is None else WORTH[card.kind]


class CasualBot(Bot):
    """Expected-value attacks over the cards it has not seen; a guarded Crown at setup."""

    def choose(self, view: ScrimishState, rng: random.Random) -> Action:
        """Returns a legal action for the seat `view` was made for."""
        if view.phase == SETUP:
            return self._setup(view)
        moves = [a for a in view.legal_actions() if isinstance(a, (Attack, Discard))]
        if view.chosen is None:
            best = self._best(view, self._all_moves(view), rng)
            return ChoosePile(best.pile)
        return self._best(view, moves, rng) if moves else Cancel()

    # --- setup: a few improving swaps, then done -----------------------------------
    def _setup(self, view: ScrimishState) -> Action:
        """Returns the next step towards a guarded arrangement, or Done."""
        seat = view.viewer
        swap = self._best_swap(view, seat)
        if view.selected is not None:
            if swap and view.selected in swap:
                other = swap[1] if swap[0] == view.selected else swap[0]
                return SwapCard(*other)
            return Cancel()
        return SelectCard(*swap[0]) if swap else FinishSetup()

    def _best_swap(self, view: ScrimishState, seat: int):
        """Returns the swap ((pile, depth), (pile, depth)) that most improves the setup, or None."""
        piles = view.piles[seat]
        score = self._setup_score(view, piles)
        positions = [(p, d) for p in range(len(piles)) for d in range(len(piles[p]))]
        best, best_gain = None, 0.5
        for i, a in enumerate(positions):
            for b in positions[i + 1:]:
                if not view.swap_ok(a, b):
                    continue
                trial = [list(pile) for pile in piles]
                ia, ib = len(trial[a[0]]) - 1 - a[1], len(trial[b[0]]) - 1 - b[1]
                trial[a[0]][ia], trial[b[0]][ib] = trial[b[0]][ib], trial[a[0]][ia]
                gain = self._setup_score(view, trial) - score
                if gain > best_gain:
                    best, best_gain = (a, b), gain
        return best

    def _setup_score(self, view: ScrimishState, piles: list[list[str]]) -> float:
        """Returns how well `piles` guard the Crown and keep strong cards on top elsewhere."""
        cards = view.deck.cards
        score = 0.0
        for pile in piles:
            if pile[0] == view.deck.crown:
                guards = [min(GUARD[cards[c].kind] + cards[c].value / 3, 3.0) for c in pile[1:]]
                score += sum(sorted(guards, reverse=True)[:3])
            else:
                top = cards[pile[-1]]
                score += 0.4 * min(worth(top), 4.0) if top.kind != "shield" else 0.0
        return score

    # --- turns: the move with the best expected gain ----------------------------------
    def _all_moves(self, view: ScrimishState) -> list[Action]:
        """Returns every full move (attack or discard) the seat could make this turn."""
        seat, cards = view.viewer, view.deck.cards
        moves: list[Action] = []
        for p, pile in enumerate(view.piles[seat]):
            if not pile:
                continue
            top = cards[pile[-1]]
            if top.kind != "shield":
                moves += [Attack(p, s, q) for s, q in view.targets(seat)]
            if top.kind != "crown":
                moves.append(Discard(p))
        return moves

    def _best(self, view: ScrimishState, moves: list[Action], rng: random.Random) -> Action:
        """Returns the move with the highest expected gain, ties broken at random."""
        scored = [(self._expected(view, move) + rng.uniform(0, 0.3), move) for move in moves]
        return max(scored, key=lambda pair: pair[0])[1]

    def _expected(self, view: ScrimishState, move: Action) -> float:
        """Returns the expected material gain of `move`."""
        seat, cards = view.viewer, view.deck.cards
        mine = cards[view.piles[seat][move.pile][-1]]
        if isinstance(move, Discard):
            below = view.piles[seat][move.pile][:-1]
            unblocks = mine.kind == "shield" and below and below[-1] != view.deck.crown  # None: not known
            return -worth(mine) + (3.5 if unblocks else 0.0)
        gain = 0.0
        for card, chance in self._top_odds(view, move.target_seat, move.target_pile).items():
            gain += chance * self._gain(mine, cards[card])
        return gain

    def _gain(self, mine: Card, theirs: Card) -> float:
        """Returns the material gain when `mine` attacks `theirs`."""
        outcome = combat.resolve(mine, theirs)
        exposure = 0.1 * worth(mine)
        return {
            Outcome.ATTACKER_WINS: worth(theirs) - exposure,
            Outcome.DEFENDER_WINS: -worth(mine),
            Outcome.BOTH_DISCARDED: worth(theirs) - worth(mine),
            Outcome.BOTH_RETURN: -exposure,
            Outcome.CROWN_TAKEN: CROWN_STAKE,
            Outcome.CROWN_LOST: -CROWN_STAKE,
        }[outcome]

    def _top_odds(self, view: ScrimishState, seat: int, pile: int) -> dict[str, float]:
        """Returns the chance of each card being the top of an opponent's pile, from what is public."""
        top = view.piles[seat][pile][-1]
        if top is not None:
            return {top: 1.0}
        crown = view.deck.crown
        alive = [q for q, cards in enumerate(view.piles[seat]) if cards]
        crown_seen = any(cards and cards[-1] == crown for cards in view.piles[seat])
        crown_chance = 0.0
        if len(view.piles[seat][pile]) == 1 and not crown_seen:
            crown_chance = 1.0 / len(alive)  # the Crown lies at the bottom of one of the piles left
        pool = Counter(view.deck.card_list()) - Counter(view.seen_discards[seat])
        pool -= Counter(c for cards in view.piles[seat] for c in cards if c is not None)
        pool.pop(crown, None)
        total = sum(pool.values())
        odds = {card: (1 - crown_chance) * n / total for card, n in pool.items()} if total else {}
        if crown_chance:
            odds[crown] = crown_chance
        return odds

    def explain(self, view, action: Action) -> str | None:
        """Returns what this bot expects of `action` in a player's words: the card points an attack or a discard
        wins or loses on average, or a chance at (or a fear for) a Crown."""
        if isinstance(action, ChoosePile):
            moves = [move for move in self._all_moves(view) if move.pile == action.pile]
            if not moves:
                return None
            gain = max(self._expected(view, move) for move in moves)
        elif isinstance(action, (Attack, Discard)):
            gain = self._expected(view, action)
        else:
            return None
        if gain >= CROWN_STAKE / 2:
            return "the Normal bot sees a chance at the Crown"
        if gain <= -CROWN_STAKE / 2:
            return "the Normal bot fears for your Crown"
        if abs(gain) < 0.05:
            return "the Normal bot expects it to win or lose nothing"
        verb = "win" if gain > 0 else "lose"
        return f"the Normal bot expects it to {verb} {about(gain, 'card point')} on average"
