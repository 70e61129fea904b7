"""Errors raised by the rules code."""


class IllegalAction(ValueError):
    """An action that is not legal in the current state; the state is unchanged."""


class DataError(ValueError):
    """A YAML data file is broken; the message names the file, the entry and the field."""


class SaveError(ValueError):
    """A save file cannot be loaded; the message says why in words a player understands."""
