"""A bot's thinking time shared by the decisions of its turn (a turn: consecutive decisions of one seat).

Hard searches every decision it cannot leave to its guide, and a turn of Stumped or Crumbs holds five to
fifteen of them: a second each kept the table waiting that many seconds. `TurnBudget` gives each searched
decision a share of what is left of the turn's time: what is left (less a small spare) over the searched
decisions still expected in the turn, between a least and a most share. When less than the least share is
left, the decision gets nothing (the search then plays its guide's move, as Normal would). The decisions
expected are learned on the way: from the lengths of the bot's own past turns in this match (how many
decisions it searched in each), counting only those turns longer than the decisions made so far, with a
prior from data/table/levels.yaml for the turns not yet seen. Forced decisions and those the game leaves
to the guide take no share, but their time (the guide's) is spent from the turn all the same.
"""
from __future__ import annotations

import statistics
from dataclasses import dataclass, field


@dataclass
class TurnBudget:
    """The time of one bot's turns and what it has learned of their length."""

    seconds: float  # thinking time a turn, all its decisions together
    spare: float = 0.0  # kept back, so that a decision that overruns its share a little stays within the turn
    least: float = 0.0  # the least share worth searching: with less left, a decision gets none
    prior: float = 1.0  # searched decisions a turn, assumed before any turn was seen (one turn's weight)
    spent: float = 0.0  # time spent in the turn under way
    searched: int = 0  # decisions searched (or starved) in the turn under way
    lengths: list[int] = field(default_factory=list)  # searched decisions of each finished turn

    def new_turn(self) -> None:
        """Closes the turn under way (remembering its length if it searched anything) and starts another."""
        if self.searched:
            self.lengths.append(self.searched)
        self.spent, self.searched = 0.0, 0

    def expected_left(self) -> float:
        """Returns how many searched decisions the turn under way still holds, this one included: over the past
        turns (and the prior) longer than the decisions searched so far, how many more they held; at least one."""
        longer = [length - self.searched for length in (self.prior, *self.lengths) if length > self.searched]
        return max(1.0, statistics.fmean(longer)) if longer else 1.0

    def share(self, most: float) -> float:
        """Returns the time for the next searched decision: what is left of the turn over the decisions expected,
        at least `least` and at most `most` (and what is left); 0 when less than `least` is left."""
        left = self.seconds - self.spare - self.spent
        if left < self.least or left <= 0:
            return 0.0
        return min(most, left, max(self.least, left / self.expected_left()))

    def spend(self, seconds: float, searched: bool) -> None:
        """Counts a decision of the turn: the time it took, and whether it was one the search had to make."""
        self.spent += seconds
        self.searched += searched
