"""``python -m locales``: what each language lacks, file by file, ready to translate.

For every language folder and domain, the keys English has and that language does not,
printed as lines to paste into ``locales/<lang>/<domain>.py`` with the English text to
translate; and the keys a language has that English lacks (to delete). Exit code 1 when
anything is missing, 0 when every language is complete.
"""

from __future__ import annotations

import sys

from locales import LANGUAGES, REFERENCE, domains, messages


def report() -> list[str]:
    """The lines to print: one heading per file that needs work, then its keys."""
    lines: list[str] = []
    for domain in domains():
        english = messages(REFERENCE, domain) or {}
        for language in LANGUAGES[1:]:
            entries = messages(language, domain)
            where = f"locales/{language}/{domain}.py"
            if entries is None:
                lines.append(f"# {where} is missing: copy locales/{REFERENCE}/{domain}.py and translate it")
                continue
            missing = [key for key in english if key not in entries]
            extra = [key for key in entries if key not in english]
            if missing or extra:
                lines.append(f"# {where}")
            lines += [f"    {key!r}: {english[key]!r},  # in English: translate" for key in missing]
            lines += [f"    # {key!r} is not in locales/{REFERENCE}/{domain}.py: delete it" for key in extra]
    return lines


def main() -> int:
    """Print the report; 1 if a language lacks anything."""
    lines = report()
    print("\n".join(lines) if lines else f"Every language is complete: {', '.join(LANGUAGES)}.")  # noqa: T201
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
