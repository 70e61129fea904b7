"""Drops and what follows them: knocked critters scuffle, knocked special crumbs score at once;
and the feeding: Granny's Favor drops the crumbs, every army scores, the park is reset."""
from __future__ import annotations

import hashlib
import math
import random

from games.core.actions import Event
from games.crumbs import armies, rounds, scuffle
from games.crumbs.scuffle import ATTACKER, DEFENDER, NEITHER
from games.crumbs.table import CRUMB_KINDS
from physics import Arena, DropResult, Pose, simulate_drop
from physics import Piece as Body

SPECIAL_KINDS = ("wet", "stockpile")
DROP_TEXT = {
    "setup drop": "Everyone's first critters tumble onto the park.",
    "feeding": "The crumbs rain down on the park.",
    "dog drop": "The dog is dropped over the park.",
}


class Drops:
    """Physical drops and their consequences for the rules."""

    # --- a drop -------------------------------------------------------------------------------
    def drop(self, dropped: list[str], reason: str) -> list[Event]:
        """Drops pieces over the centre, applies where everything came to rest, resolves the results."""
        board = self.board
        control = self.control_map()
        pieces = self.pieces
        before = {p: self.where(p) for p, piece in pieces.items() if piece.pose is not None}
        start = {p: pieces[p].pose for p in before}
        resting = [Body(p, pieces[p].kind, Pose(*pieces[p].pose)) for p in sorted(before) if p not in dropped]
        falling = [Body(p, pieces[p].kind) for p in sorted(dropped)]
        arena = Arena(board.outline, self.data.numbers.fence_height, (board.width / 2, board.height / 2))
        params = self.data.physics.bounced(self.options.get("bounce", "normal"))
        if self.sampled_drops:
            result = self._sampled_drop(falling)
        else:
            result = simulate_drop(arena, resting, falling, self.drop_rng(), params)
        for piece_id in sorted(result.knocked.union(dropped)):  # the other pieces are put back exactly as they lay
            pose = result.poses[piece_id]
            self.set_pose(piece_id, (pose.x, pose.y, pose.angle))
        knocks = {p: {"from": before[p], "to": self.where(p)} for p in sorted(result.knocked)}
        moved = set(dropped) | {p for p, knock in knocks.items() if knock["to"] != knock["from"]}
        data = {"reason": reason, "frames": result.frames, "start": start, "dropped": sorted(dropped),
                "kinds": {p: pieces[p].kind for p in result.poses},
                "owners": {p: pieces[p].owner for p in result.poses}, "knocked": sorted(result.knocked),
                "knocks": knocks, "redropped": sorted(result.redrops), "impacts": result.impacts}
        events = [Event("drop", DROP_TEXT.get(reason, f"{reason}: pieces are dropped over the park."), data,
                        reveals=True)]
        events += self._knock_lines(knocks)
        events += self._scuffles_after(control, moved)
        events += self._knocked_crumbs(before, set(result.knocked) - set(dropped))
        return events

    def _sampled_drop(self, falling: list[Body]) -> DropResult:
        """Returns a stand-in for a drop, for a search's imagined games: each falling piece lands at a
        random point of the park, its chance by area (real feedings give every space about its share of
        the area: benchmarks/crumbs_table.py), knocking nothing; no frames."""
        board, rng = self.board, self.rng
        margin = self.data.physics.spec("critter").length / 2 + board.fence_width
        poses = {body.id: Pose(rng.uniform(margin, board.width - margin), rng.uniform(margin, board.height - margin),
                               rng.uniform(-math.pi, math.pi)) for body in falling}
        return DropResult(poses, [], frozenset(), {}, frozenset(), 0.0)

    def drop_rng(self) -> random.Random:
        """Returns a fresh generator for one drop, seeded by one draw from the game's.

        A drop's frames are public (every screen animates them) and carry values drawn from its
        generator; a generator of its own keeps the game's (dice, shuffles) out of reach of anyone
        reading them. The draw goes through a hash, so not even that draw shows in the frames.
        """
        draw = self.rng.getrandbits(64).to_bytes(8, "big")
        return random.Random(int.from_bytes(hashlib.sha256(b"crumbs-drop" + draw).digest(), "big"))

    def _knock_lines(self, knocks: dict[str, dict]) -> list[Event]:
        """Returns a line for the log for each critter, the dog or special crumb knocked into another space."""
        events = []
        for piece_id, knock in knocks.items():
            piece = self.pieces[piece_id]
            if knock["to"] == knock["from"] or piece.kind == "crumb":
                continue
            whose = (f"{{{piece.owner}}}'s {armies.army(self, piece.owner).critter}" if piece.kind == "critter"
                     else "The dog" if piece.kind == "dog" else f"A {piece.kind} crumb")
            text = f"{whose} is knocked from {self.space_name(knock['from'])} into {self.space_name(knock['to'])}."
            events.append(Event("knock", text, {"piece": piece_id, "seat": piece.owner, **knock}))
        return events

    def _scuffles_after(self, control: dict, moved: set[str]) -> list[Event]:
        """Resolves a scuffle in every space that critters entered and now holds two or more armies."""
        entered = {self.where(p) for p in moved if self.pieces[p].kind == "critter"}
        events = []
        for space in self.board.spaces:
            if space not in entered or space == self.board.fountain:
                continue
            seats = self.armies_in(space)
            if len(seats) < 2:
                continue
            defender = control.get(space) if control.get(space) in seats else None
            roles = {seat: DEFENDER if seat == defender else ATTACKER if defender is not None else NEITHER
                     for seat in seats}
            events += self.fight(space, roles)
        return events

    def _knocked_crumbs(self, before: dict, knocked: set[str]) -> list[Event]:
        """Scores each special crumb knocked into another space for that space's controller, at once."""
        events = []
        for crumb in sorted(knocked):
            if self.pieces[crumb].kind not in SPECIAL_KINDS or self.where(crumb) == before.get(crumb):
                continue
            space = self.where(crumb)
            seat = self.controller(space) if space else None
            if seat is None:
                continue
            points = self.crumb_points(seat, space, crumb)
            if points:
                events += self.gain(seat, points, "Knocked crumbs",
                                    f"a {self.pieces[crumb].kind} crumb knocked into {self.space_name(space)}")
        return events

    # --- scuffles -----------------------------------------------------------------------------
    def fight(self, space: str, roles: dict[int, str]) -> list[Event]:
        """Resolves a scuffle in a space; losers' critters there go to the fountain."""
        sides = [scuffle.Side(seat, role, len(self.critters_in(space, seat)), self.combat_bonus(seat, role, space))
                 for seat, role in roles.items()]
        winner = scuffle.resolve(sides, self.data.numbers.scuffle_die, self.rng)
        losers = [side.seat for side in sides if side is not winner]
        sent = []
        for seat in losers:
            for critter in self.critters_in(space, seat):
                self.place(critter, self.board.fountain)
                sent.append(critter)
        data = {"space": space, "winner": winner.seat, "sent": sent,
                "sides": [{"seat": s.seat, "role": s.role, "critters": s.critters, "bonus": s.bonus,
                           "rolls": list(s.rolls), "total": s.total} for s in sides]}
        scores = ", ".join(f"{{{s.seat}}} {s.rolls[-1]}+{s.critters}{f'+{s.bonus}' if s.bonus else ''}={s.total}"
                           for s in sides)
        text = f"Scuffle in {self.space_name(space)}: {scores}. {{{winner.seat}}} wins."
        events = [Event("scuffle", text, data, reveals=True)]
        if winner.role == ATTACKER:
            self.attack_wins[winner.seat] += 1
            steal = armies.number(self, winner.seat, "steal")
            for seat in losers if steal else []:
                taken = self.lose(seat, steal, "Stolen")
                if taken:
                    events += self.gain(winner.seat, taken, "Stolen", f"stolen from {{{seat}}}")
        if winner.role == DEFENDER:
            events += self.gain(winner.seat, armies.number(self, winner.seat, "defend_reward"), "Defended",
                                f"{armies.side(self, winner.seat).ability}: the attack is beaten off")
        return events

    def combat_bonus(self, seat: int, role: str, space: str) -> int:
        """Returns a side's modifiers: Daily Buzz cards this round and its army sheet."""
        bonus = 0
        if role == ATTACKER:
            bonus += self.modifiers.get("attack", 0) + armies.number(self, seat, "attack_bonus")
        if role == DEFENDER:
            bonus += self.modifiers.get("defense", 0) + armies.number(self, seat, "defense_bonus")
            if self.board.has_pond(space):
                bonus += armies.number(self, seat, "pond_defense")
            if self.on_board("stockpile", space=space):
                bonus += armies.number(self, seat, "stockpile_defense")
        flock = armies.number(self, seat, "flock_size")
        if flock and len(self.critters_in(space, seat)) >= flock:
            bonus += armies.number(self, seat, "flock_bonus")
        return bonus

    # --- feeding, scoring, reset ---------------------------------------------------------------
    def feed(self) -> list[Event]:
        """Drops every plain crumb, scores in turn order, then resets the park for the next round."""
        crumbs = self.supply("crumb")
        events = [Event("feeding", f"{{{self.favor}}} drops {len(crumbs)} crumbs.", {"seat": self.favor})]
        events += self.drop(crumbs, "feeding")
        for seat in rounds.turn_order(self):
            if self.winning:
                return events
            points, rows = self.feeding_score(seat)
            events += self.gain(seat, points, "Feeding", "the feeding", {"rows": rows})
        return events if self.winning else events + self.reset()

    def feeding_score(self, seat: int) -> tuple[int, list[tuple[str, int, int]]]:
        """Returns a seat's crumbs from the board, with (space, crumbs there, points) rows."""
        rows = []
        for space in self.controlled(seat):
            if space == self.dog_space():
                continue
            crumbs = [c for kind in CRUMB_KINDS for c in self.on_board(kind, space=space)]
            points = sum(self.crumb_points(seat, space, crumb) for crumb in crumbs)
            if crumbs:
                rows.append((space, len(crumbs), points))
        return sum(points for _, _, points in rows), rows

    def crumb_points(self, seat: int, space: str, crumb: str) -> int:
        """Returns what one crumb in a space is worth to the seat controlling it."""
        if space == self.dog_space() or space == self.board.fountain:
            return 0
        pose = self.pieces[crumb].pose
        in_pond = self.board.in_pond(space, (pose[0], pose[1]))
        if in_pond and not armies.number(self, seat, "ponds_score"):
            return 0
        kind = self.pieces[crumb].kind
        bonus = {"wet": armies.number(self, seat, "wet_bonus"), "stockpile": armies.number(self, seat, "stockpile_bonus")}.get(kind, 0)
        if self.board.has_pond(space):
            bonus += armies.number(self, seat, "pond_space_bonus")
        flock = armies.number(self, seat, "flock_size")
        if flock and len(self.critters_in(space, seat)) >= flock:
            bonus += armies.number(self, seat, "flock_feed_bonus")
        return self.value(space) + bonus + (armies.number(self, seat, "pond_crumb_bonus") if in_pond else 0)

    def value(self, space: str) -> int:
        """Returns a space's value now: the feeder die, the printed value, 0 for the fountain."""
        if space in self.feeders:
            return self.feeders[space]
        return self.board.spaces[space].value

    def reset(self) -> list[Event]:
        """Favor to the leader, crumbs picked up (Hoarders keep some), dog home, cards discarded."""
        favor, events = self.one_of(self.leaders(), "the most crumbs")
        self.favor = favor
        events.append(Event("favor", f"{{{favor}}} has the most crumbs and takes Granny's Favor.", {"seat": favor}))
        events += self._keep_stockpiles()
        for crumb in self.on_board("crumb") + self.on_board("wet") + self._stray_stockpiles():
            self.set_pose(crumb, None)
        self.set_pose("dog", None)
        self.discard += self.drawn
        self.drawn = []
        self.modifiers = {}
        events.append(Event("reset", f"End of round {self.round}: crumbs picked up, the dog goes home.",
                            {"round": self.round}))
        if self.game_ends_now():  # the counter stays on the last round played
            return events + self.finish()
        self.round += 1
        rounds.start_round(self)
        self.free_moves = self.data.numbers.free_moves
        return events

    def _stray_stockpiles(self) -> list[str]:
        """Returns the stockpile crumbs no hoarding army holds at the reset: only a space controlled by an
        army that keeps crumbs (the Squirrels) keeps its stockpile crumbs on the board."""
        hoarders = {seat for seat in range(self.players) if self.armies[seat] and armies.number(self, seat, "keep_per_space")}
        return [c for c in self.on_board("stockpile") if self.controller(self.where(c)) not in hoarders]

    def _keep_stockpiles(self) -> list[Event]:
        """Hoarders: turns up to `keep_per_space` crumbs in each space they control into stockpile crumbs,
        the most valuable spaces first, at most `keep_limit` in all (0: no limit)."""
        events = []
        for seat in range(self.players):
            keep = armies.number(self, seat, "keep_per_space") if self.armies[seat] else 0
            left = armies.number(self, seat, "keep_limit") or None
            spaces = sorted(self.controlled(seat), key=lambda s: -self.value(s)) if keep else []
            for space in spaces:
                for crumb in self.on_board("crumb", space=space)[:keep if left is None else min(keep, left)]:
                    supply = self.supply("stockpile")
                    if not supply:
                        return events
                    self.convert(crumb, supply[0])
                    if left is not None:
                        left -= 1
                    events.append(Event("stockpile", f"{{{seat}}} stockpiles a crumb in {self.space_name(space)}.",
                                        {"seat": seat, "space": space}))
        return events

    def leaders(self) -> list[int]:
        """Returns the seats with the most crumbs."""
        best = max(self.crumbs)
        return [seat for seat, crumbs in enumerate(self.crumbs) if crumbs == best]

    def trailing(self) -> list[int]:
        """Returns the seats with the fewest crumbs."""
        least = min(self.crumbs)
        return [seat for seat, crumbs in enumerate(self.crumbs) if crumbs == least]

    def roll_off(self, seats: list[int]) -> int:
        """Breaks a tie: each roll a scuffle die, again until one rolls highest; returns the winner."""
        return self._roll_off(seats)[0]

    def _roll_off(self, seats: list[int]) -> tuple[int, list[scuffle.Side]]:
        """Rolls off among `seats`; returns the winner and every side with its rolls."""
        sides = [scuffle.Side(seat, NEITHER, 0) for seat in seats]
        return scuffle.resolve(sides, self.data.numbers.scuffle_die, self.rng).seat, sides

    def one_of(self, seats: list[int], what: str) -> tuple[int, list[Event]]:
        """Returns the one seat a rule singles out ("the player with the most crumbs"): a tie among
        several is settled by a roll-off, as the rulebook's tie rule says, and the log shows it."""
        if len(seats) == 1:
            return seats[0], []
        winner, sides = self._roll_off(seats)
        rolls = ", ".join(f"{{{side.seat}}} {' then '.join(map(str, side.rolls))}" for side in sides)
        text = f"A tie for {what}: a roll-off ({rolls}). {{{winner}}} wins it."
        return winner, [Event("roll_off", text, {"seats": list(seats), "winner": winner,
                                                 "rolls": {str(s.seat): list(s.rolls) for s in sides}}, reveals=True)]
