"""YAML data loading: validated into frozen dataclasses, with errors naming file, entry and field."""
from __future__ import annotations

import collections.abc
import dataclasses
import types
import typing
from pathlib import Path
from typing import Any, Literal, TypeVar, Union

import yaml

from games.core.errors import DataError

T = TypeVar("T")
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path) -> Any:
    """Returns the parsed YAML document at `path`; raises DataError naming the file if broken."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise DataError(f"{path}: cannot read ({error.strerror})") from None
    try:
        return yaml.load(text, Loader=_SafeLoader)
    except yaml.YAMLError as error:
        raise DataError(f"{path}: not valid YAML ({error})") from None


def load_list(path: Path, key: str, cls: type[T]) -> tuple[T, ...]:
    """Returns the entries under `key` in the YAML file at `path`, each validated as `cls`."""
    document = read_yaml(path)
    if not isinstance(document, dict) or key not in document:
        raise DataError(f"{path}: expected a top-level '{key}:' list")
    entries = document[key]
    if not isinstance(entries, list):
        raise DataError(f"{path}: '{key}' must be a list")
    return tuple(build(cls, raw, f"{path}: {key}[{i}]{_entry_name(raw)}") for i, raw in enumerate(entries))


def load_one(path: Path, cls: type[T]) -> T:
    """Returns the whole YAML file at `path` validated as one `cls`."""
    return build(cls, read_yaml(path), str(path))


def _entry_name(raw: Any) -> str:
    """Returns ' (id ...)' for entries that carry an id or name, to help find them."""
    if isinstance(raw, dict):
        for key in ("id", "name", "title"):
            if key in raw:
                return f" ({key} {raw[key]!r})"
    return ""


def build(cls: type[T], raw: Any, where: str) -> T:
    """Returns `raw` validated as the dataclass `cls`; raises DataError saying where it is wrong."""
    if not isinstance(raw, dict):
        raise DataError(f"{where}: expected a mapping of fields, got {_shown(raw)}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(raw) - set(fields))
    if unknown:
        raise DataError(f"{where}: unknown field '{unknown[0]}' (known: {', '.join(fields)})")
    hints = typing.get_type_hints(cls)
    values = {}
    for name, f in fields.items():
        if name not in raw:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise DataError(f"{where}: field '{name}' is missing")
            continue
        values[name] = _convert(hints[name], raw[name], f"{where}: field '{name}'")
    try:
        return cls(**values)
    except (ValueError, TypeError) as error:
        raise DataError(f"{where}: {error}") from None


def _convert(hint: Any, value: Any, where: str) -> Any:
    """Returns `value` checked against the type `hint` (tuples for lists, mappings read-only)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return value
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        errors = []
        for option in options:
            try:
                return _convert(option, value, where)
            except DataError as error:
                errors.append(str(error))
        raise DataError(errors[0])
    if origin is Literal:
        if value not in args:
            raise DataError(f"{where}: expected one of {', '.join(map(repr, args))}, got {_shown(value)}")
        return value
    if origin is tuple:
        if not isinstance(value, list):
            raise DataError(f"{where}: expected a list, got {_shown(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise DataError(f"{where}: expected a list of {len(args)}, got {len(value)} items")
        return tuple(_convert(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, value)))
    if origin in (dict, collections.abc.Mapping) or hint is dict:
        if not isinstance(value, dict):
            raise DataError(f"{where}: expected a mapping, got {_shown(value)}")
        key_hint, value_hint = args or (Any, Any)
        return types.MappingProxyType(
            {_convert(key_hint, k, where): _convert(value_hint, v, f"{where}[{k!r}]") for k, v in value.items()}
        )
    if dataclasses.is_dataclass(hint):
        return build(hint, value, where)
    return _convert_scalar(hint, value, where)


_SCALAR_WORDS = {int: "a whole number", float: "a number", str: "text", bool: "true or false"}


def _convert_scalar(hint: Any, value: Any, where: str) -> Any:
    """Returns a checked int, float, str or bool."""
    ok = {
        int: isinstance(value, int) and not isinstance(value, bool),
        float: isinstance(value, (int, float)) and not isinstance(value, bool),
        str: isinstance(value, str),
        bool: isinstance(value, bool),
    }.get(hint)
    if ok is None:
        raise TypeError(f"{where}: unsupported field type {hint!r}")
    if not ok:
        raise DataError(f"{where}: expected {_SCALAR_WORDS[hint]}, got {_shown(value)}")
    return float(value) if hint is float else value


def _shown(value: Any) -> str:
    """Returns a short description of a bad value for error messages."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
