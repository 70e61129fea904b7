"""The effect vocabulary: each step a card, an Owner Action, a vendor or the die can ask for.

Steps are plain dicts ({"op": "process", "pay": {"apple": 2}, ...}, see data.py OPS). Steps that
come from a worker carry its worker space ("space") and whether it is a copy ("copied"), for the
steps that act on the card itself (a recruit lands on it, an Investor retires itself).

A rule module of functions over ScrumpyState; it also answers the two generic decisions, pick a card and
choose an option (a pick or a choice runs the step that asked again with its `answer`). Reads: `data`,
`seat`, `rng` (the Forager die), the strip and the other cideries' worker spaces (copying). Writes: the
seat's coins, tokens, trees and worker spaces, the tree supply `trees`, `die`, the Idle Layabout supply
`layabouts` and `box` (a retired Investor); `program` and `decisions` through `state.then`/`state.ask`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core.actions import Action, Event
from games.core.cards import kind_of
from games.core.decisions import Decision
from games.core.words import listed
from games.scrumpy import market, resources
from games.scrumpy.actions import Choose, Done, Pick
from games.scrumpy.actions import coins as coins_text
from games.scrumpy.flow import FLOW

if TYPE_CHECKING:
    from games.scrumpy.state import ScrumpyState

CONTEXT = ("space", "copied")


def times(n: int) -> str:
    """Returns how often a repeatable offer may still be taken, for its question: nothing for the last time
    ('Convert ...? (up to 1 time more)' read as a second one), else ' (up to 3 times)'."""
    return "" if n <= 1 else f" (up to {n} times)"


# --- building steps --------------------------------------------------------------------------
def card_steps(state: ScrumpyState, kind: str, space: int, copied: bool = False) -> list[dict[str, Any]]:
    """Returns a worker's Core Action as fresh steps acting from worker space `space`."""
    return [{**step, "space": space, "copied": copied} for step in _fresh(state.data.core_ops[kind])]


def owner_steps(state: ScrumpyState, action: str, upgraded: bool) -> list[dict[str, Any]]:
    """Returns an Owner Action's steps, basic or upgraded."""
    owner = state.data.owner_action(action)
    return [step.plain() for step in (owner.upgraded if upgraded else owner.basic)]


def nested(state: ScrumpyState, parent: dict, steps: list[dict]) -> list[dict[str, Any]]:
    """Returns fresh copies of `steps` carrying the parent's worker space and copy flag."""
    context = {key: parent[key] for key in CONTEXT if key in parent}
    return [{**step, **context} for step in _fresh(steps)]


# --- the generic decisions ---------------------------------------------------------------------
@FLOW.options("pick")
def options_pick(state: ScrumpyState, decision: Decision) -> list[Action]:
    """Every kind of card in the decision's zones (the top card for the draw pile), and Done if optional."""
    cidery, actions = state.cideries[decision.seat], []
    for zone in decision.data["zones"]:
        if zone == "draw":
            if cidery.draw.cards:
                actions.append(Pick("", "draw", "Top of draw pile"))
        else:
            actions += [Pick(kind, zone, resources.card_name(state, kind)) for kind in cidery.kinds(zone)]
    return actions + ([Done("Done (claim no more)")] if decision.data["optional"] else [])


@FLOW.answer("pick")
def _answer_pick(state: ScrumpyState, decision: Decision, action: Action) -> list[Event]:
    """Runs the step that asked again with the picked card as its `answer` ([zone, card]); Done ends it."""
    if isinstance(action, Done):
        return []
    assert isinstance(action, Pick)
    state.then({**decision.data["step"], "answer": [action.zone, action.card]})
    return []


def choose(state: ScrumpyState, step: dict, prompt: str, options: list[tuple[str, str]]) -> list[Event]:
    """Asks the seat to move to choose one of `options` ((key, text) pairs) for `step`."""
    state.ask("choose", state.seat, prompt, step=step, options=[list(o) for o in options])
    return []


@FLOW.options("choose")
def options_choose(state: ScrumpyState, decision: Decision) -> list[Action]:
    """The decision's options."""
    return [Choose(key, text) for key, text in decision.data["options"]]


@FLOW.answer("choose")
def _answer_choose(state: ScrumpyState, decision: Decision, action: Choose) -> list[Event]:
    """Runs the step that asked again with the chosen option's key as its `answer`."""
    state.then({**decision.data["step"], "answer": action.key})
    return []


# --- tokens ------------------------------------------------------------------------------------
@FLOW.step("coins")
def _op_coins(state: ScrumpyState, step: dict) -> list[Event]:
    """Gains coins."""
    state.me.coins += step["n"]
    return [Event("coins", f"{{{state.seat}}} gains {coins_text(step['n'])}.", {"seat": state.seat, "coins": step["n"]})]


@FLOW.step("prestige")
def _op_prestige(state: ScrumpyState, step: dict) -> list[Event]:
    """Gains prestige tokens."""
    state.me.tokens += step["n"]
    return [Event("prestige", f"{{{state.seat}}} gains {step['n']} prestige.", {"seat": state.seat, "prestige": step["n"]})]


# --- processing ----------------------------------------------------------------------------------
@FLOW.step("process")
def _op_process(state: ScrumpyState, step: dict) -> list[Event]:
    """Offers one conversion (pay resources and coins, make resources), `times` times at most."""
    if "answer" in step:
        return _chose_process(state, step, step.pop("answer"))
    if step.get("times", 1) <= 0 or not resources.can_pay(state, state.seat, step["pay"], step.get("coins", 0)):
        return []
    prestige = sum(plus["n"] for plus in step.get("plus", []) if plus["op"] == "prestige")
    made = amounts(state, step["make"]) + (f" and {prestige} prestige" if prestige else "")
    text = "Convert " + amounts(state, step["pay"], step.get("coins", 0)) + " into " + made
    return choose(state, step, f"{{seat}}: {text}?{times(step.get('times', 1))}",
                       [("auto", "Convert (auto-pay)"), ("do", "Convert, picking the cards"),
                        ("stop", "Stop converting")])


def _chose_process(state: ScrumpyState, step: dict, key: str) -> list[Event]:
    """Converts once: pays, makes the new resources, gives the extras, discards the rest. With auto-pay
    the computer picks the cards (rulings.md): it pays with your best workers (back to your deck) and
    stores the weakest as what is made."""
    if key == "stop":
        return []
    state.me.coins -= step.get("coins", 0)
    again = {**step, "times": step.get("times", 1) - 1}
    auto = key == "auto"
    pays = [{"op": "pay", "res": res, "n": n, "auto": auto} for res, n in step["pay"].items()]
    makes = [{"op": "gain", "res": res, "n": n, "auto": auto, "made": True} for res, n in step["make"].items()]
    state.then(*pays, *makes, *nested(state, step, step.get("plus", [])), {"op": "flush"}, again)
    return []


def worth(state: ScrumpyState, kind: str) -> tuple[bool, int, str]:
    """Returns how much a worker is worth keeping in the deck, for auto-pay: Idle Layabouts least, then
    by cost (core, Skilled, Master), then by name so that the pick is always the same."""
    worker = state.data.worker(kind)
    return (not worker.idle, worker.cost, kind)


def amounts(state: ScrumpyState, resources: dict[str, int], coins: int = 0) -> str:
    """Returns '2 apples and 1 empty barrel' style text."""
    parts = [coins_text(coins)] if coins else []
    for res, n in resources.items():
        data = state.data.resource(res)
        parts.append(f"{n} {data.name if n == 1 else data.plural}")
    return listed(parts)


# --- the Forager die ---------------------------------------------------------------------------
@FLOW.step("forage")
def _op_forage(state: ScrumpyState, step: dict) -> list[Event]:
    """Rolls the Forager die; with a reroll, the seat may roll once more and take the new face."""
    if "answer" in step:
        return _chose_forage(state, step, step.pop("answer"))
    faces = state.data.rules.forager_die
    face = state.rng.randrange(len(faces))
    state.die = faces[face].name
    event = Event("die", f"{{{state.seat}}} rolls the Forager die: {state.die}.",
                  {"seat": state.seat, "face": face}, reveals=True)
    step = {**step, "face": face}
    if step.get("reroll"):
        return [event] + choose(state, step, f"{{seat}}: keep {state.die}, or roll again?",
                                     [("keep", f"Keep {state.die}"), ("reroll", "Roll again")])
    return [event] + _chose_forage(state, step, "keep")


def _chose_forage(state: ScrumpyState, step: dict, key: str) -> list[Event]:
    """Takes the rolled face's gains, or rolls again."""
    if key == "reroll":
        state.then({**step, "reroll": False})
        return []
    steps = state.data.rules.forager_die[step["face"]].steps
    extra = [{"op": "gain", "res": "apple", "n": step["extra_apple"]}] if step.get("extra_apple") else []
    state.then(*[s.plain() for s in steps], *extra)
    return []


# --- trees -----------------------------------------------------------------------------------------
def can_plant(state: ScrumpyState, seat: int, cost: int) -> bool:
    """Returns whether `seat` can pay `cost` for a tree, has orchard room and the supply has one."""
    cidery = state.cideries[seat]
    return state.trees > 0 and cidery.coins >= cost and cidery.orchard_room(state.data.rules.orchard_spaces) > 0


@FLOW.step("plant")
def _op_plant(state: ScrumpyState, step: dict) -> list[Event]:
    """Offers to plant a tree for its cost, `times` times at most (free trees are planted at once)."""
    if "answer" in step:
        return _chose_plant(state, step, step.pop("answer"))
    cost = step.get("coins", 0)
    if step.get("times", 1) <= 0 or not can_plant(state, state.seat, cost):
        return []
    if cost == 0:
        return _chose_plant(state, step, "plant")
    return choose(state, step, f"{{seat}}: plant a tree for {coins_text(cost)}?{times(step.get('times', 1))}",
                       [("plant", f"Plant a tree for {coins_text(cost)}"), ("stop", "Stop planting")])


def _chose_plant(state: ScrumpyState, step: dict, key: str) -> list[Event]:
    """Plants a tree for its cost, or stops."""
    if key == "stop":
        return []
    cost = step.get("coins", 0)
    state.me.coins -= cost
    state.me.trees += 1
    state.trees -= 1
    state.then({**step, "times": step.get("times", 1) - 1})
    return [Event("plant", f"{{{state.seat}}} plants a tree" + (f" for {coins_text(cost)}." if cost else "."),
                  {"seat": state.seat, "coins": cost})]


@FLOW.step("tree")
def _op_tree(state: ScrumpyState, step: dict) -> list[Event]:
    """Gains a tree, if the orchard has room and the supply a tree."""
    if not can_plant(state, state.seat, 0):
        return [Event("no_tree", f"{{{state.seat}}} has no room for a tree (or none is left).", {"seat": state.seat})]
    return _chose_plant(state, {"op": "plant", "times": 1}, "plant")


@FLOW.step("uproot")
def _op_uproot(state: ScrumpyState, step: dict) -> list[Event]:
    """Removes a tree from the orchard (back to the supply), then does `then`."""
    if state.me.trees <= 0:
        return [Event("no_tree", f"{{{state.seat}}} has no tree to remove.", {"seat": state.seat})]
    state.me.trees -= 1
    state.trees += 1
    state.then(*nested(state, step, step["then"]))
    return [Event("uproot", f"{{{state.seat}}} removes a tree from the orchard.", {"seat": state.seat})]


@FLOW.step("harvest_mix")
def _op_harvest_mix(state: ScrumpyState, step: dict) -> list[Event]:
    """For every tree, an apple or a wood: the seat chooses how many apples."""
    if "answer" in step:
        return _chose_harvest_mix(state, step, step.pop("answer"))
    trees = state.me.trees
    if trees <= 0:
        return []
    return choose(state, step, "{seat}: for each tree harvest an apple or a wood - how many apples?",
                       [(str(k), f"{k} apples and {trees - k} wood") for k in range(trees, -1, -1)])


def _chose_harvest_mix(state: ScrumpyState, step: dict, key: str) -> list[Event]:
    """Harvests the chosen number of apples and wood for the rest of the trees."""
    apples = int(key)
    state.then({"op": "gain", "res": "apple", "n": apples}, {"op": "gain", "res": "wood", "n": state.me.trees - apples})
    return []


# --- choices --------------------------------------------------------------------------------------
@FLOW.step("either")
def _op_either(state: ScrumpyState, step: dict) -> list[Event]:
    """EITHER/OR: the seat chooses one branch. An Investor can only retire itself, not a copy, and only
    while an Idle Layabout is left in the supply to take its place (rulings.md)."""
    if "answer" in step:
        return _chose_either(state, step, step.pop("answer"))
    retire_ok = not step.get("copied") and bool(state.layabouts.cards)
    options = [(str(i), branch["label"]) for i, branch in enumerate(step["options"])
               if retire_ok or not any(s["op"] == "investor" for s in branch["steps"])]
    return choose(state, step, "{seat}: choose one", options)


def _chose_either(state: ScrumpyState, step: dict, key: str) -> list[Event]:
    """Does the chosen branch."""
    state.then(*nested(state, step, step["options"][int(key)]["steps"]))
    return []


@FLOW.step("buy")
def _op_buy(state: ScrumpyState, step: dict) -> list[Event]:
    """Advertiser: for each bottle and barrel of cider stored, may pay coins for 1 prestige."""
    if "answer" in step:
        return _chose_buy(state, step, step.pop("answer"))
    if "left" not in step:
        step["left"] = state.me.count("bottle") + state.me.count("cider")
    cost = step["coins"]
    if step["left"] <= 0 or state.me.coins < cost:
        return []
    return choose(state, step, f"{{seat}}: pay {coins_text(cost)} for 1 prestige?{times(step['left'])}",
                       [("buy", f"Pay {coins_text(cost)} for 1 prestige"), ("stop", "Stop")])


def _chose_buy(state: ScrumpyState, step: dict, key: str) -> list[Event]:
    """Buys one prestige, or stops."""
    if key == "stop":
        return []
    state.me.coins -= step["coins"]
    state.me.tokens += 1
    step["left"] -= 1
    state.then(step)
    return [Event("advertise", f"{{{state.seat}}} pays {step['coins']} coins for 1 prestige.",
                  {"seat": state.seat, "coins": step["coins"], "prestige": 1})]


# --- Owner Actions from cards -------------------------------------------------------------------
@FLOW.step("owner")
def _op_owner(state: ScrumpyState, step: dict) -> list[Event]:
    """Performs `n` different Owner Actions chosen by the seat (upgraded only if the step says so)."""
    if "answer" in step:
        return _chose_owner(state, step, step.pop("answer"))
    chosen = step.get("chosen", [])
    options = []
    for action in state.data.rules.owner_actions:
        if action.id in chosen:
            continue
        upgraded = step.get("upgraded") and action.id not in state.me.office
        options.append((action.id, action.upgraded_text if upgraded else action.text))
    if not options:  # an edited step asking for more than the Office has ends when each was done (rulings.md)
        return []
    return choose(state, step, "{seat}: choose an Owner Action to perform", options)


def _chose_owner(state: ScrumpyState, step: dict, key: str) -> list[Event]:
    """Performs the chosen Owner Action, then asks for the next one if any."""
    upgraded = bool(step.get("upgraded")) and key not in state.me.office
    rest = {**step, "n": step["n"] - 1, "chosen": step.get("chosen", []) + [key]}
    state.then(*owner_steps(state, key, upgraded), *([rest] if rest["n"] > 0 else []))
    name = state.data.owner_action(key).name
    return [Event("owner_copy", f"{{{state.seat}}} performs the Owner Action {name}.", {"seat": state.seat, "action": key})]


# --- copying -----------------------------------------------------------------------------------------
def copy_targets(state: ScrumpyState, seat: int, scope: str, space: int) -> list[tuple[str, str, str]]:
    """Returns (key, card kind, text) for every worker a copier may copy: top cards only, never a
    Master, a copier or a card without a Core Action."""
    found = []
    for other, cidery in enumerate(state.cideries):
        if scope == "own" and other != seat or scope == "opponent" and other == seat:
            continue
        spaces = [cidery.last_played()] if scope == "opponent" else range(len(cidery.spaces))
        for index in spaces:
            if index is None or not cidery.spaces[index] or (other == seat and index == space):
                continue
            found.append((f"{other}:{index}", kind_of(cidery.spaces[index][-1]), f"{{{other}}}'s"))
    if scope == "opponent" and state.automa is not None and state.automa.workers:
        found.append(("automa", kind_of(state.automa.workers[-1]), "the Automa's"))
    return [(key, kind, f"Copy {owner} {resources.card_name(state, kind)}") for key, kind, owner in found
            if _copyable(state, kind)]


def _copyable(state: ScrumpyState, kind: str) -> bool:
    """Returns whether a worker's Core Action may be copied."""
    worker = state.data.worker(kind)
    return worker.tier != "master" and not worker.copier and bool(worker.core)


@FLOW.step("copy")
def _op_copy(state: ScrumpyState, step: dict) -> list[Event]:
    """Copies another worker's Core Action."""
    if "answer" in step:
        return _chose_copy(state, step, step.pop("answer"))
    targets = copy_targets(state, state.seat, step["scope"], step["space"])
    if not targets:
        return [Event("no_copy", f"{{{state.seat}}} finds nothing to copy.", {"seat": state.seat})]
    options = [(key, text) for key, kind, text in targets]
    step = {**step, "kinds": {key: kind for key, kind, _ in targets}}
    return choose(state, step, "{seat}: choose the worker to copy", options)


def _chose_copy(state: ScrumpyState, step: dict, key: str) -> list[Event]:
    """Does the copied worker's Core Action from the copier's space."""
    kind = step["kinds"][key]
    state.then(*card_steps(state, kind, step["space"], copied=True))
    return [Event("copy", f"{{{state.seat}}} copies {resources.card_name(state, kind)}.", {"seat": state.seat, "card": kind})]


# --- recruiting from a card -------------------------------------------------------------------
@FLOW.step("recruit")
def _op_recruit(state: ScrumpyState, step: dict) -> list[Event]:
    """Recruits from the strip with an extra discount onto this card's worker space."""
    if "answer" in step:
        return _chose_recruit(state, step, step.pop("answer"))
    offers = market.recruit_offers(state, state.seat, step.get("discount", 0))
    if not offers:
        return [Event("no_recruit", f"{{{state.seat}}} cannot afford any worker on the strip.", {"seat": state.seat})]
    options = [(str(slot), f"Recruit {resources.card_name(state, card)} for {coins_text(price)}") for slot, card, price in offers]
    return choose(state, step, "{seat}: recruit a worker onto this one, or Recruit nobody", options + [("skip", "Recruit nobody")])


def _chose_recruit(state: ScrumpyState, step: dict, key: str) -> list[Event]:
    """Recruits the chosen worker onto the card's space, or nobody."""
    if key == "skip":
        return []
    slot = int(key)
    price = next(p for s, _, p in market.recruit_offers(state, state.seat, step.get("discount", 0)) if s == slot)
    events = market.recruit(state, state.seat, slot, price, step["space"])
    state.then({"op": "use", "space": step["space"]}, {"op": "refill"})
    return events


@FLOW.step("use")
def _op_use(state: ScrumpyState, step: dict) -> list[Event]:
    """Offers the Core Action of the card just placed on a worker space."""
    if "answer" in step:
        return _chose_use(state, step, step.pop("answer"))
    kind = kind_of(state.me.spaces[step["space"]][-1])
    if not state.data.worker(kind).core:
        return []
    name = resources.card_name(state, kind)
    return choose(state, step, f"{{seat}}: use {name}'s Core Action?", [("use", f"Use {name}"), ("skip", "Do not use it")])


def _chose_use(state: ScrumpyState, step: dict, key: str) -> list[Event]:
    """Does the recruited worker's Core Action, or not."""
    if key == "use":
        state.then(*card_steps(state, kind_of(state.me.spaces[step["space"]][-1]), step["space"]))
    return []


@FLOW.step("investor")
def _op_investor(state: ScrumpyState, step: dict) -> list[Event]:
    """Retires the Investor: out of the game for 8 coins, an Idle Layabout in its worker space (offered only
    while the supply has one)."""
    cidery, space = state.me, step["space"]
    card = cidery.spaces[space].pop()
    state.box.cards.append(card)
    cidery.owned.remove(card)
    cidery.coins += 8
    events = [Event("retire", f"{{{state.seat}}} retires the Investor for 8 coins.",
                    {"seat": state.seat, "card": card, "from": ["space", state.seat, space], "to": ["box"]})]
    if state.layabouts.cards:
        layabout = state.layabouts.cards.pop()
        cidery.spaces[space].append(layabout)
        cidery.owned.append(layabout)
        events.append(Event("layabout", "An Idle Layabout takes the Investor's place.",
                            {"seat": state.seat, "card": layabout, "from": ["layabouts"], "to": ["space", state.seat, space]}))
    return events


@FLOW.step("layabout")
def _op_layabout(state: ScrumpyState, step: dict) -> list[Event]:
    """Adds a grey Idle Layabout to the discard pile (compulsory), if any is left."""
    if not state.layabouts.cards:
        return [Event("no_layabout", "No Idle Layabout is left in the supply.", {})]
    card = state.layabouts.cards.pop()
    state.me.discard.cards.append(card)
    state.me.owned.append(card)
    return [Event("layabout", f"{{{state.seat}}} must take an Idle Layabout into the discard pile.",
                  {"seat": state.seat, "card": card, "from": ["layabouts"], "to": ["discard", state.seat]})]


def _fresh(steps: list[dict]) -> list[dict[str, Any]]:
    """Returns copies of plain steps (their nested lists are never changed, so one level suffices)."""
    return [dict(step) for step in steps]
