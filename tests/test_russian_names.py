"""At a Russian table the names people type (Аня, Боря) stand in the nominative in every sentence: Russian
declines a name where a sentence needs "whose" or "to whom", and a typed name cannot be declined reliably, so
the catalogue puts it after a declined noun («у игрока Аня», «карты игрока Аня»), or addresses the person
(«Аня, только для вас»)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import run_cli
from tests.support.terminal import drive

POTRA = ["play", "potra-bash", "--seats", "Аня,Боря,bot", "--lang", "ru", "--seed", "5"]


def test_a_gate_at_a_russian_table_addresses_the_person_by_the_typed_name(home: Path) -> None:
    """A trial: «Только для глаз Аня» (the genitive «Ани» was needed) read wrong at every gate."""
    shown = drive(home, POTRA, [("когда смотрит только Аня.", "\r"), ("чтобы скрыть", "")])
    assert "Аня, только для вас: нажмите Enter, когда смотрит только Аня." in shown[0]
    assert "Только для глаз" not in "".join(shown)


def test_cyrillic_names_read_in_the_nominative_in_a_potra_bash_round(home: Path) -> None:
    """A trial of a round at a Russian table: «карты Аня», «у Bot3», «в стопку очков Аня», «4 у Боря»; each
    sentence now declines a noun before the name, and a take choice copied from the prompt is read."""
    lines = ["1", "3", "4", "пас", "пас", "пас", "пас", "4 у игрока Боря", "выход"]
    run = run_cli(home, POTRA, lines)
    assert run.returncode == 0, run.stderr
    out = " ".join(run.stdout.split())  # the lines as read, whatever the wrapping
    assert "[только Аня] Рука игрока Аня: -2 3 4" in out
    assert "Аня не может сейчас сыграть эту карту: наберите «рука», чтобы увидеть карты игрока Аня" in out
    assert "Возьмите 4 из запаса и положите лицом вверх перед игроком Bot3." in out
    assert "Наибольшая сумма, 11, у игрока Bot3: Bot3 забирает центральную карту 3." in out
    assert "из общего ряда: 4 у игрока Боря, 4 у игрока Bot3, 3 у игрока Bot3" in out
    assert (
        "Аня берёт 4 у игрока Боря. → Переложите карту 4 игрока Боря лицом вниз в стопку очков игрока Аня."
        in out
    )


def test_a_gate_names_a_role_in_the_language_of_the_table(home: Path) -> None:
    """Two people at Propuh at a Russian table: the gate said «Granny, только для вас… только Granny» (the seat's
    English name, which ``--json`` keeps as the fact)."""
    args = ["play", "propuh", "--as", "granny", "--bot", "human", "--seed", "7", "--lang", "ru"]
    shown = drive(home, args, [("когда смотрит только Бабушка.", "\r"), ("скрыть", "")])
    assert "Бабушка, только для вас: нажмите Enter, когда смотрит только Бабушка." in shown[0]
    assert "Granny" not in "".join(shown)


def test_hand_at_a_real_deck_names_a_role_in_the_language_of_the_table(home: Path) -> None:
    """Propuh at a real deck, two people, a Russian table: ``hand Granny`` answered «Программа не видит карт
    игрока Granny», the seat's English name, where the prompt beside it says «Бабушка»; ``рука Бабушка`` was
    refused, its refusal listing "(Granny, Propuh)"."""
    args = ["play", "propuh", "--as", "granny", "--bot", "human", "--physical", "--seed", "7", "--lang", "ru"]
    run = run_cli(home, [*args, "--json"], ["рука Granny", "рука бабушка", "рука Вася", "выход"])
    assert run.returncode == 0, run.stderr
    said = "Программа не видит карт игрока Бабушка: это настоящие карты в руке игрока Бабушка."
    assert [e["text"] for e in run.of("hand")] == [said, said]
    (error,) = run.of("error")
    assert error["message"] == "после «рука» — имя (Бабушка, Propuh), а не «Вася»"
