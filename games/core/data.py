"""YAML data loading: validated into frozen dataclasses, with errors naming file, entry and field."""
from __future__ import annotations

import collections.abc
import dataclasses
import types
import typing
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar, Union

import yaml

from games.core.errors import DataError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    _BaseLoader = yaml.SafeLoader
else:
    _BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C loader where PyYAML has it
T = TypeVar("T", bound="DataclassInstance")
MAX_NODES = 200_000  # a data file whose aliases expand to more nodes than this is refused


def at_least(low: float, high: float | None = None) -> dict[str, float]:
    """Returns field metadata bounding a number: `field(metadata=at_least(0))` or `at_least(1, 6)`."""
    return {"min": low} if high is None else {"min": low, "max": high}


class _StrictLoader(_BaseLoader):
    """The safe loader, refusing duplicate keys in a mapping."""


def _no_duplicates(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    """Builds a mapping, refusing a key given twice."""
    seen = set()
    for key_node, _ in node.value:
        if key_node.tag == "tag:yaml.org,2002:merge":
            continue  # "<<: *base" merges another mapping; keys given here override it
        key = loader.construct_object(key_node, deep=True)
        if key in seen:
            raise yaml.constructor.ConstructorError(None, None, f"the key {key!r} is given twice",
                                                    key_node.start_mark)
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _no_duplicates)


def _expanded_size(root: yaml.Node) -> int | None:
    """Returns how many nodes the document has once every alias is expanded (computed in linear time), or None
    if an alias refers to a node that holds it (`a: &x [1, *x]`), which would expand for ever."""
    sizes: dict[int, int] = {}
    inside: set[int] = set()  # the nodes whose children are being sized: met again below themselves, a loop
    stack = [(root, False)]
    while stack:
        node, ready = stack.pop()
        if id(node) in sizes:
            continue
        if not ready and id(node) in inside:
            return None
        children = [] if isinstance(node, yaml.ScalarNode) else \
            [n for pair in node.value for n in pair] if isinstance(node, yaml.MappingNode) else list(node.value)
        if ready or not children:
            sizes[id(node)] = min(MAX_NODES + 1, 1 + sum(sizes.get(id(c), 0) for c in children))
            inside.discard(id(node))
            continue
        inside.add(id(node))
        stack.append((node, True))
        stack += [(child, False) for child in children if id(child) not in sizes]
    return sizes[id(root)]


def read_yaml(path: Path) -> Any:
    """Returns the parsed YAML document at `path`; raises DataError naming the file if it is broken,
    gives a key twice, or holds aliases that loop or expand beyond reason."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise DataError(f"{path}: cannot read ({getattr(error, 'strerror', None) or error})") from None
    try:
        loader = _StrictLoader(text)
        try:
            node = loader.get_single_node()
            if node is None:
                return None
            size = _expanded_size(node)
            if size is None:
                raise DataError(f"{path}: an alias (*name) refers to the entry that holds it, so it never ends")
            if size > MAX_NODES:
                raise DataError(f"{path}: its aliases (*names) expand to more than {MAX_NODES} entries")
            return loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.YAMLError as error:
        raise DataError(f"{path}: not valid YAML ({' '.join(str(error).split())})") from None


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
        _check_range(f, values[name], f"{where}: field '{name}'")
        if name == "id" and values[name] == "":
            raise DataError(f"{where}: field 'id': must not be empty")  # an id names the entry others refer to
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
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return build(hint, value, where)
    return _convert_scalar(hint, value, where)


def _check_range(f: dataclasses.Field, value: Any, where: str) -> None:
    """Raises DataError if a number is outside the bounds its field declares (see `at_least`)."""
    low, high = f.metadata.get("min"), f.metadata.get("max")
    numbers = value if isinstance(value, tuple) else (value,)
    for number in numbers:
        if isinstance(number, (int, float)) and not isinstance(number, bool):
            if low is not None and number < low or high is not None and number > high:
                bounds = f"at least {low}" if high is None else f"between {low} and {high}"
                raise DataError(f"{where}: must be {bounds}, got {number}")


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
