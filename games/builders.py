"""Fast builders of frozen, slotted dataclasses, for the states a search builds at every ply.

Why: a frozen dataclass's generated ``__init__`` sets each field through
``object.__setattr__``, and ``dataclasses.replace`` also reads the fields' definitions first.
A search (``games.ai``) freezes a state, applies a move and builds a view at every simulated
ply, where that was a third of a Rialto ply and a tenth of a Venezia 2099 one. The builders
here write each slot through its own descriptor instead, two to three times faster, and give
the very same object (same class and fields, still frozen, equal and hashing alike).

They suit only slotted dataclasses without ``__post_init__``. The functions are generated
with ``exec`` from the class's own field names, nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def _slot_setters(cls: type[Any]) -> tuple[list[str], dict[str, Any]]:
    """``cls``'s field names, and a namespace holding each slot's setter as ``_set<index>``.

    Raises:
        TypeError: ``cls`` is no slotted dataclass, or has a ``__post_init__``.
    """
    if not is_dataclass(cls) or "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} is not a plain slotted dataclass")
    names = [item.name for item in fields(cls)]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    for index, name in enumerate(names):
        namespace[f"_set{index}"] = getattr(cls, name).__set__
    return names, namespace


def _generated(source: list[str], namespace: dict[str, Any], name: str) -> Callable[..., Any]:
    exec("\n".join(source), namespace)  # the source names only the class's own fields
    built: Callable[..., Any] = namespace[name]
    return built


def fast_constructor(cls: type[T]) -> Callable[..., T]:
    """A function taking ``cls``'s fields (by position in field order, or by name) that builds a ``cls``.

    Every field must be given (there are no defaults).
    """
    names, namespace = _slot_setters(cls)
    lines = [f"def build({', '.join(names)}):", "    obj = _new(_cls)"]
    lines += [f"    _set{index}(obj, {name})" for index, name in enumerate(names)]
    lines.append("    return obj")
    return _generated(lines, namespace, "build")


def evolver(cls: type[T]) -> Callable[..., T]:
    """``dataclasses.replace`` for ``cls``: ``evolve(obj, field=value, ...)`` with the rest copied.

    A name that is no field is a TypeError, as with ``replace``.
    """
    names, namespace = _slot_setters(cls)
    namespace["_keep"] = object()
    lines = [f"def evolve(_obj, *, {', '.join(f'{name}=_keep' for name in names)}):", "    obj = _new(_cls)"]
    lines += [f"    _set{index}(obj, _obj.{name} if {name} is _keep else {name})" for index, name in enumerate(names)]
    lines.append("    return obj")
    return _generated(lines, namespace, "evolve")
