"""What a hover over a Scrumpy place says: stores, Office actions, hand spots, the orchard, vendor spaces,
goals, piles and the Automa, in words (the view draws them as tooltips)."""
from __future__ import annotations

from collections import Counter
from typing import Hashable, Sequence

from games.core.cards import kind_of
from games.scrumpy.market import AUTOMA, FREE
from games.scrumpy.state import ScrumpyState
from graphics.views.scrumpy.table import reward_parts


def note(view: ScrumpyState, names: Sequence[str], key: Hashable) -> str | None:
    """Returns the note for a place, or None if it has none (cards are shown large instead)."""
    kind = key[0]
    handler = _NOTES.get(kind)
    return handler(view, names, *key[1:]) if handler else None


def _listed(view: ScrumpyState, cards) -> str:
    """Returns known cards as 'Apple Picker x2, Cooper' (unknown ones counted apart)."""
    known = Counter(view.data.worker(c).name for c in cards if c is not None)
    text = ", ".join(f"{name} x{n}" if n > 1 else name for name, n in known.items())
    hidden = sum(c is None for c in cards)
    if hidden:
        text += (", " if text else "") + f"{hidden} face down"
    return text


def _store(view: ScrumpyState, names, seat: int, res: str) -> str:
    data = view.data.resource(res)
    cards = view.cideries[seat].stores[res].cards
    value = f"{data.sell_coins} coin{'s' if data.sell_coins != 1 else ''}" if data.sell_coins else \
        f"{data.sell_prestige} prestige"
    lines = [f"{names[seat]}'s {data.plural}: {len(cards)} of at most {data.limit}.",
             f"Each is a worker card tucked face down. Selling one (an Auxiliary Action) brings {value}; "
             "at the end every stored resource is sold."]
    if cards and any(c is not None for c in cards):
        lines.append("Cards: " + _listed(view, cards))
    return "\n".join(lines)


def _office(view: ScrumpyState, names, seat: int, action_id: str) -> str:
    action = view.data.owner_action(action_id)
    cidery = view.cideries[seat]
    upgraded = action_id not in cidery.office
    lines = [f"Owner Action: {action.name}", f"Basic: {action.text}.", f"Upgraded: {action.upgraded_text}.",
             "Upgraded: its cube has left the Storehouse." if upgraded else
             "Move its cube (to a vendor or a goal) to upgrade it."]
    if cidery.meeple == action_id:
        lines.append("The Owner acted here this round.")
    return "\n".join(lines)


def _spot(view: ScrumpyState, names, seat: int, spot: str) -> str:
    rules, cidery = view.data.rules, view.cideries[seat]
    upgraded = spot not in cidery.hand_cubes
    if spot == "size":
        text = f"Hand size: draw up to {rules.hand_size[1 if upgraded else 0]} cards at Refresh."
    else:
        text = f"Keep: keep {rules.keep[1 if upgraded else 0]} card(s) from your hand at Refresh."
    return text + ("\nUpgraded: its cube has gone." if upgraded else
                   "\nMove its cube (to a vendor or a goal) to upgrade it.")


def _orchard(view: ScrumpyState, names, seat: int) -> str:
    cidery = view.cideries[seat]
    room = cidery.orchard_room(view.data.rules.orchard_spaces)
    return (f"{names[seat]}'s orchard: {cidery.trees} trees, {cidery.orchard_cubes} cubes, room for {room} more "
            f"tree(s).\nMove a cube from here (to a vendor or a goal) to make room for a tree. "
            f"{view.trees} trees are left in the supply.")


def _vendor(view: ScrumpyState, names, v: int, r: int, s: int) -> str:
    vendor = view.data.vendor(view.vendors[v])
    delivery = vendor.deliveries[r]
    fixed = ", ".join(_reward_words(view, part) for part in reward_parts(delivery.reward)) or "nothing"
    space = ", ".join(_reward_words(view, part) for part in reward_parts(view.data.spaces[s])) or "nothing more"
    holder = view.vendor_spaces[v][r][s]
    who = "free" if holder == FREE else "taken by the Automa" if holder == AUTOMA else f"taken by {names[holder]}"
    return (f"{vendor.name}, delivery {r + 1}: pay {view.amounts(dict(delivery.pay))}.\n"
            f"Reward: {fixed}; this space adds {space}. Scores {delivery.prestige} prestige at the end.\n"
            f"Reward space {s + 1}: {who}. A delivery moves one of your cubes here.")


def _reward_words(view: ScrumpyState, part: tuple[str, str]) -> str:
    """Returns one reward part in words."""
    name, text = part
    words = {"die": "a Forager die roll" + (" (you may roll again)" if text else ""),
             "cards": f"draw {text.lstrip('+')} card(s)", "tree": "a tree (if your orchard has room)",
             "layabout": "an Idle Layabout into your discard pile (compulsory)",
             "coins": f"{text.lstrip('+')} coin(s)", "prestige": f"{text.lstrip('+')} prestige"}
    if name in words:
        return words[name]
    return view.amounts({name: int(text.lstrip("+"))})


def _goal(view: ScrumpyState, names, goal_id: str) -> str:
    goal = view.data.goal(goal_id)
    who = [names[s] for s in range(view.players) if goal_id in view.cideries[s].goals]
    if view.automa is not None and goal_id in view.automa.goals:
        who.append("the Automa")
    lines = [f"{goal.name}: {goal.text}. Scores {goal.prestige} prestige at the end."]
    if goal_id in view.public_goals:
        index = view.public_goals.index(goal_id)
        lines.append("Its Prestige token is still there: the first to achieve it takes it." if view.goal_tokens[index]
                     else "Its Prestige token has been taken.")
    if goal.end_of_round:
        lines.append("Only after your fourth Core Action of a round.")
    lines.append("Achieved by " + (", ".join(who) if who else "nobody yet") + ".")
    return "\n".join(lines)


def _deck(view: ScrumpyState, names) -> str:
    return (f"Recruitment deck: {len(view.deck.cards)} workers (Skilled on top of Masters). When it runs out, "
            "the game ends after that round.")


def _layabouts(view: ScrumpyState, names) -> str:
    return (f"Idle Layabout supply: {len(view.layabouts.cards)} left. Recruiting one is a Core Action that also "
            "brings 1 coin; some vendors give one as a compulsory reward.")


def _pile(view: ScrumpyState, names, seat: int, which: str) -> str:
    cards = getattr(view.cideries[seat], which).cards
    if which == "draw":
        return (f"{names[seat]}'s draw pile: {len(cards)} cards, face down. When it runs out, the discard pile "
                "is shuffled.")
    text = f"{names[seat]}'s discard pile: {len(cards)} cards."
    return text + (f"\n{_listed(view, cards)}" if any(c is not None for c in cards) else "")


def _automa(view: ScrumpyState, names) -> str:
    automa = view.automa
    workers = _listed(view, automa.workers) or "none"
    return (f"The Automa's workers: {workers}. Each Skilled or Master worker scores it 1 prestige; an Exchange "
            "Student or Professor may copy its last worker.")


def _space(view: ScrumpyState, names, seat: int, index: int) -> str | None:
    cards = view.cideries[seat].spaces[index]
    if not cards:
        return f"{names[seat]}'s worker space {index + 1}: empty. Workers are played into the leftmost empty space."
    return None


_NOTES = {"store": _store, "office": _office, "spot": _spot, "orchard": _orchard, "vendor": _vendor,
          "goal": _goal, "deck": _deck, "layabouts": _layabouts, "automa": _automa, "space": _space,
          "draw": lambda view, names, seat: _pile(view, names, seat, "draw"),
          "discard": lambda view, names, seat: _pile(view, names, seat, "discard")}


def card_of(view: ScrumpyState, key: Hashable) -> str | None:
    """Returns the card a place shows face up (to be drawn large), if any."""
    kind = key[0]
    if kind in ("hand", "pool"):
        return key[1]
    if kind == "strip":
        return view.strip.slots[key[1]]
    if kind == "space":
        cards = view.cideries[key[1]].spaces[key[2]]
        return kind_of(cards[-1]) if cards else None
    return None
