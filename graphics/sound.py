"""Sound effects through pygame.mixer: our own short sounds (graphics/assets/sounds/, made by make.py there),
played by name. Without an audio device (or with SDL_AUDIODRIVER=dummy, as in tests and CI) the table is
silent: no error and nothing said on screen. M mutes and unmutes (the play scene).

Which event sounds how is data: data/<game>/sounds.yaml maps the game's event kinds to a sound and a volume
(`SoundTable`). A sound is chosen from the event as the whole table sees it (`Event.seen_by(None)`), never from
anyone's private view, so that it cannot tell another seat what a hidden card was. `TableSounds` plays each
event's sound when that event's animation starts, and the `Cue`s a view puts in its animation (the impacts of
a Crumbs drop) at their moment; at most MOST_AT_ONCE sounds start in one frame (the loudest, each file once).
"""
from __future__ import annotations

import dataclasses
import functools
import heapq
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import pygame

from games.core.actions import Event
from games.core.data import at_least, build, read_yaml
from games.core.errors import DataError
from games.core.game import DATA_ROOT
from graphics.assets import ROOT
from graphics.kit.timeline import Step, Timeline

FOLDER = ROOT / "sounds"
MOST_AT_ONCE = 3  # sounds started in one frame at most (the loudest): a drop of twenty crumbs is a patter, not a roar
MOST_TIMED = 12  # a step of more events (a deal) spaces its sounds by the gap from the start of its animation
CHANNELS = 16  # mixer channels: sounds playing at once
KEPT = 4000  # the sounds asked for that `Sounds.played` keeps (the latest): an evening of play stays small


class Sounds:
    """The app's sounds: loaded on first use, silent when the mixer cannot start, muted by M."""

    def __init__(self, folder: Path = FOLDER, volume: float = 0.8) -> None:
        self.folder = folder
        self.volume = volume
        self.muted = False
        self.played: list[str] = []  # the sounds asked for (the last KEPT), for tests (muted or silent ones too)
        self.loudness: list[float] = []  # the volume (0..1, before the app's volume) of each sound in `played`
        self._loaded: dict[str, pygame.mixer.Sound | None] = {}
        self._ready: bool | None = None  # None until the mixer is first tried

    def ready(self) -> bool:
        """Returns whether sound can be heard: the mixer started (tried once)."""
        if self._ready is None:
            try:
                pygame.mixer.init()
                self._ready = pygame.mixer.get_init() is not None
                if self._ready:
                    pygame.mixer.set_num_channels(CHANNELS)
            except pygame.error:
                self._ready = False
        return self._ready

    def play(self, name: str, volume: float = 1.0, pitch: float | None = None) -> None:
        """Plays a sound by name at `volume` (0..1) of the app's volume; nothing when muted or silent. A pitched
        sound (files `<name>-0.wav` up, 0 the lowest) plays its variant nearest `pitch` (0 low .. 1 high;
        None: the middle one)."""
        name = variant(name, pitch, self.folder)
        if len(self.played) >= KEPT:
            del self.played[:KEPT // 2], self.loudness[:KEPT // 2]
        self.played.append(name)
        self.loudness.append(volume)
        if self.muted or not self.ready():
            return
        sound = self._sound(name)
        if sound is not None:
            sound.set_volume(max(0.0, min(1.0, volume * self.volume)))
            sound.play()

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        """Returns the loaded sound (None for a file that is missing or unreadable: that sound is silent)."""
        if name not in self._loaded:
            try:
                self._loaded[name] = pygame.mixer.Sound(str(self.folder / f"{name}.wav"))
            except (pygame.error, FileNotFoundError):
                self._loaded[name] = None
        return self._loaded[name]

    def silence(self) -> None:
        """Stops every sound playing, before pygame quits: pygame-ce's mixer quit waits for the audio thread
        while holding the interpreter, and a sound ending just then made the audio thread wait for the
        interpreter: the app hung on closing (seen once in thousands of closes). Stopping first lets each sound
        end while the interpreter is free."""
        if self._ready:
            pygame.mixer.stop()

    def toggle_mute(self) -> bool:
        """Mutes or unmutes; returns whether now muted."""
        self.muted = not self.muted
        if self.muted and self._ready:
            pygame.mixer.stop()
        return self.muted


@functools.lru_cache(maxsize=4)
def known(folder: Path = FOLDER) -> frozenset[str]:
    """Returns the names that can be played: every sound file, and every pitched family (`thud` for thud-0...)."""
    names = {path.stem for path in folder.glob("*.wav")}
    return frozenset(names | {name.rsplit("-", 1)[0] for name in names if name.rsplit("-", 1)[-1].isdigit()})


@functools.lru_cache(maxsize=256)
def _variants(name: str, folder: Path) -> int:
    """Returns how many pitched variants a sound has (0: it is a single sound)."""
    count = 0
    while (folder / f"{name}-{count}.wav").exists():
        count += 1
    return count


def variant(name: str, pitch: float | None, folder: Path = FOLDER) -> str:
    """Returns the file name to play for `name` at `pitch` (0 low .. 1 high; None: the middle one)."""
    count = _variants(name, folder)
    if not count:
        return name
    k = (count - 1) // 2 if pitch is None else round(max(0.0, min(1.0, pitch)) * (count - 1))
    return f"{name}-{k}"


# --- which event sounds how (data/<game>/sounds.yaml) --------------------------------------------------
@dataclass(frozen=True)
class Rule:
    """The sound of an event kind: played when every `when` path of the event's public data holds one of the
    values listed (a list in the data: holds one of them); `then` plays `after` seconds later (a reveal)."""

    sound: str
    volume: float = field(default=1.0, metadata=at_least(0, 1))
    when: Mapping[str, Any] = field(default_factory=dict)
    then: str = ""
    after: float = field(default=0.0, metadata=at_least(0, 5))

    def matches(self, data: Mapping[str, Any]) -> bool:
        """Returns whether the event's data meets every condition."""
        return all(_holds(_at(data, path), wanted) for path, wanted in self.when.items())


@dataclass(frozen=True)
class Impacts:
    """How the impacts of a drop sound: a pitched sound for each thing hit, the impulses (g mm/s) heard
    quietest and loudest (softer ones are silent), the volume of the loudest."""

    board: str
    piece: str
    fence: str
    quietest: float = field(metadata=at_least(0.001))
    loudest: float = field(metadata=at_least(0.001))
    volume: float = field(default=1.0, metadata=at_least(0, 1))

    def __post_init__(self) -> None:
        if self.loudest <= self.quietest:
            raise ValueError(f"field 'loudest': must be more than quietest ({self.quietest}), got {self.loudest}")

    def cue(self, time: float, impulse: float, hit: str) -> "Cue | None":
        """Returns the sound of one impact `time` seconds into a drop: louder and lower for a bigger impulse;
        None if too soft to hear."""
        if impulse < self.quietest:
            return None
        share = min(1.0, math.log(impulse / self.quietest) / math.log(self.loudest / self.quietest))
        name = {"board": self.board, "fence": self.fence}.get(hit, self.piece)
        return Cue(time, name, self.volume * (0.25 + 0.75 * share), 1.0 - share)


@dataclass(frozen=True)
class SoundTable:
    """A game's sounds: the rules for each event kind (the first that matches plays), the seconds between the
    sounds of one step's events, and how a drop's impacts sound (Crumbs)."""

    events: Mapping[str, tuple[Rule, ...]]
    gap: float = field(default=0.1, metadata=at_least(0, 1))
    impacts: Impacts | None = None

    def rules(self, kind: str) -> tuple[Rule, ...]:
        """Returns the rules of an event kind (none: the event is silent)."""
        return self.events.get(kind, ())

    def rule(self, event: Event) -> Rule | None:
        """Returns the rule an event sounds by (from its public version), or None: it is silent."""
        public = event.seen_by(None)
        return next((r for r in self.rules(public.kind) if r.matches(public.data)), None)

    def cues(self, events: Sequence[Event], starts: Sequence[float] | None = None) -> list["Cue"]:
        """Returns the sounds of one step's events (each as the whole table sees it): each when its animation
        starts (`starts`, seconds into the step's; none given: all at once), but at least the gap after the
        sound before; a sound met twice in a step plays once, at the louder volume."""
        cues: dict[str, Cue] = {}
        last: float | None = None  # when the last new sound starts
        for i, event in enumerate(events):
            rule = self.rule(event)
            if rule is None:
                continue
            at = starts[i] if starts else 0.0
            at = at if last is None else max(at, last + self.gap)
            new = False
            for name, delay in ((rule.sound, 0.0), (rule.then, rule.after)):
                if name and name not in cues:
                    cues[name], new = Cue(at + delay, name, rule.volume), True
                elif name and cues[name].volume < rule.volume:
                    cues[name] = dataclasses.replace(cues[name], volume=rule.volume)
            last = at if new else last
        return sorted(cues.values(), key=lambda cue: cue.at)


def _at(data: Any, path: str) -> Any:
    """Returns the value at a dotted path of event data ("to.0": the first item of data["to"]); None if absent."""
    for key in path.split("."):
        if isinstance(data, Mapping):
            data = data.get(key)
        elif isinstance(data, (list, tuple)) and key.isdigit() and int(key) < len(data):
            data = data[int(key)]
        else:
            return None
    return data


def _holds(value: Any, wanted: Any) -> bool:
    """Returns whether a value is one of those wanted (a list value: holds one of them)."""
    wanted = wanted if isinstance(wanted, (list, tuple)) else (wanted,)
    values = value if isinstance(value, (list, tuple)) else (value,)
    return any(v in wanted for v in values if isinstance(v, (str, int, float, bool)))


def sounds_path(game_id: str) -> Path:
    """Returns a game's sounds file."""
    return DATA_ROOT / game_id / "sounds.yaml"


@functools.lru_cache(maxsize=8)
def sound_table(game_id: str) -> SoundTable:
    """Returns a game's sounds from data/<game>/sounds.yaml (none if the file is absent); raises DataError
    naming the file, the entry and the field, and for a sound that does not exist."""
    path = sounds_path(game_id)
    if not path.exists():
        return SoundTable({})
    raw = read_yaml(path)
    if isinstance(raw, dict) and isinstance(raw.get("events"), dict):
        raw = {**raw, "events": {kind: rules if isinstance(rules, list) else [rules]
                                 for kind, rules in raw["events"].items()}}
    table = build(SoundTable, raw, str(path))
    names = known()
    for kind, rules in table.events.items():
        for i, rule in enumerate(rules):
            for name, field_name in ((rule.sound, "sound"), (rule.then, "then")):
                if (name or field_name == "sound") and name not in names:
                    raise DataError(f"{path}: field 'events'[{kind!r}][{i}]: field '{field_name}': no sound "
                                    f"named {name!r} in {FOLDER.name}/ (made by make.py)")
    for field_name in ("board", "piece", "fence") if table.impacts else ():
        name = getattr(table.impacts, field_name)
        if name not in names:
            raise DataError(f"{path}: field 'impacts': field '{field_name}': no sound named {name!r}")
    return table


# --- playing them at their moment ----------------------------------------------------------------------
@dataclass(frozen=True)
class Cue(Step):
    """A sound at a moment of an animation: put in a view's timeline (it takes no time), it plays when the
    animation reaches it. `pitch` 0..1 picks a pitched sound's variant."""

    at: float
    name: str
    volume: float = 1.0
    pitch: float | None = None
    duration: float = 0.0

    def shifted(self, seconds: float) -> "Cue":
        """Returns this cue `seconds` later."""
        return dataclasses.replace(self, at=self.at + seconds)


def drop_cues(impacts: Iterable, stretch: float = 1.0, game_id: str = "crumbs") -> list[Cue]:
    """Returns the sounds of a drop's impacts (physics.Impact: time, impulse, piece, what it hit), each at its
    time in the drop's animation (times `stretch` when its frames play slower than they were recorded), by the
    game's `impacts` sounds; none for a game without them."""
    try:
        sounds = sound_table(game_id).impacts
    except DataError:  # the menu's data check names it
        sounds = None
    if sounds is None:
        return []
    cues = (sounds.cue(impact[0] * stretch, impact[1], impact[3]) for impact in impacts)
    return [cue for cue in cues if cue is not None]


class TableSounds:
    """The sounds of a play scene: each event's when its animation starts, the cues in a step's animation at
    their moment; a step shown again (to a seat that missed it) is not heard again."""

    def __init__(self, game_id: str, sounds: Sounds) -> None:
        try:
            self.table = sound_table(game_id)
        except DataError:  # the menu's data check names it; the table plays on, silent
            self.table = SoundTable({})
        self.sounds = sounds
        self.clock = 0.0
        self.pending: list[tuple[float, int, Cue]] = []
        self.heard = -1  # the last step of the match whose sounds were played
        self._order = 0

    def start(self, index: int, happened: Sequence[Event], shown: list[Event],
              animate: Callable[[list[Event]], Timeline | None]) -> Timeline | None:
        """Returns the animation of step `index` (`animate` of the events as `shown`) and schedules its sounds:
        each event's (chosen from the events as they `happened`) when that event's animation starts, and the
        cues in it at their moment. A view animates a step's events one after another, so an event's animation
        starts when that of the events before it ends: asked of `animate` before the step's own animation is
        made (the last, so that a view keeping what it built meanwhile keeps the whole step's)."""
        if index <= self.heard:
            return animate(shown)
        self.heard = index
        starts = None
        if len(shown) <= MOST_TIMED and len(shown) == len(happened):
            starts = [0.0 if k == 0 or self.table.rule(event) is None else _length(animate(shown[:k]))
                      for k, event in enumerate(happened)]
        timeline = animate(shown)
        cues = self.table.cues(happened, starts)
        if timeline is not None:
            cues += [step.shifted(start) for start, step in timeline.leaves if isinstance(step, Cue)]
        for cue in cues:
            self._order += 1
            heapq.heappush(self.pending, (self.clock + cue.at, self._order, cue))
        return timeline

    def update(self, dt: float) -> None:
        """Advances the clock by `dt` animation seconds and plays the sounds now due (the loudest few)."""
        self.clock += dt
        due = []
        while self.pending and self.pending[0][0] <= self.clock:
            due.append(heapq.heappop(self.pending)[2])
        loudest: dict[str, Cue] = {}  # one of each sound a frame: the same sound twice at once is just louder
        for cue in due:
            name = variant(cue.name, cue.pitch, self.sounds.folder)
            if name not in loudest or loudest[name].volume < cue.volume:
                loudest[name] = cue
        for cue in sorted(loudest.values(), key=lambda c: -c.volume)[:MOST_AT_ONCE]:
            self.sounds.play(cue.name, cue.volume, cue.pitch)
        if not self.pending:
            self.clock = 0.0

    def forget(self, moves: int) -> None:
        """Drops the sounds waiting (after undo or a load); steps from `moves` on are new again."""
        self.pending.clear()
        self.heard = min(self.heard, moves - 1)


def _length(timeline: Timeline | None) -> float:
    """Returns how long an animation lasts (0 for none)."""
    return timeline.duration if timeline is not None else 0.0
