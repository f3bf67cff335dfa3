"""Discord's payload limits, checked the way Discord checks them.

discord.py validates only a few limits client side (it does *not* check the 100-character
``custom_id`` limit, for instance), so a bot can build payloads that real Discord rejects with
``400 Invalid Form Body (50035)``.  The fake runs every outgoing message, modal, autocomplete
result and command registration through these checks and answers with the same nested
``errors`` object Discord uses, e.g. ``components.0.components.1.custom_id``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

# -- limits (https://discord.com/developers/docs) -------------------------------------------
CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
ACTION_ROWS_MAX = 5
ROW_WIDTH_MAX = 5
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100
SELECT_PLACEHOLDER_MAX = 150
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
FILES_MAX = 10
FILE_SIZE_MAX = 10 * 1024 * 1024
ATTACHMENT_DESCRIPTION_MAX = 1024
AUTOCOMPLETE_CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100
MODAL_TITLE_MAX = 45
MODAL_ROWS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_VALUE_MAX = 4000
V2_COMPONENTS_MAX = 40
THREAD_NAME_MAX = 100
COMMANDS_MAX = 100
COMMAND_OPTIONS_MAX = 25
COMMAND_DESCRIPTION_MAX = 100

FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
INTERACTIVE_TYPES = frozenset({2, 3, 4, 5, 6, 7, 8})
V2_TOP_LEVEL_TYPES = frozenset({1, 9, 10, 12, 13, 14, 17})

_COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")

Path = tuple[str | int, ...]


class FormErrors:
    """Collects field errors into Discord's nested ``errors`` object."""

    def __init__(self) -> None:
        self._tree: dict[str, Any] = {}

    def add(self, path: Path, code: str, message: str) -> None:
        """Record an error at ``path`` (list indices become string keys, as Discord does)."""
        node = self._tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def __bool__(self) -> bool:
        return bool(self._tree)

    def to_dict(self, prefix: Path = ()) -> dict[str, Any]:
        """The ``errors`` object, nested under ``prefix`` (``("data",)`` for callbacks)."""
        tree: dict[str, Any] = self._tree
        for part in reversed(prefix):
            tree = {str(part): tree}
        return tree

    def max_length(self, path: Path, value: Any, limit: int) -> None:
        """``BASE_TYPE_MAX_LENGTH`` if ``value`` is longer than ``limit``."""
        if value is not None and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def length_between(self, path: Path, value: Any, low: int, high: int) -> None:
        """Required string of ``low``..``high`` characters."""
        if value is None:
            self.add(path, "BASE_TYPE_REQUIRED", "This field is required")
        elif len(value) < low:
            self.add(path, "BASE_TYPE_MIN_LENGTH", f"Must be {low} or more in length.")
        elif len(value) > high:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")


# -- messages --------------------------------------------------------------------------------


def validate_message_fields(payload: Mapping[str, Any], errors: FormErrors) -> None:
    """Check the message fields present in ``payload`` (a create or an edit body)."""
    flags = int(payload.get("flags") or 0)
    if payload.get("content") is not None:
        errors.max_length(("content",), payload["content"], CONTENT_MAX)
    if payload.get("embeds") is not None:
        validate_embeds(payload["embeds"], errors)
    if payload.get("components") is not None:
        if flags & FLAG_COMPONENTS_V2:
            validate_components_v2(payload["components"], errors)
        else:
            validate_components_v1(payload["components"], errors)
    if flags & FLAG_COMPONENTS_V2:
        for legacy in ("content", "embeds", "poll"):
            if payload.get(legacy):
                errors.add(
                    (legacy,),
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    f"The '{legacy}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
                )
    for index, attachment in enumerate(payload.get("attachments") or []):
        errors.max_length(
            ("attachments", index, "description"),
            attachment.get("description"),
            ATTACHMENT_DESCRIPTION_MAX,
        )


def validate_embeds(embeds: Sequence[Mapping[str, Any]], errors: FormErrors) -> None:
    """Per-embed limits plus the 6000-character total across all embeds of a message."""
    if len(embeds) > EMBEDS_MAX:
        errors.add(("embeds",), "BASE_TYPE_MAX_LENGTH", f"Must be {EMBEDS_MAX} or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        path: Path = ("embeds", i)
        title = embed.get("title")
        description = embed.get("description")
        errors.max_length((*path, "title"), title, EMBED_TITLE_MAX)
        errors.max_length((*path, "description"), description, EMBED_DESCRIPTION_MAX)
        total += len(title or "") + len(description or "")
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            errors.add(
                (*path, "fields"),
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {EMBED_FIELDS_MAX} or fewer in length.",
            )
        for j, field in enumerate(fields):
            errors.length_between(
                (*path, "fields", j, "name"), field.get("name"), 1, EMBED_FIELD_NAME_MAX
            )
            errors.length_between(
                (*path, "fields", j, "value"), field.get("value"), 1, EMBED_FIELD_VALUE_MAX
            )
            total += len(field.get("name") or "") + len(field.get("value") or "")
        footer = (embed.get("footer") or {}).get("text")
        author = (embed.get("author") or {}).get("name")
        errors.max_length((*path, "footer", "text"), footer, EMBED_FOOTER_MAX)
        errors.max_length((*path, "author", "name"), author, EMBED_AUTHOR_MAX)
        total += len(footer or "") + len(author or "")
    if total > EMBED_TOTAL_MAX:
        errors.add(
            ("embeds",),
            "MAX_EMBED_SIZE_EXCEEDED",
            f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX}",
        )


def _check_custom_id(
    component: Mapping[str, Any], path: Path, errors: FormErrors, seen: set[str]
) -> None:
    custom_id = component.get("custom_id")
    if custom_id is None:
        errors.add((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
        return
    if not isinstance(custom_id, str):
        errors.add((*path, "custom_id"), "BASE_TYPE_STRING", "Must be a string.")
        return
    errors.length_between((*path, "custom_id"), custom_id, 1, CUSTOM_ID_MAX)
    if custom_id in seen:
        errors.add(
            (*path, "custom_id"),
            "COMPONENT_CUSTOM_ID_DUPLICATED",
            "Component custom id cannot be duplicated",
        )
    seen.add(custom_id)


def _validate_interactive(
    component: Mapping[str, Any], path: Path, errors: FormErrors, seen: set[str]
) -> None:
    ctype = component.get("type")
    if ctype == BUTTON:
        style = component.get("style")
        errors.max_length((*path, "label"), component.get("label"), BUTTON_LABEL_MAX)
        if style == 5:
            if not component.get("url"):
                errors.add((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required")
            if component.get("custom_id") is not None:
                errors.add(
                    (*path, "custom_id"),
                    "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                    "A custom id cannot be specified for link buttons",
                )
        elif style == 6:
            if not component.get("sku_id"):
                errors.add((*path, "sku_id"), "BASE_TYPE_REQUIRED", "This field is required")
        else:
            _check_custom_id(component, path, errors, seen)
    elif ctype in SELECT_TYPES:
        _check_custom_id(component, path, errors, seen)
        errors.max_length(
            (*path, "placeholder"), component.get("placeholder"), SELECT_PLACEHOLDER_MAX
        )
        min_values = component.get("min_values", 1)
        max_values = component.get("max_values", 1)
        if not 0 <= min_values <= SELECT_OPTIONS_MAX:
            errors.add(
                (*path, "min_values"), "NUMBER_TYPE_MAX", "int value should be <= 25 and >= 0."
            )
        if not 1 <= max_values <= SELECT_OPTIONS_MAX:
            errors.add(
                (*path, "max_values"), "NUMBER_TYPE_MAX", "int value should be <= 25 and >= 1."
            )
        if ctype == STRING_SELECT:
            options = component.get("options") or []
            if not options:
                errors.add(
                    (*path, "options"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."
                )
            if len(options) > SELECT_OPTIONS_MAX:
                errors.add(
                    (*path, "options"),
                    "BASE_TYPE_MAX_LENGTH",
                    f"Must be {SELECT_OPTIONS_MAX} or fewer in length.",
                )
            values: set[str] = set()
            for k, option in enumerate(options):
                opath: Path = (*path, "options", k)
                errors.length_between(
                    (*opath, "label"), option.get("label"), 1, SELECT_OPTION_TEXT_MAX
                )
                errors.length_between(
                    (*opath, "value"), option.get("value"), 1, SELECT_OPTION_TEXT_MAX
                )
                errors.max_length(
                    (*opath, "description"), option.get("description"), SELECT_OPTION_TEXT_MAX
                )
                if option.get("value") in values:
                    errors.add(
                        (*opath, "value"),
                        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                        "Select component option values must be unique",
                    )
                values.add(option.get("value"))
            if options and max_values > len(options):
                errors.add(
                    (*path, "max_values"),
                    "SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS",
                    "max_values must be less than or equal to the number of options",
                )
    elif ctype == TEXT_INPUT:
        _check_custom_id(component, path, errors, seen)
        errors.max_length((*path, "label"), component.get("label"), TEXT_INPUT_LABEL_MAX)
        errors.max_length((*path, "value"), component.get("value"), TEXT_INPUT_VALUE_MAX)
        errors.max_length((*path, "placeholder"), component.get("placeholder"), 100)


def _validate_action_row(
    row: Mapping[str, Any], path: Path, errors: FormErrors, seen: set[str]
) -> None:
    children = row.get("components") or []
    if not children:
        errors.add((*path, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
    if len(children) > ROW_WIDTH_MAX:
        errors.add(
            (*path, "components"),
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {ROW_WIDTH_MAX} or fewer in length.",
        )
    if any(child.get("type") in SELECT_TYPES for child in children) and len(children) > 1:
        errors.add(
            (*path, "components"),
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )
    for j, child in enumerate(children):
        child_path: Path = (*path, "components", j)
        if child.get("type") not in INTERACTIVE_TYPES - {TEXT_INPUT}:
            errors.add(
                (*child_path, "type"),
                "UNION_TYPE_CHOICES",
                'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).',
            )
            continue
        _validate_interactive(child, child_path, errors, seen)


def validate_components_v1(components: Sequence[Mapping[str, Any]], errors: FormErrors) -> None:
    """Classic layout: up to 5 action rows of up to 5 buttons or exactly 1 select."""
    if len(components) > ACTION_ROWS_MAX:
        errors.add(
            ("components",),
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {ACTION_ROWS_MAX} or fewer in length.",
        )
    seen: set[str] = set()
    for i, row in enumerate(components):
        path: Path = ("components", i)
        if row.get("type") != 1:
            errors.add(
                (*path, "type"), "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,).'
            )
            continue
        _validate_action_row(row, path, errors, seen)


def _walk_v2(
    components: Sequence[Mapping[str, Any]],
    path: Path,
    errors: FormErrors,
    seen: set[str],
) -> int:
    count = 0
    for i, component in enumerate(components):
        cpath: Path = (*path, i)
        count += 1
        ctype = component.get("type")
        if ctype == 1:
            _validate_action_row(component, cpath, errors, seen)
            count += len(component.get("components") or [])
        elif ctype in (9, 17):
            count += _walk_v2(
                component.get("components") or [], (*cpath, "components"), errors, seen
            )
            accessory = component.get("accessory")
            if accessory is not None:
                count += 1
                if accessory.get("type") == BUTTON:
                    _validate_interactive(accessory, (*cpath, "accessory"), errors, seen)
        elif ctype in INTERACTIVE_TYPES:
            _validate_interactive(component, cpath, errors, seen)
    return count


def validate_components_v2(components: Sequence[Mapping[str, Any]], errors: FormErrors) -> None:
    """Components V2: ≤ 40 components in total, custom ids unique, rows as in V1."""
    for i, component in enumerate(components):
        if component.get("type") not in V2_TOP_LEVEL_TYPES:
            errors.add(
                ("components", i, "type"),
                "UNION_TYPE_CHOICES",
                'Value of field "type" must be one of (1, 9, 10, 12, 13, 14, 17).',
            )
    total = _walk_v2(components, ("components",), errors, set())
    if total > V2_COMPONENTS_MAX:
        errors.add(
            ("components",),
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {V2_COMPONENTS_MAX} or fewer in length.",
        )


def iter_components(components: Iterable[Mapping[str, Any]]) -> Iterable[Mapping[str, Any]]:
    """Depth-first walk over a component tree (rows, sections, containers, labels)."""
    for component in components:
        yield component
        yield from iter_components(component.get("components") or [])
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, Mapping):
                yield from iter_components([child])


# -- interaction callbacks -------------------------------------------------------------------


def validate_autocomplete(data: Mapping[str, Any], errors: FormErrors) -> None:
    """≤ 25 choices; name 1–100 chars; string values ≤ 100 chars."""
    choices = data.get("choices")
    if choices is None:
        errors.add(("choices",), "BASE_TYPE_REQUIRED", "This field is required")
        return
    if len(choices) > AUTOCOMPLETE_CHOICES_MAX:
        errors.add(
            ("choices",),
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {AUTOCOMPLETE_CHOICES_MAX} or fewer in length.",
        )
    for i, choice in enumerate(choices):
        errors.length_between(("choices", i, "name"), choice.get("name"), 1, CHOICE_NAME_MAX)
        value = choice.get("value")
        if isinstance(value, str):
            errors.max_length(("choices", i, "value"), value, CHOICE_VALUE_MAX)


def validate_modal(data: Mapping[str, Any], errors: FormErrors) -> None:
    """Title 1–45 chars, custom_id 1–100, 1–5 rows/labels each holding one input."""
    errors.length_between(("title",), data.get("title"), 1, MODAL_TITLE_MAX)
    seen: set[str] = set()
    _check_custom_id(data, (), errors, set())
    components = data.get("components") or []
    if not components:
        errors.add(("components",), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
    if len(components) > MODAL_ROWS_MAX:
        errors.add(
            ("components",), "BASE_TYPE_MAX_LENGTH", f"Must be {MODAL_ROWS_MAX} or fewer in length."
        )
    for i, row in enumerate(components):
        path: Path = ("components", i)
        if row.get("type") == 1:
            for j, child in enumerate(row.get("components") or []):
                _validate_interactive(child, (*path, "components", j), errors, seen)
        elif row.get("type") == 18:
            child = row.get("component") or {}
            _validate_interactive(child, (*path, "component"), errors, seen)


# -- application commands --------------------------------------------------------------------


def _validate_command_options(
    options: Sequence[Mapping[str, Any]], path: Path, errors: FormErrors
) -> None:
    if len(options) > COMMAND_OPTIONS_MAX:
        errors.add(
            path, "BASE_TYPE_MAX_LENGTH", f"Must be {COMMAND_OPTIONS_MAX} or fewer in length."
        )
    names: set[str] = set()
    for i, option in enumerate(options):
        opath: Path = (*path, i)
        name = option.get("name") or ""
        if not _COMMAND_NAME.match(name) or name != name.lower():
            errors.add(
                (*opath, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"
            )
        if name in names:
            errors.add(
                (*opath, "name"),
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option name already exists",
            )
        names.add(name)
        errors.length_between(
            (*opath, "description"), option.get("description"), 1, COMMAND_DESCRIPTION_MAX
        )
        choices = option.get("choices") or []
        if len(choices) > AUTOCOMPLETE_CHOICES_MAX:
            errors.add(
                (*opath, "choices"),
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {AUTOCOMPLETE_CHOICES_MAX} or fewer in length.",
            )
        if option.get("type") in (1, 2):
            _validate_command_options(option.get("options") or [], (*opath, "options"), errors)


def validate_commands(commands: Sequence[Mapping[str, Any]], errors: FormErrors) -> None:
    """Bulk-overwrite body: ≤ 100 commands, valid unique names, descriptions, ≤ 25 options."""
    if len(commands) > COMMANDS_MAX:
        errors.add((), "BASE_TYPE_MAX_LENGTH", f"Must be {COMMANDS_MAX} or fewer in length.")
    seen: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        ctype = int(command.get("type", 1))
        name = command.get("name") or ""
        if ctype == 1 and (not _COMMAND_NAME.match(name) or name != name.lower()):
            errors.add((i, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
        if (ctype, name) in seen:
            errors.add(
                (i, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique: {name}",
            )
        seen.add((ctype, name))
        if ctype == 1:
            errors.length_between(
                (i, "description"), command.get("description"), 1, COMMAND_DESCRIPTION_MAX
            )
            _validate_command_options(command.get("options") or [], (i, "options"), errors)
