"""Daily Buzz cards: drawing one and resolving its effects, from the vocabulary in buzz.yaml; the feeder dice
and the dog put on a space.

Reads the deck, the options (a race reshuffles), the pieces and the crumbs; writes the deck, `drawn`,
`discard`, `feeders`, `modifiers`, `free_moves`, the dog and (through drops and gains) pieces and crumbs,
and asks a card's choices (a free spawn, where the dog goes).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.actions import Event
from games.crumbs import drops, table, trail
from games.crumbs.data import Card, Effect
from games.crumbs.decisions import DOG_CHOICE, FREE_SPAWN, ask

if TYPE_CHECKING:
    from games.crumbs.state import CrumbsState


def draw_buzz(state: CrumbsState, seat: int) -> list[Event]:
    """Draws the top card (refreshing a race deck from the discards) and resolves it for `seat`."""
    deck = state.deck
    if not deck.cards and state.options["race"]:
        deck.cards, state.discard = state.discard, []
        deck.shuffle(state.rng)
    card = state.data.cards[deck.cards.pop()]
    state.drawn.append(card.id)
    events = [Event("buzz", f"{{{seat}}} draws {card.title}: {card.text}", {"seat": seat, "card": card.id},
                    reveals=True)]
    for effect in card.effects:
        if state.winning:
            break
        events += resolve(state, seat, card, effect)
    return events


def resolve(state: CrumbsState, seat: int, card: Card, effect: Effect) -> list[Event]:
    """Resolves one effect of a card drawn by `seat`."""
    do = effect.do
    if do == "drop_fountain_critters":
        critters = table.critters_in(state, state.board.fountain)
        return drops.drop(state, critters, card.title) if critters else []
    if do == "drop_special":
        crumbs = table.supply(state, effect.kind)[:effect.amount]
        return drops.drop(state, crumbs, card.title) if crumbs else []
    if do == "dog_drop":
        return drops.drop(state, ["dog"], card.title)
    if do == "dog_place":
        return dog_card(state, seat, effect)
    if do == "reroll_feeders":
        return roll_feeders(state)
    if do == "crumbs":
        return crumbs_card(state, seat, effect)
    if do == "round_modifier":
        state.modifiers[effect.stat] = state.modifiers.get(effect.stat, 0) + effect.amount
        return []
    if do == "free_spawn":
        if table.pool(state, seat):
            ask(state, FREE_SPAWN, seat)
        return []
    if do == "free_move":
        state.free_moves += 1
        return []
    if do == "fountain_gift":
        return [e for s in range(state.players)
                for e in trail.gain(state, s, effect.amount * len(table.critters_in(state, state.board.fountain, s)), "Daily Buzz",
                                   card.title)]
    return [e for s in range(state.players)
            for e in trail.gain(state, s, effect.amount * len(table.controlled(state, s)), "Daily Buzz", card.title)]


def dog_card(state: CrumbsState, seat: int, effect: Effect) -> list[Event]:
    """Puts the dog where the card says, or asks the drawer to choose."""
    if effect.target == "your_choice":
        ask(state, DOG_CHOICE, seat)
        return []
    leader, events = drops.one_of(state, drops.leaders(state), "the lead")
    spaces = table.controlled(state, leader)
    if not spaces:
        return events + [Event("note", f"The leader, {{{leader}}}, controls no space: the dog stays home.",
                               {"seat": leader})]
    best = max(spaces, key=lambda s: (drops.value(state, s), -list(state.board.spaces).index(s)))
    return events + put_dog(state, best)


def crumbs_card(state: CrumbsState, seat: int, effect: Effect) -> list[Event]:
    """Gives or takes crumbs as the card says."""
    events = []
    if effect.who in ("leader", "trailing"):
        tied = drops.leaders(state) if effect.who == "leader" else drops.trailing(state)
        single, events = drops.one_of(state, tied, "the most crumbs" if effect.who == "leader" else "the fewest crumbs")
        who = [single]
    else:
        who = {"you": [seat], "all": list(range(state.players)),
               "others": [s for s in range(state.players) if s != seat]}[effect.who]
    for target in who:
        if effect.amount >= 0:
            events += trail.gain(state, target, effect.amount, "Daily Buzz", "the Daily Buzz")
        else:
            lost = trail.lose(state, target, -effect.amount, "Daily Buzz")
            word = "crumb" if lost == 1 else "crumbs"
            events.append(Event("lose", f"{{{target}}} loses {lost} {word}.", {"seat": target, "amount": lost}))
    return events


def roll_feeders(state: CrumbsState) -> list[Event]:
    """Rolls every feeder die, one at a time, onto its own spot."""
    for space in state.board.feeders:
        state.feeders[space] = state.rng.choice(state.data.numbers.feeder_die)
    dice = ", ".join(f"{state.space_name(s)} {v}" for s, v in state.feeders.items())
    return [Event("feeders", f"Feeder dice: {dice}.", {"feeders": dict(state.feeders)}, reveals=True)]


def put_dog(state: CrumbsState, space: str) -> list[Event]:
    """Places the dog on a space."""
    table.set_pose(state, "dog", None)
    table.place(state, "dog", space)
    return [Event("dog", f"The dog sits in {state.space_name(space)}: it scores nothing this round.",
                  {"space": space})]
