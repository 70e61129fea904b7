"""Rules of the Kitchen Table games. Nothing here imports pygame.

Every game is one package under games/ whose module exposes `GAME`; GAME_PACKAGES lists them
in menu order and `games.registry` finds them.
"""

GAME_PACKAGES = ("scrimish", "crumbs", "scrappers", "scrumpy", "stumped")
