"""What each game's Normal bot says about a move, in a player's words, for the top move of a hint
(games/core/hints.py): the score or the named reason its heuristic gives, where it gives one; None where the
heuristic says nothing about that kind of move (the hint then only says whether Normal would play it too).
Each function reads the seat's view only, as the bots do."""
from __future__ import annotations

from typing import Callable

from games.core.actions import Action
from games.core.state import State


def reason(game_id: str, view: State, action: Action) -> str | None:
    """Returns the Normal bot's reason for `action` in game `game_id`, or None."""
    said = _REASONS.get(game_id)
    return said(view, action) if said else None


def _amount(value: float, unit: str) -> str:
    """Returns "about 2.3 card points" (singular for about one)."""
    shown = f"{abs(value):.1f}"
    return f"about {shown} {unit}{'' if shown == '1.0' else 's'}"


# --- Scrimish: the expected material gain of an attack or a discard -------------------------------------
def _scrimish(view, action: Action) -> str | None:
    from games.scrimish.actions import Attack, ChoosePile, Discard
    from games.scrimish.bot import CROWN_STAKE, CasualBot
    bot = CasualBot()
    if isinstance(action, ChoosePile):
        moves = [move for move in bot._all_moves(view) if move.pile == action.pile]
        if not moves:
            return None
        gain = max(bot._expected(view, move) for move in moves)
    elif isinstance(action, (Attack, Discard)):
        gain = bot._expected(view, action)
    else:
        return None
    if gain >= CROWN_STAKE / 2:
        return "the Normal bot sees a chance at the Crown"
    if gain <= -CROWN_STAKE / 2:
        return "the Normal bot fears for your Crown"
    if abs(gain) < 0.05:
        return "the Normal bot expects it to win or lose nothing"
    verb = "win" if gain > 0 else "lose"
    return f"the Normal bot expects it to {verb} {_amount(gain, 'card point')} on average"


# --- Stumped: the gardener's named reasons and how it rates a card -----------------------------------
def _stumped(view, action: Action) -> str | None:
    from games.stumped.actions import Buy, EndTurn, Grow, Plant, PlayEnergy, TakeMarket
    from games.stumped.bot import MIN_WORTH, GardenerBot
    from games.stumped.cards import BASICS
    seat = view.current_player()
    if isinstance(action, Grow):
        need = view.tree_kind.win_leaves - view.trees[seat].leaves
        if action.segment == "leaf":
            return "leaves win the game, and you can grow the last ones now" if need <= view.turn.growth \
                else "the Normal bot grows toward leaves, which win the game"
        if action.segment == "fruit":
            return "an early fruit draws you a bigger hand each turn" if need > 4 else None
        if action.segment == "branch":
            return "a branch makes new holes for leaves"
        return None
    if isinstance(action, (Buy, TakeMarket)):
        worth = GardenerBot().worth(view, action.card)
        return f"the Normal bot rates this card {worth:.1f} (it buys only cards over {MIN_WORTH:.1f})"
    if isinstance(action, EndTurn) and view.pending_decision().kind == "buy":
        return "the Normal bot sees nothing here worth its energy"
    if isinstance(action, Plant):
        hand, roots = view.hands[seat].cards, view.roots[seat]
        sets = min(roots[kind] + hand.count(kind) for kind in BASICS)
        if roots[action.card] < sets:
            return "it brings your roots closer to a complete set"
        if GardenerBot()._plant(view) == action:
            return "your roots are short of it, and your energy still buys what you want"
        return None
    if isinstance(action, PlayEnergy):
        return "the Normal bot plays energy once nothing is worth planting" \
            if GardenerBot()._plant(view) is None else None
    return None


# --- Crumbs: how much the park bot thinks a space is worth holding ---------------------------------
def _crumbs(view, action: Action) -> str | None:
    from games.crumbs.actions import MoveFrom, MoveTo, PlaceStart, Spawn
    from games.crumbs.bot import ParkBot
    seat = view.current_player()
    bot = ParkBot()
    if isinstance(action, (Spawn, PlaceStart, MoveTo)):
        if action.space == view.board.fountain:
            return "the fountain scores nothing, but no scuffle ever starts there"
        worth = bot.worth(view, seat, action.space)
        return f"the Normal bot rates this space {worth:.1f} a round (an average space: 1.0)"
    if isinstance(action, MoveFrom):
        plan = bot.best_move(view, seat, "move", action.space)
        if plan is None:
            return None
        gain = plan[0]
        return f"the Normal bot expects a move from here to gain {_amount(gain, 'crumb')} a round" \
            if gain > 0 else "the Normal bot sees no gain in moving from here"
    return None


# --- Scrumpy: the prestige the fair bot reckons a whole move adds --------------------------------------
def _scrumpy(view, action: Action) -> str | None:
    import random

    from games.scrumpy.bot import finish_move, value
    seat = view.current_player()
    world = view.determinize(random.Random(0))  # the hidden cards dealt one fixed way: the same words each time
    gain = value(finish_move(world, action, seat), seat) - value(world, seat)
    if abs(gain) < 0.05:
        return "the Normal bot reckons the move changes little"
    verb = "adds" if gain > 0 else "costs"
    return f"the Normal bot reckons the whole move {verb} about {abs(gain):.1f} prestige"


# --- Scrappers: the fair bot's rule at maintenance -----------------------------------------------------
def _scrappers(view, action: Action) -> str | None:
    from games.scrappers.actions import DiscardCard, DrawUp
    from games.scrappers.bot import FairBot
    if isinstance(action, DiscardCard):
        return "no tussle symbols and no DRAW button: the Normal bot drops such cards" \
            if FairBot._weak(view, action.card) else None
    if isinstance(action, DrawUp):
        weak = [a for a in view.legal_actions() if isinstance(a, DiscardCard) and FairBot._weak(view, a.card)]
        return None if weak else "every card in your hand has tussle symbols or a DRAW button"
    return None


_REASONS: dict[str, Callable[[State, Action], str | None]] = {
    "scrimish": _scrimish, "stumped": _stumped, "crumbs": _crumbs, "scrumpy": _scrumpy, "scrappers": _scrappers,
}
