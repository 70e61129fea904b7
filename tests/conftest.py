"""Test setup: headless SDL before pygame is imported, and a temporary data folder per test."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("KITCHEN_TABLE_BOT_SEED", "0")  # every match's bots' seed: bot games play the same every run
