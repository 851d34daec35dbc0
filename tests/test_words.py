"""Words are keyed, not English: the rules and the physics refuse with a `Refusal` (a text key
and its fields), the hints name what an aim is for by a key, and each is said from the texts in
assets/text/<language>/ (`words`, `ui.lang`)."""

from __future__ import annotations

import ast
import random
import string
from functools import cache
from pathlib import Path

import pytest
import source_trees
from hypothesis import given, settings
from hypothesis import strategies as st
from ui_support import speak, spoken

import petanque_game
from petanque_game import words
from petanque_game.rules.base import (
    CHANCE,
    Bank,
    Close,
    Dice,
    IllegalAction,
    Keep,
    Refusal,
    Refused,
    Roll,
    Stop,
    unworded,
)
from petanque_game.rules.games import games
from petanque_game.ui import lang

PACKAGE = Path(petanque_game.__file__).parent
RAISERS = {"IllegalAction", "LaunchError", "OptionError", "Refused", "TableError"}



def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _keys_of(node: ast.expr) -> list[str] | None:
    """The keys a refusal's first argument can be: a string, or a choice between strings."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        a, b = _keys_of(node.body), _keys_of(node.orelse)
        return None if a is None or b is None else a + b
    return None


@cache
def raised_refusals() -> tuple[dict[str, set[frozenset[str] | None]], list[str]]:
    """Every refusal key the code can raise, with the fields each raise gives (None where they
    are passed on with **), and the places whose key is not written out (passed on as it is)."""
    found: dict[str, set[frozenset[str] | None]] = {}
    passed_on = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in source_trees.nodes(path):
            if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] \
                    == ["ROLL_REFUSAL"] and isinstance(node.value, ast.Constant):
                # a game of chance names its "wrong number of dice" key (rules/roll_only.py)
                found.setdefault(node.value.value, set()).add(frozenset({"due", "given"}))
                continue
            if not isinstance(node, ast.Call) or not node.args:
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if \
                isinstance(f, ast.Attribute) else ""
            is_of = isinstance(f, ast.Attribute) and getattr(f.value, "id", "") == "Refusal"
            if name not in RAISERS and not is_of:
                continue
            keys = _keys_of(node.args[0])
            if keys is None:
                passed_on.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
                continue
            passed = None if any(k.arg is None for k in node.keywords) else \
                frozenset(k.arg for k in node.keywords)
            if passed is not None and "game" in passed:  # words.say adds the game's title
                passed |= {"title"}
            for key in keys:
                found.setdefault(key, set()).add(passed)
    return found, passed_on


def test_the_scan_finds_the_refusals():
    found, passed_on = raised_refusals()
    assert {"over", "box.not_allowed", "ship.name_die", "launch.speed"} <= set(found)
    assert len(found) > 70
    assert {"lcr.roll_count", "aces.roll_count", "even_odd.roll_count"} <= set(found)
    # a refusal passed on as it came: the physics' through the throw's chance hook
    # (throwing.py), a base class's own, the keys an engine step's event names for itself
    # (fold.py: next test) and the games of chance's ROLL_REFUSAL (found above where each game
    # names it)
    assert sorted(p.split(":")[0] for p in passed_on) == [
        "fold.py", "fold.py", "rules/base.py", "rules/roll_only.py", "throwing.py",
        "throwing.py"], passed_on


@pytest.mark.parametrize("code", list(lang.LANGUAGES))
def test_the_refusals_an_engine_steps_event_names_have_texts(code):
    """fold.py refuses an engine step early or missing with the keys its event class names."""
    named = {getattr(codec, attr) for spec in games() for codec in spec.codecs.values()
             for attr in ("early", "expected") if isinstance(getattr(codec, attr, None), str)}
    assert named, "Terningepetanque's round end names its refusals"
    table = spoken().table(code)
    assert all(table.get(f"refuse.{key}") for key in named), named


@pytest.mark.parametrize("code", list(lang.LANGUAGES))
def test_every_refusal_the_code_raises_has_a_text_in_every_language_with_its_fields(code):
    table = spoken().table(code)
    found, _ = raised_refusals()
    missing = sorted(k for k in found if words.AREA + k not in table)
    assert missing == [], f"no text in {code}"
    for key, raises in found.items():
        wanted = fields(table[words.AREA + key])
        for passed in raises:
            assert passed is None or wanted <= passed, (code, key, wanted, passed)


def test_every_refusal_text_is_raised_somewhere():
    found, _ = raised_refusals()
    english = {k[len(words.AREA):] for k in spoken().table("en") if k.startswith(words.AREA)}
    kept = {"nothing", "join.and", "join.or", "ten_thousand.not_scoring",
            "petanque.early_round_end", "petanque.round_end_due"}
    # ten_thousand.not_scoring is raised by keep_score and passed on with its fields; the round
    # end's two are named by its event class (test_the_refusals_an_engine_steps_event_names...)
    assert sorted(english - set(found) - kept) == []


def test_a_refusal_reads_in_english_when_printed_and_in_the_players_language_on_screen():
    e = IllegalAction("box.not_allowed", dice="2+6", boxes=(2,), options=[(8,), (2, 6)])
    assert e.refusal == Refusal("box.not_allowed",
                                (("dice", "2+6"), ("boxes", (2,)), ("options", ((8,), (2, 6)))))
    assert str(e) == "the roll 2+6 does not let you close 2; you may close 8, or 2 and 6"
    speak("da")
    assert spoken().refusal(e.refusal) == \
        "slaget 2+6 lader dig ikke lukke 2; du kan lukke 8 eller 2 og 6"
    speak("nb")
    assert spoken().refusal(Refusal.of("box.twice", boxes=(3, 3, 4))) == \
        "en luke kan bare lukkes én gang (3, 3 og 4)"


def test_an_unknown_key_is_shown_as_it_is_never_a_crash():
    assert words.english(Refusal.of("no.such.key", n=1)) == "no.such.key(n=1)"
    assert words.english(Refusal.of("box.closed")) == unworded(Refusal.of("box.closed"))


# --- random illegal decisions are refused with a known key ----------------------------------------

JUNK = st.one_of(
    st.builds(Roll, st.integers(-1, 7), st.none() | st.tuples(st.integers(0, 7))),
    st.builds(Roll, st.sampled_from([True, "2", 2.0, None])),
    st.builds(Keep, st.lists(st.integers(0, 7), max_size=7).map(tuple)),
    st.builds(Close, st.lists(st.integers(0, 10), max_size=4).map(tuple)),
    st.builds(Dice, st.lists(st.integers(0, 7), max_size=6).map(tuple)),
    st.builds(Dice, st.sampled_from([None, 3, "12"])),
    st.just(Bank()), st.just(Stop()), st.none(), st.integers(),
)
GAMES = sorted(g.id for g in games())


def walk(spec, seed: int, steps: int):
    """A state of the game reached by `steps` random legal moves and chance outcomes."""
    rng = random.Random(seed)
    state = spec.rules.new_game(spec.min_players + rng.randrange(2))
    for _ in range(steps):
        if state.is_terminal:
            break
        if state.to_move == CHANCE:
            if not state.dice_to_roll:  # a throw in the air: the physics' part, not drawn here
                break
            state = state.apply(Dice(tuple(rng.randint(1, 6) for _ in range(state.dice_to_roll))))
        elif state.to_move >= 0 and state.legal_actions():
            state = state.apply(rng.choice(state.legal_actions()))
        else:
            break
    return state


def known(refusal: Refusal) -> bool:
    """Said from a text, with all its fields, in every language."""
    for code in lang.LANGUAGES:
        text = spoken().table(code).get(words.AREA + refusal.key)
        if text is None or words.say(refusal, spoken().table(code).get) == unworded(refusal):
            return False
    return True


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6), steps=st.integers(0, 40),
       action=JUNK)
def test_random_illegal_decisions_are_refused_with_a_known_key(game, seed, steps, action):
    spec = next(g for g in games() if g.id == game)
    state = walk(spec, seed, steps)
    try:
        after = state.apply(action)
    except IllegalAction as e:
        assert known(e.refusal), e.refusal
        assert str(e) == words.english(e.refusal)
    else:  # only a legal move is taken: the dice due, or a legal action (perhaps in another
        # spelling, e.g. Roll(2, reroll=(a, b)) for the whole cargo)
        if state.to_move == CHANCE:
            assert len(action.values) == state.dice_to_roll and \
                all(1 <= v <= 6 for v in action.values), (state, action)
        else:
            assert any(state.apply(a) == after for a in state.legal_actions()), (state, action)


def test_the_walk_meets_refusals_in_every_game():
    """The property above is not vacuous: in each game most junk is refused."""
    for game in GAMES:
        spec = next(g for g in games() if g.id == game)
        refused = 0
        for seed in range(40):
            try:
                walk(spec, seed, seed % 20).apply(Keep((7,)) if seed % 2 else Close((0,)))
            except IllegalAction as e:
                refused += known(e.refusal)
        assert refused == 40, game


# --- the hint's words come from keys --------------------------------------------------------------


def test_every_aim_label_the_search_can_give_has_a_text():
    source = (PACKAGE / "ai" / "petanque.py").read_text(encoding="utf-8")
    labels = {node.args[0].value for node in ast.walk(ast.parse(source))
              if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Label"
              and node.args and isinstance(node.args[0], ast.Constant)}
    assert len(labels) == 10
    for code in lang.LANGUAGES:
        assert {f"table.hint.label.{k}" for k in labels} <= set(spoken().table(code)), code


def test_a_tray_hint_says_in_english_what_the_window_says_from_its_keys():
    """The AI's English for a tray game's hint is the window's English, from the same keys
    (`ai.hints.Told`), never a sentence of its own."""
    from petanque_game.ai.hints import hint
    from petanque_game.ui.tray.games import advice, told

    for game in ("ten-thousand", "shut-the-box", "ship-captain-crew"):
        spec = next(g for g in games() if g.id == game)
        for seed in range(6):
            state = walk(spec, seed, 2 * seed)
            if state.to_move < 0:
                continue
            given = hint(game, state)
            said = told(spoken(), advice(game, state))
            assert given.told is not None and given.text == said, game


def test_a_throw_the_physics_refuses_is_said_in_the_players_language():
    from petanque_game.physics import LaunchError, check_aim, load_named_level
    from petanque_game.rules.petanque_table import Aim

    level = load_named_level("classic")
    with pytest.raises(LaunchError) as refused:
        check_aim(level, 2, 0, Aim(0.0, 0.0, 0.0, 1e9, 0.3, 0.0))
    refusal = refused.value.refusal
    assert refusal.key == "launch.speed" and str(refused.value).startswith("launch.speed is 1e+09")
    speak("da")
    assert spoken().refusal(refusal).startswith("launch.speed er 1e+09 mm/s; ventede (0, ")


def test_a_refusal_may_have_a_field_called_key():
    e = IllegalAction("table.lacks", where="outcome.diamond", key="'x'")
    assert str(e) == "outcome.diamond lacks 'x'"


@pytest.mark.parametrize("code", list(lang.LANGUAGES))
def test_too_many_players_names_the_game_by_its_title_in_the_language(code):
    from petanque_game.rules import lcr, ten_thousand

    speak(code)
    for game in (lcr, ten_thousand):
        with pytest.raises(Refused) as refused:
            game.new_game(game.MAX_PLAYERS + 1)
        said = spoken().refusal(refused.value.refusal)
        assert spoken().tr(f"games.{game.GAME_ID}.title") in said
        assert str(game.MAX_PLAYERS + 1) in said
    speak("en")
    assert str(refused.value) == "Ten Thousand is for 1 to 6 players, not 7"
