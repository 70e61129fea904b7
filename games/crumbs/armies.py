"""Army sheets in play: the numbers of the side each seat shows, costs, upgrades."""
from __future__ import annotations

from games.core.actions import Event
from games.crumbs.data import Army, Side

MODIFIERS = {"move": "move_cost", "spawn": "spawn_cost", "dog_drop": "dog_cost", "dog_place": "dog_cost"}  # by cards


class Armies:
    """What the rules ask of a seat's army sheet."""

    armies: list[str | None]
    upgraded: list[bool]
    attack_wins: list[int]
    modifiers: dict[str, int]

    def army(self, seat: int) -> Army:
        """Returns the army a seat plays."""
        return self.data.armies[self.armies[seat]]

    def side(self, seat: int) -> Side:
        """Returns the side of the sheet a seat shows."""
        army = self.army(seat)
        return army.upgraded if self.upgraded[seat] else army.basic

    def number(self, seat: int, name: str, default: int = 0) -> int:
        """Returns a number from the seat's sheet (0 or `default` when the side does not have it)."""
        return self.side(seat).numbers.get(name, default)

    def cost(self, seat: int, action: str) -> int:
        """Returns what an action costs a seat now, round modifiers included (never below 0)."""
        costs = self.data.numbers.costs
        if action == "special":
            return max(0, self.side(seat).special_cost)
        if action == "spawn":
            base = self.number(seat, "spawn_cost", costs.spawn)
        else:
            base = getattr(costs, action)
        return max(0, base + self.modifiers.get(MODIFIERS[action], 0))

    def check_upgrades(self, end_of_turn: int | None = None) -> list[Event]:
        """Flips every sheet whose upgrade condition holds (pond spaces only at the end of its turn)."""
        events = []
        for seat, army_id in enumerate(self.armies):
            if army_id is None or self.upgraded[seat]:
                continue
            army = self.army(seat)
            if self._upgrade_progress(seat, army, end_of_turn) >= army.upgrade_amount:
                self.upgraded[seat] = True
                side = army.upgraded
                events.append(Event("upgrade", f"{{{seat}}}'s {army.name} flip their sheet: {side.ability}!",
                                    {"seat": seat}))
        return events

    def _upgrade_progress(self, seat: int, army: Army, end_of_turn: int | None) -> int:
        """Returns how far a seat is towards its upgrade condition."""
        if army.upgrade == "critters_on_board":
            return len(self.on_board("critter", seat))
        if army.upgrade == "pond_spaces":
            if end_of_turn != seat:
                return 0
            return sum(1 for space in self.controlled(seat) if self.board.has_pond(space))
        if army.upgrade == "stockpile_held":
            held = set(self.controlled(seat))
            return sum(1 for crumb in self.on_board("stockpile") if self.where(crumb) in held)
        return self.attack_wins[seat]

    def upgrade_progress(self, seat: int) -> int:
        """Returns a seat's progress towards flipping its sheet, for the screen."""
        return self._upgrade_progress(seat, self.army(seat), seat)
