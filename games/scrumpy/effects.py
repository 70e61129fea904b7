"""The effect vocabulary: each step a card, an Owner Action, a vendor or the die can ask for.

Steps are plain dicts ({"op": "process", "pay": {"apple": 2}, ...}, see data.py OPS). Steps that
come from a worker carry its worker space ("space") and whether it is a copy ("copied"), for the
steps that act on the card itself (a recruit lands on it, an Investor retires itself)."""
from __future__ import annotations

from typing import Any

from games.core.actions import Action, Event
from games.core.cards import kind_of
from games.core.decisions import Decision
from games.core.words import listed
from games.scrumpy import resources
from games.scrumpy.actions import Choose, Done, Pick
from games.scrumpy.actions import coins as coins_text
from games.scrumpy.flow import FLOW

CONTEXT = ("space", "copied")


def times(n: int) -> str:
    """Returns how often a repeatable offer may still be taken, for its question: nothing for the last time
    ('Convert ...? (up to 1 time more)' read as a second one), else ' (up to 3 times)'."""
    return "" if n <= 1 else f" (up to {n} times)"


class EffectsMixin:
    """Card effects, and the two generic decisions they ask: pick a card, choose an option."""

    # --- building steps --------------------------------------------------------------------------
    def card_steps(self, kind: str, space: int, copied: bool = False) -> list[dict[str, Any]]:
        """Returns a worker's Core Action as fresh steps acting from worker space `space`."""
        return [{**step, "space": space, "copied": copied} for step in _fresh(self.data.core_ops[kind])]

    def owner_steps(self, action: str, upgraded: bool) -> list[dict[str, Any]]:
        """Returns an Owner Action's steps, basic or upgraded."""
        owner = self.data.owner_action(action)
        return [step.plain() for step in (owner.upgraded if upgraded else owner.basic)]

    def nested(self, parent: dict, steps: list[dict]) -> list[dict[str, Any]]:
        """Returns fresh copies of `steps` carrying the parent's worker space and copy flag."""
        context = {key: parent[key] for key in CONTEXT if key in parent}
        return [{**step, **context} for step in _fresh(steps)]

    # --- the generic decisions ---------------------------------------------------------------------
    @FLOW.options("pick")
    def options_pick(self, decision: Decision) -> list[Action]:
        """Every kind of card in the decision's zones (the top card for the draw pile), and Done if optional."""
        cidery, actions = self.cideries[decision.seat], []
        for zone in decision.data["zones"]:
            if zone == "draw":
                if cidery.draw.cards:
                    actions.append(Pick("", "draw", "Top of draw pile"))
            else:
                actions += [Pick(kind, zone, resources.card_name(self, kind)) for kind in cidery.kinds(zone)]
        return actions + ([Done("Done (claim no more)")] if decision.data["optional"] else [])

    @FLOW.answer("pick")
    def _answer_pick(self, decision: Decision, action: Action) -> list[Event]:
        """Runs the step that asked again with the picked card as its `answer` ([zone, card]); Done ends it."""
        if isinstance(action, Done):
            return []
        assert isinstance(action, Pick)
        self.then({**decision.data["step"], "answer": [action.zone, action.card]})
        return []

    def choose(self, step: dict, prompt: str, options: list[tuple[str, str]]) -> list[Event]:
        """Asks the seat to move to choose one of `options` ((key, text) pairs) for `step`."""
        self.ask("choose", self.seat, prompt, step=step, options=[list(o) for o in options])
        return []

    @FLOW.options("choose")
    def options_choose(self, decision: Decision) -> list[Action]:
        """The decision's options."""
        return [Choose(key, text) for key, text in decision.data["options"]]

    @FLOW.answer("choose")
    def _answer_choose(self, decision: Decision, action: Choose) -> list[Event]:
        """Runs the step that asked again with the chosen option's key as its `answer`."""
        self.then({**decision.data["step"], "answer": action.key})
        return []

    # --- tokens ------------------------------------------------------------------------------------
    @FLOW.step("coins")
    def _op_coins(self, step: dict) -> list[Event]:
        """Gains coins."""
        self.me.coins += step["n"]
        return [Event("coins", f"{{{self.seat}}} gains {coins_text(step['n'])}.", {"seat": self.seat, "coins": step["n"]})]

    @FLOW.step("prestige")
    def _op_prestige(self, step: dict) -> list[Event]:
        """Gains prestige tokens."""
        self.me.tokens += step["n"]
        return [Event("prestige", f"{{{self.seat}}} gains {step['n']} prestige.", {"seat": self.seat, "prestige": step["n"]})]

    # --- processing ----------------------------------------------------------------------------------
    @FLOW.step("process")
    def _op_process(self, step: dict) -> list[Event]:
        """Offers one conversion (pay resources and coins, make resources), `times` times at most."""
        if "answer" in step:
            return self._chose_process(step, step.pop("answer"))
        if step.get("times", 1) <= 0 or not resources.can_pay(self, self.seat, step["pay"], step.get("coins", 0)):
            return []
        prestige = sum(plus["n"] for plus in step.get("plus", []) if plus["op"] == "prestige")
        made = self.amounts(step["make"]) + (f" and {prestige} prestige" if prestige else "")
        text = "Convert " + self.amounts(step["pay"], step.get("coins", 0)) + " into " + made
        return self.choose(step, f"{{seat}}: {text}?{times(step.get('times', 1))}",
                           [("auto", "Convert (auto-pay)"), ("do", "Convert, picking the cards"),
                            ("stop", "Stop converting")])

    def _chose_process(self, step: dict, key: str) -> list[Event]:
        """Converts once: pays, makes the new resources, gives the extras, discards the rest. With auto-pay
        the computer picks the cards (rulings.md): it pays with your best workers (back to your deck) and
        stores the weakest as what is made."""
        if key == "stop":
            return []
        self.me.coins -= step.get("coins", 0)
        again = {**step, "times": step.get("times", 1) - 1}
        auto = key == "auto"
        pays = [{"op": "pay", "res": res, "n": n, "auto": auto} for res, n in step["pay"].items()]
        makes = [{"op": "gain", "res": res, "n": n, "auto": auto, "made": True} for res, n in step["make"].items()]
        self.then(*pays, *makes, *self.nested(step, step.get("plus", [])), {"op": "flush"}, again)
        return []

    def worth(self, kind: str) -> tuple[bool, int, str]:
        """Returns how much a worker is worth keeping in the deck, for auto-pay: Idle Layabouts least, then
        by cost (core, Skilled, Master), then by name so that the pick is always the same."""
        worker = self.data.worker(kind)
        return (not worker.idle, worker.cost, kind)

    def amounts(self, resources: dict[str, int], coins: int = 0) -> str:
        """Returns '2 apples and 1 empty barrel' style text."""
        parts = [coins_text(coins)] if coins else []
        for res, n in resources.items():
            data = self.data.resource(res)
            parts.append(f"{n} {data.name if n == 1 else data.plural}")
        return listed(parts)

    # --- the Forager die ---------------------------------------------------------------------------
    @FLOW.step("forage")
    def _op_forage(self, step: dict) -> list[Event]:
        """Rolls the Forager die; with a reroll, the seat may roll once more and take the new face."""
        if "answer" in step:
            return self._chose_forage(step, step.pop("answer"))
        faces = self.data.rules.forager_die
        face = self.rng.randrange(len(faces))
        self.die = faces[face].name
        event = Event("die", f"{{{self.seat}}} rolls the Forager die: {self.die}.",
                      {"seat": self.seat, "face": face}, reveals=True)
        step = {**step, "face": face}
        if step.get("reroll"):
            return [event] + self.choose(step, f"{{seat}}: keep {self.die}, or roll again?",
                                         [("keep", f"Keep {self.die}"), ("reroll", "Roll again")])
        return [event] + self._chose_forage(step, "keep")

    def _chose_forage(self, step: dict, key: str) -> list[Event]:
        """Takes the rolled face's gains, or rolls again."""
        if key == "reroll":
            self.then({**step, "reroll": False})
            return []
        steps = self.data.rules.forager_die[step["face"]].steps
        extra = [{"op": "gain", "res": "apple", "n": step["extra_apple"]}] if step.get("extra_apple") else []
        self.then(*[s.plain() for s in steps], *extra)
        return []

    # --- trees -----------------------------------------------------------------------------------------
    def can_plant(self, seat: int, cost: int) -> bool:
        """Returns whether `seat` can pay `cost` for a tree, has orchard room and the supply has one."""
        cidery = self.cideries[seat]
        return self.trees > 0 and cidery.coins >= cost and cidery.orchard_room(self.data.rules.orchard_spaces) > 0

    @FLOW.step("plant")
    def _op_plant(self, step: dict) -> list[Event]:
        """Offers to plant a tree for its cost, `times` times at most (free trees are planted at once)."""
        if "answer" in step:
            return self._chose_plant(step, step.pop("answer"))
        cost = step.get("coins", 0)
        if step.get("times", 1) <= 0 or not self.can_plant(self.seat, cost):
            return []
        if cost == 0:
            return self._chose_plant(step, "plant")
        return self.choose(step, f"{{seat}}: plant a tree for {coins_text(cost)}?{times(step.get('times', 1))}",
                           [("plant", f"Plant a tree for {coins_text(cost)}"), ("stop", "Stop planting")])

    def _chose_plant(self, step: dict, key: str) -> list[Event]:
        """Plants a tree for its cost, or stops."""
        if key == "stop":
            return []
        cost = step.get("coins", 0)
        self.me.coins -= cost
        self.me.trees += 1
        self.trees -= 1
        self.then({**step, "times": step.get("times", 1) - 1})
        return [Event("plant", f"{{{self.seat}}} plants a tree" + (f" for {coins_text(cost)}." if cost else "."),
                      {"seat": self.seat, "coins": cost})]

    @FLOW.step("tree")
    def _op_tree(self, step: dict) -> list[Event]:
        """Gains a tree, if the orchard has room and the supply a tree."""
        if not self.can_plant(self.seat, 0):
            return [Event("no_tree", f"{{{self.seat}}} has no room for a tree (or none is left).", {"seat": self.seat})]
        return self._chose_plant({"op": "plant", "times": 1}, "plant")

    @FLOW.step("uproot")
    def _op_uproot(self, step: dict) -> list[Event]:
        """Removes a tree from the orchard (back to the supply), then does `then`."""
        if self.me.trees <= 0:
            return [Event("no_tree", f"{{{self.seat}}} has no tree to remove.", {"seat": self.seat})]
        self.me.trees -= 1
        self.trees += 1
        self.then(*self.nested(step, step["then"]))
        return [Event("uproot", f"{{{self.seat}}} removes a tree from the orchard.", {"seat": self.seat})]

    @FLOW.step("harvest_mix")
    def _op_harvest_mix(self, step: dict) -> list[Event]:
        """For every tree, an apple or a wood: the seat chooses how many apples."""
        if "answer" in step:
            return self._chose_harvest_mix(step, step.pop("answer"))
        trees = self.me.trees
        if trees <= 0:
            return []
        return self.choose(step, "{seat}: for each tree harvest an apple or a wood - how many apples?",
                           [(str(k), f"{k} apples and {trees - k} wood") for k in range(trees, -1, -1)])

    def _chose_harvest_mix(self, step: dict, key: str) -> list[Event]:
        """Harvests the chosen number of apples and wood for the rest of the trees."""
        apples = int(key)
        self.then({"op": "gain", "res": "apple", "n": apples}, {"op": "gain", "res": "wood", "n": self.me.trees - apples})
        return []

    # --- choices --------------------------------------------------------------------------------------
    @FLOW.step("either")
    def _op_either(self, step: dict) -> list[Event]:
        """EITHER/OR: the seat chooses one branch. An Investor can only retire itself, not a copy, and only
        while an Idle Layabout is left in the supply to take its place (rulings.md)."""
        if "answer" in step:
            return self._chose_either(step, step.pop("answer"))
        retire_ok = not step.get("copied") and bool(self.layabouts.cards)
        options = [(str(i), branch["label"]) for i, branch in enumerate(step["options"])
                   if retire_ok or not any(s["op"] == "investor" for s in branch["steps"])]
        return self.choose(step, "{seat}: choose one", options)

    def _chose_either(self, step: dict, key: str) -> list[Event]:
        """Does the chosen branch."""
        self.then(*self.nested(step, step["options"][int(key)]["steps"]))
        return []

    @FLOW.step("buy")
    def _op_buy(self, step: dict) -> list[Event]:
        """Advertiser: for each bottle and barrel of cider stored, may pay coins for 1 prestige."""
        if "answer" in step:
            return self._chose_buy(step, step.pop("answer"))
        if "left" not in step:
            step["left"] = self.me.count("bottle") + self.me.count("cider")
        cost = step["coins"]
        if step["left"] <= 0 or self.me.coins < cost:
            return []
        return self.choose(step, f"{{seat}}: pay {coins_text(cost)} for 1 prestige?{times(step['left'])}",
                           [("buy", f"Pay {coins_text(cost)} for 1 prestige"), ("stop", "Stop")])

    def _chose_buy(self, step: dict, key: str) -> list[Event]:
        """Buys one prestige, or stops."""
        if key == "stop":
            return []
        self.me.coins -= step["coins"]
        self.me.tokens += 1
        step["left"] -= 1
        self.then(step)
        return [Event("advertise", f"{{{self.seat}}} pays {step['coins']} coins for 1 prestige.",
                      {"seat": self.seat, "coins": step["coins"], "prestige": 1})]

    # --- Owner Actions from cards -------------------------------------------------------------------
    @FLOW.step("owner")
    def _op_owner(self, step: dict) -> list[Event]:
        """Performs `n` different Owner Actions chosen by the seat (upgraded only if the step says so)."""
        if "answer" in step:
            return self._chose_owner(step, step.pop("answer"))
        chosen = step.get("chosen", [])
        options = []
        for action in self.data.rules.owner_actions:
            if action.id in chosen:
                continue
            upgraded = step.get("upgraded") and action.id not in self.me.office
            options.append((action.id, action.upgraded_text if upgraded else action.text))
        return self.choose(step, "{seat}: choose an Owner Action to perform", options)

    def _chose_owner(self, step: dict, key: str) -> list[Event]:
        """Performs the chosen Owner Action, then asks for the next one if any."""
        upgraded = bool(step.get("upgraded")) and key not in self.me.office
        rest = {**step, "n": step["n"] - 1, "chosen": step.get("chosen", []) + [key]}
        self.then(*self.owner_steps(key, upgraded), *([rest] if rest["n"] > 0 else []))
        name = self.data.owner_action(key).name
        return [Event("owner_copy", f"{{{self.seat}}} performs the Owner Action {name}.", {"seat": self.seat, "action": key})]

    # --- copying -----------------------------------------------------------------------------------------
    def copy_targets(self, seat: int, scope: str, space: int) -> list[tuple[str, str, str]]:
        """Returns (key, card kind, text) for every worker a copier may copy: top cards only, never a
        Master, a copier or a card without a Core Action."""
        found = []
        for other, cidery in enumerate(self.cideries):
            if scope == "own" and other != seat or scope == "opponent" and other == seat:
                continue
            spaces = [cidery.last_played()] if scope == "opponent" else range(len(cidery.spaces))
            for index in spaces:
                if index is None or not cidery.spaces[index] or (other == seat and index == space):
                    continue
                found.append((f"{other}:{index}", kind_of(cidery.spaces[index][-1]), f"{{{other}}}'s"))
        if scope == "opponent" and self.automa is not None and self.automa.workers:
            found.append(("automa", kind_of(self.automa.workers[-1]), "the Automa's"))
        return [(key, kind, f"Copy {owner} {resources.card_name(self, kind)}") for key, kind, owner in found
                if self._copyable(kind)]

    def _copyable(self, kind: str) -> bool:
        """Returns whether a worker's Core Action may be copied."""
        worker = self.data.worker(kind)
        return worker.tier != "master" and not worker.copier and bool(worker.core)

    @FLOW.step("copy")
    def _op_copy(self, step: dict) -> list[Event]:
        """Copies another worker's Core Action."""
        if "answer" in step:
            return self._chose_copy(step, step.pop("answer"))
        targets = self.copy_targets(self.seat, step["scope"], step["space"])
        if not targets:
            return [Event("no_copy", f"{{{self.seat}}} finds nothing to copy.", {"seat": self.seat})]
        options = [(key, text) for key, kind, text in targets]
        step = {**step, "kinds": {key: kind for key, kind, _ in targets}}
        return self.choose(step, "{seat}: choose the worker to copy", options)

    def _chose_copy(self, step: dict, key: str) -> list[Event]:
        """Does the copied worker's Core Action from the copier's space."""
        kind = step["kinds"][key]
        self.then(*self.card_steps(kind, step["space"], copied=True))
        return [Event("copy", f"{{{self.seat}}} copies {resources.card_name(self, kind)}.", {"seat": self.seat, "card": kind})]

    # --- recruiting from a card -------------------------------------------------------------------
    @FLOW.step("recruit")
    def _op_recruit(self, step: dict) -> list[Event]:
        """Recruits from the strip with an extra discount onto this card's worker space."""
        if "answer" in step:
            return self._chose_recruit(step, step.pop("answer"))
        offers = self.recruit_offers(self.seat, step.get("discount", 0))
        if not offers:
            return [Event("no_recruit", f"{{{self.seat}}} cannot afford any worker on the strip.", {"seat": self.seat})]
        options = [(str(slot), f"Recruit {resources.card_name(self, card)} for {coins_text(price)}") for slot, card, price in offers]
        return self.choose(step, "{seat}: recruit a worker onto this one, or Recruit nobody", options + [("skip", "Recruit nobody")])

    def _chose_recruit(self, step: dict, key: str) -> list[Event]:
        """Recruits the chosen worker onto the card's space, or nobody."""
        if key == "skip":
            return []
        slot = int(key)
        price = next(p for s, _, p in self.recruit_offers(self.seat, step.get("discount", 0)) if s == slot)
        events = self.recruit(self.seat, slot, price, step["space"])
        self.then({"op": "use", "space": step["space"]}, {"op": "refill"})
        return events

    @FLOW.step("use")
    def _op_use(self, step: dict) -> list[Event]:
        """Offers the Core Action of the card just placed on a worker space."""
        if "answer" in step:
            return self._chose_use(step, step.pop("answer"))
        kind = kind_of(self.me.spaces[step["space"]][-1])
        if not self.data.worker(kind).core:
            return []
        name = resources.card_name(self, kind)
        return self.choose(step, f"{{seat}}: use {name}'s Core Action?", [("use", f"Use {name}"), ("skip", "Do not use it")])

    def _chose_use(self, step: dict, key: str) -> list[Event]:
        """Does the recruited worker's Core Action, or not."""
        if key == "use":
            self.then(*self.card_steps(kind_of(self.me.spaces[step["space"]][-1]), step["space"]))
        return []

    @FLOW.step("investor")
    def _op_investor(self, step: dict) -> list[Event]:
        """Retires the Investor: out of the game for 8 coins, an Idle Layabout in its worker space (offered only
        while the supply has one)."""
        cidery, space = self.me, step["space"]
        card = cidery.spaces[space].pop()
        self.box.cards.append(card)
        cidery.owned.remove(card)
        cidery.coins += 8
        events = [Event("retire", f"{{{self.seat}}} retires the Investor for 8 coins.",
                        {"seat": self.seat, "card": card, "from": ["space", self.seat, space], "to": ["box"]})]
        if self.layabouts.cards:
            layabout = self.layabouts.cards.pop()
            cidery.spaces[space].append(layabout)
            cidery.owned.append(layabout)
            events.append(Event("layabout", "An Idle Layabout takes the Investor's place.",
                                {"seat": self.seat, "card": layabout, "from": ["layabouts"], "to": ["space", self.seat, space]}))
        return events

    @FLOW.step("layabout")
    def _op_layabout(self, step: dict) -> list[Event]:
        """Adds a grey Idle Layabout to the discard pile (compulsory), if any is left."""
        if not self.layabouts.cards:
            return [Event("no_layabout", "No Idle Layabout is left in the supply.", {})]
        card = self.layabouts.cards.pop()
        self.me.discard.cards.append(card)
        self.me.owned.append(card)
        return [Event("layabout", f"{{{self.seat}}} must take an Idle Layabout into the discard pile.",
                      {"seat": self.seat, "card": card, "from": ["layabouts"], "to": ["discard", self.seat]})]


def _fresh(steps: list[dict]) -> list[dict[str, Any]]:
    """Returns copies of plain steps (their nested lists are never changed, so one level suffices)."""
    return [dict(step) for step in steps]
