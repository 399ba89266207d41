"""Interface strings per language (judge_tool/locales/*.toml): every catalogue complete,
the language chosen by the rulebook and overridable, and the CLI speaking it."""

from __future__ import annotations

import re
import string

import pytest

from judge_tool.i18n import LANGUAGES, UnknownLanguage, catalogue, choose, messages


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_every_catalogue_has_every_key_with_the_same_placeholders():
    english = catalogue("en")
    assert len(english) > 100
    for lang in LANGUAGES:
        own = catalogue(lang)
        assert set(own) == set(english), (lang, set(own) ^ set(english))
        for key, template in own.items():
            assert template.strip(), (lang, key)
            assert _fields(template) == _fields(english[key]), (lang, key)


def test_catalogues_are_in_their_language():
    """No Turkish interface word left in another language's catalogue (the bug was Turkish
    labels inside lang="ru|hr|fr" pages), and Russian strings are Cyrillic."""
    turkish_only = re.compile(r"[ğışİĞŞı]")
    for lang in ("ru", "hr", "fr", "en"):
        for key, text in catalogue(lang).items():
            if key.startswith("language."):
                continue
            assert not turkish_only.search(text), (lang, key, text)
    cyrillic = re.compile(r"[а-яё]", re.IGNORECASE)
    words = [t for k, t in catalogue("ru").items() if re.search(r"[A-Za-zА-Яа-я]{3}", t)]
    assert all(cyrillic.search(t) for t in words)


def test_language_choice_order(monkeypatch):
    monkeypatch.delenv("JUDGE_LANG", raising=False)
    assert choose("ru") == "ru"
    assert choose("hr", explicit="fr") == "fr"
    assert choose(None) == "tr"
    assert choose("de") == "tr"                      # no catalogue: the project's language
    monkeypatch.setenv("JUDGE_LANG", "en_GB.UTF-8")
    assert choose("ru") == "en"
    assert choose("ru", explicit="hr") == "hr"
    with pytest.raises(UnknownLanguage):
        choose("ru", explicit="xx")


def test_messages_format_and_fall_back():
    assert messages("ru")("site.home_terms", n=4) == "терминов: 4"
    assert messages("fr")("no.such.key") == "no.such.key"


def test_rule_output_speaks_the_rulebooks_language(run_judge):
    res = run_judge("--game", "berserk", "rule", "520")
    assert res.returncode == 0
    assert "Примечание:" in res.stdout and "Not:" not in res.stdout
    res = run_judge("--game", "berserk", "rule", "517.4")
    assert "[заголовок редактора]" in res.stdout           # editor-added title marked
    res = run_judge("--game", "altered", "toc")
    assert "5. Jouer des cartes et des actions [titre de l'éditeur]" in res.stdout
    assert "5.1.2 Processus de jeu" in res.stdout and "Processus de jeu [" not in res.stdout
    res = run_judge("--game", "l5r", "rule", "1.5.3", "--cite")
    assert res.stdout.startswith("L5R 1.5.3 (broj projekta, nije službeni) — ")
    res = run_judge("--game", "cyberpunk-tcg", "rule", "9.23.2.2", "--cite")
    assert "(" not in res.stdout.split("—")[0]                # official numbers: no marker


def test_lang_option_and_environment_override(run_judge):
    res = run_judge("--lang", "en", "--game", "berserk", "rule", "520")
    assert "Note:" in res.stdout and "Примечание" not in res.stdout
    res = run_judge("--game", "berserk", "rule", "520", env={"JUDGE_LANG": "fr"})
    assert "Note :" in res.stdout or "Note:" in res.stdout
    assert "Les règles de ce chapitre" in res.stdout
    res = run_judge("--lang", "xx", "rule", "9.1")
    assert res.returncode == 2 and "no interface language 'xx'" in res.stderr
    assert res.stderr.count("\n") == 1


def test_lists_inside_a_rule_stay_lists(run_judge):
    res = run_judge("--game", "berserk", "rule", "519.3", "--only")
    lines = res.stdout.splitlines()
    items = [l.strip() for l in lines if re.match(r"\s+\d\) ", l)]
    assert items == ["1) из своей колоды;", "2) в открытом виде;", "3) под своим контролем."]
    import json
    data = json.loads(run_judge("--game", "altered", "rule", "5.1.2.b", "--json").stdout)
    assert len(data["items"]) == 3 and data["lead"].endswith("sans ordre particulier :")


def test_ask_answers_other_rulebooks_in_their_language(run_judge):
    res = run_judge("--game", "berserk", "ask", "что такое эффект замещения")
    assert res.returncode == 0, res.stderr
    assert "Решения нет" in res.stdout and "Karar verilmedi" not in res.stdout
    assert "Ближайшие правила:" in res.stdout and "En yakın" not in res.stdout
