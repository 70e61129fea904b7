"""The options the action phase offers again and again, each made once per game data: the actions are immutable,
so every position may offer the very same objects (the bots' searches work out options thousands of times a move,
and making a frozen action costs more than finding it). Each function returns exactly what the rules made before."""
from __future__ import annotations

import functools

from games.scrappers.actions import (
    EndTurn,
    FinishActivation,
    MoveTo,
    Pass,
    PlayCard,
    Press,
    PressPart,
    Stop,
    SwitchPlaces,
    Target,
)
from games.scrappers.data import GameData

END_TURN, PASS, STOP, FINISH = EndTurn(), Pass(), Stop(), FinishActivation()


@functools.lru_cache(maxsize=4096)
def play_card(data: GameData, card: str, bodger: str) -> PlayCard:
    """Returns the option of playing `card` (an instance id) for `bodger`."""
    return PlayCard(card, bodger, data.cards[card].name, data.name(bodger))


@functools.lru_cache(maxsize=1024)
def presses(data: GameData, card: str) -> tuple[tuple[Press, ...], ...]:
    """Returns, per row of a card's buttons, the option of pressing each button of the row."""
    return tuple(tuple(Press(row, choice, button.label) for choice, button in enumerate(buttons))
                 for row, buttons in enumerate(data.cards[card].rows))


@functools.lru_cache(maxsize=1024)
def press_part(data: GameData, part: str) -> PressPart:
    """Returns the option of pressing a part's button."""
    return PressPart(part, data.parts[part].button.label)


@functools.lru_cache(maxsize=256)
def target(data: GameData, bodger: str) -> Target:
    """Returns the option of a button affecting `bodger`."""
    return Target(bodger, data.name(bodger))


@functools.lru_cache(maxsize=256)
def move_to(data: GameData, space: int) -> MoveTo:
    """Returns the option of a bodger going to `space`."""
    return MoveTo(space, data.board.spaces[space].name)


@functools.lru_cache(maxsize=256)
def switch_places(data: GameData, bodger: str) -> SwitchPlaces:
    """Returns the option of switching places with `bodger`."""
    return SwitchPlaces(bodger, data.name(bodger))
