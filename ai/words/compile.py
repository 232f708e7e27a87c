"""``python -m ai.words.compile``: compile every catalogue into the ``.mo`` beside it (run after editing a ``.po``)."""

from __future__ import annotations

from ai.words.catalogues import LANGS, compiled, mo_path


def main() -> None:
    for lang in LANGS[1:]:
        mo_path(lang).write_bytes(compiled(lang))
        print(f"{mo_path(lang)}: compiled")


if __name__ == "__main__":
    main()
