"""What Discord refuses, written out by hand from its documented limits.

The fake Discord checks every request body the bot sends with these functions and answers a
violation the way Discord does: HTTP 400 with ``{"code": 50035, "message": "Invalid Form
Body", "errors": {...}}``, the ``errors`` tree pointing at the offending field.

Hand-written rather than generated from Discord's OpenAPI description: the spec states the
lengths of top-level fields but not the component layout (a select alone in its row, five
buttons a row), the lowercase rule for command names, localised names and descriptions, or
the order of required options, which are the mistakes a bot makes. The sources are the
pages "Application Commands", "Message Components", "Receiving and Responding" and
"Channel > Create Message" of the Discord developer documentation.
"""

from __future__ import annotations

from typing import Any

MAX_COMMANDS = 100
NAME_LENGTH = (1, 32)
DESCRIPTION_LENGTH = (1, 100)
MAX_OPTIONS = 25
MAX_CHOICES = 25
CHOICE_NAME_LENGTH = (1, 100)
CHOICE_VALUE_LENGTH = 100
MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_SELECT_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_ATTACHMENTS = 10
MAX_ALT_TEXT = 1024
MAX_EMBEDS = 10
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_TITLE = 256
MAX_THREAD_NAME = 100
LOCALES = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
SUBCOMMAND, SUBCOMMAND_GROUP, STRING = 1, 2, 3


class FormErrors:
    """Collects violations as Discord's nested ``errors`` tree."""

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}
        self.flat: list[str] = []

    def add(self, path: tuple[str | int, ...], code: str, message: str) -> None:
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
        self.flat.append(f"{'.'.join(map(str, path))}: {message}")

    def length(self, path: tuple[str | int, ...], value: Any, low: int, high: int) -> None:
        if not isinstance(value, str):
            self.add(path, "BASE_TYPE_REQUIRED" if value is None else "STRING_TYPE_CONVERT", "Must be a string.")
        elif len(value) < low:
            self.add(path, "BASE_TYPE_MIN_LENGTH", f"Must be {low} or more in length.")
        elif len(value) > high:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")

    def count(self, path: tuple[str | int, ...], items: Any, high: int) -> list[Any]:
        if items is None:
            return []
        if not isinstance(items, list):
            self.add(path, "LIST_TYPE_CONVERT", "Must be an array.")
            return []
        if len(items) > high:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
        return items

    def __bool__(self) -> bool:
        return bool(self.flat)


# --- Application commands ---------------------------------------------------------------------


def _name(errors: FormErrors, path: tuple[str | int, ...], name: Any) -> None:
    errors.length(path, name, *NAME_LENGTH)
    if isinstance(name, str):
        if name != name.lower():
            errors.add(path, "APPLICATION_COMMAND_NAME_LOWERCASE", "Command name must be lowercase.")
        if not all(ch.isalnum() or ch in "-_" for ch in name):
            errors.add(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}.")


def _localized(errors: FormErrors, path: tuple[str | int, ...], data: Any, *, names: bool) -> None:
    if data is None:
        return
    if not isinstance(data, dict):
        errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType.")
        return
    for locale, text in data.items():
        if locale not in LOCALES:
            errors.add((*path, locale), "LOCALE_INVALID", f"Invalid locale {locale!r}.")
        elif names:
            _name(errors, (*path, locale), text)
        else:
            errors.length((*path, locale), text, *DESCRIPTION_LENGTH)


def _named(errors: FormErrors, path: tuple[str | int, ...], item: dict[str, Any]) -> None:
    _name(errors, (*path, "name"), item.get("name"))
    errors.length((*path, "description"), item.get("description"), *DESCRIPTION_LENGTH)
    _localized(errors, (*path, "name_localizations"), item.get("name_localizations"), names=True)
    _localized(errors, (*path, "description_localizations"), item.get("description_localizations"), names=False)


def _options(errors: FormErrors, path: tuple[str | int, ...], options: Any) -> None:
    items = errors.count(path, options, MAX_OPTIONS)
    seen: set[str] = set()
    optional_seen = False
    for index, option in enumerate(items):
        where = (*path, index)
        _named(errors, where, option)
        name = option.get("name")
        if name in seen:
            errors.add(
                (*where, "name"), "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique"
            )
        seen.add(name)
        kind = option.get("type")
        if kind in (SUBCOMMAND, SUBCOMMAND_GROUP):
            _options(errors, (*where, "options"), option.get("options"))
            continue
        if option.get("required"):
            if optional_seen:
                errors.add(where, "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be first")
        else:
            optional_seen = True
        choices = errors.count((*where, "choices"), option.get("choices"), MAX_CHOICES)
        if choices and option.get("autocomplete"):
            errors.add(where, "APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE", "Autocomplete cannot have choices")
        for number, entry in enumerate(choices):
            _choice(errors, (*where, "choices", number), entry, kind)
        for bound in ("min_length", "max_length"):
            if bound in option and not 0 <= int(option[bound]) <= 6000:
                errors.add((*where, bound), "NUMBER_TYPE_MAX", "int value should be <= 6000 and >= 0.")


def _choice(errors: FormErrors, path: tuple[str | int, ...], entry: dict[str, Any], kind: Any) -> None:
    errors.length((*path, "name"), entry.get("name"), *CHOICE_NAME_LENGTH)
    localized = entry.get("name_localizations") or {}
    for locale, text in localized.items():
        if locale not in LOCALES:
            errors.add((*path, "name_localizations", locale), "LOCALE_INVALID", f"Invalid locale {locale!r}.")
        errors.length((*path, "name_localizations", locale), text, *CHOICE_NAME_LENGTH)
    value = entry.get("value")
    if kind == STRING:
        errors.length((*path, "value"), value, 1, CHOICE_VALUE_LENGTH)


def check_commands(body: Any) -> FormErrors:
    """A bulk overwrite of application commands (``PUT .../commands``)."""
    errors = FormErrors()
    commands = errors.count((), body, MAX_COMMANDS)
    names: set[tuple[Any, Any]] = set()
    for index, command in enumerate(commands):
        kind = command.get("type", 1)
        key = (kind, command.get("name"))
        if key in names:
            errors.add(
                (index, "name"), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique"
            )
        names.add(key)
        if kind == 1:
            _named(errors, (index,), command)
            _options(errors, (index, "options"), command.get("options"))
        else:
            errors.length((index, "name"), command.get("name"), *NAME_LENGTH)
    return errors


# --- Messages -----------------------------------------------------------------------------------


def _component(errors: FormErrors, path: tuple[str | int, ...], component: dict[str, Any]) -> None:
    kind = component.get("type")
    if kind == 2:
        if component.get("style") != 5 and component.get("style") != 6:
            errors.length((*path, "custom_id"), component.get("custom_id"), 1, MAX_CUSTOM_ID)
        if "label" in component:
            errors.length((*path, "label"), component["label"], 0, MAX_LABEL)
        if not component.get("label") and not component.get("emoji"):
            errors.add(path, "COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A button needs a label or an emoji.")
    elif kind in SELECT_TYPES:
        errors.length((*path, "custom_id"), component.get("custom_id"), 1, MAX_CUSTOM_ID)
        if "placeholder" in component:
            errors.length((*path, "placeholder"), component["placeholder"], 0, MAX_PLACEHOLDER)
        if kind == 3:
            options = component.get("options") or []
            if not options:
                errors.add((*path, "options"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
            for index, option in enumerate(errors.count((*path, "options"), options, MAX_SELECT_OPTIONS)):
                errors.length((*path, "options", index, "label"), option.get("label"), 1, MAX_SELECT_TEXT)
                errors.length((*path, "options", index, "value"), option.get("value"), 1, MAX_SELECT_TEXT)
                if "description" in option:
                    errors.length((*path, "options", index, "description"), option["description"], 0, MAX_SELECT_TEXT)
            high = component.get("max_values", 1)
            if high > len(options):
                errors.add((*path, "max_values"), "NUMBER_TYPE_MAX", f"int value should be <= {len(options)}.")
    else:
        errors.add((*path, "type"), "UNION_TYPE_CHOICES", f"Value of field 'type' must be a component, not {kind}.")


def check_components(errors: FormErrors, components: Any, flags: int) -> None:
    """Action rows (the classic layout: IS_COMPONENTS_V2 is not used by this bot)."""
    if flags & (1 << 15):
        errors.add(("flags",), "UNSUPPORTED", "The fake Discord does not model components v2.")
        return
    rows = errors.count(("components",), components, MAX_ROWS)
    custom_ids: set[str] = set()
    for index, row in enumerate(rows):
        path: tuple[str | int, ...] = ("components", index)
        if row.get("type") != 1:
            errors.add((*path, "type"), "COMPONENT_TYPE_INVALID", "Top-level components must be action rows.")
            continue
        children = row.get("components") or []
        if not children:
            errors.add((*path, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
        selects = [child for child in children if child.get("type") in SELECT_TYPES]
        if selects and len(children) > 1:
            errors.add((*path, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select must be alone in its row.")
        errors.count((*path, "components"), children, MAX_BUTTONS_PER_ROW)
        for number, child in enumerate(children):
            _component(errors, (*path, "components", number), child)
            custom_id = child.get("custom_id")
            if custom_id:
                if custom_id in custom_ids:
                    errors.add(
                        (*path, "components", number, "custom_id"),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated",
                    )
                custom_ids.add(custom_id)


def check_message(body: dict[str, Any], files: int, *, existing: int = 0) -> FormErrors:
    """A message body (create, edit, interaction response, followup)."""
    errors = FormErrors()
    if body.get("content") is not None:
        errors.length(("content",), body["content"], 0, MAX_CONTENT)
    for index, embed in enumerate(errors.count(("embeds",), body.get("embeds"), MAX_EMBEDS)):
        if "title" in embed:
            errors.length(("embeds", index, "title"), embed["title"], 0, MAX_EMBED_TITLE)
        if "description" in embed:
            errors.length(("embeds", index, "description"), embed["description"], 0, MAX_EMBED_DESCRIPTION)
    if "components" in body:
        check_components(errors, body["components"], int(body.get("flags") or 0))
    attachments = errors.count(("attachments",), body.get("attachments"), MAX_ATTACHMENTS)
    for index, attachment in enumerate(attachments):
        if attachment.get("description") is not None:
            errors.length(("attachments", index, "description"), attachment["description"], 0, MAX_ALT_TEXT)
    if files > MAX_ATTACHMENTS:
        errors.add(("files",), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ATTACHMENTS} or fewer in length.")
    return errors


def check_autocomplete(data: dict[str, Any]) -> FormErrors:
    """An autocomplete result (interaction response type 8)."""
    errors = FormErrors()
    choices = errors.count(("data", "choices"), data.get("choices"), MAX_CHOICES)
    for index, entry in enumerate(choices):
        errors.length(("data", "choices", index, "name"), entry.get("name"), *CHOICE_NAME_LENGTH)
        value = entry.get("value")
        if isinstance(value, str):
            errors.length(("data", "choices", index, "value"), value, 0, CHOICE_VALUE_LENGTH)
    return errors


def check_thread(body: dict[str, Any]) -> FormErrors:
    """A thread without a starter message (``POST /channels/{id}/threads``)."""
    errors = FormErrors()
    errors.length(("name",), body.get("name"), 1, MAX_THREAD_NAME)
    if body.get("auto_archive_duration", 60) not in (60, 1440, 4320, 10080):
        errors.add(("auto_archive_duration",), "BASE_TYPE_CHOICES", "Value must be one of {60, 1440, 4320, 10080}.")
    return errors


MAX_UPLOAD_BYTES = 10 * 1024 * 1024
"""The upload limit of a server without boosts (Discord answers 413, code 40005, beyond it)."""
