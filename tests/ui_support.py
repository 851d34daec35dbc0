"""What the window's tests share: an App with no pauses, headless, on the threads the test's
fixtures chose (`chosen_workers`)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from petanque_game.ui import lang
from petanque_game.ui.ai_thread import AtOnce
from petanque_game.ui.app import App
from petanque_game.ui.look import Look
from petanque_game.ui.settings import load_settings
from petanque_game.ui.table.foresee import Foresight
from petanque_game.ui.workers import Workers

# What the running test's fixtures chose for the windows it opens through `fast_app` (tests/
# conftest.py: `ai_at_once`, `previews_at_once`, each setting its entry for its test alone). The
# game's own modules hold no such choice: each App is handed the threads it is to use.
CHOSEN = {"ai_at_once": False, "previews_at_once": False, "language": lang.DEFAULT}
OPENED: list[App] = []  # the windows the running test opened through `fast_app`


def speak(code: str) -> None:
    """The windows the running test opened (`fast_app`) and opens from now on speak `code`, and
    so does `spoken`; English again at the test's end (tests/conftest.py)."""
    if code not in lang.LANGUAGES:
        raise ValueError(f"unknown language {code!r}")
    CHOSEN["language"] = code
    for app in OPENED:
        app.look.speak(code)


def spoken() -> Look:
    """A look speaking the language the running test chose (`speak`), as a window opened now
    speaks."""
    look = Look()
    look.speak(str(CHOSEN["language"]))
    return look


class Unworked:
    """The aims' risks (ui/table/previews.py `risk_of`) asked for and never worked out: each is
    128 throws simulated (100-200 ms), too dear for every test that aims; the tests of the risk
    set a Foresight of their own (`app.workers.risks`)."""

    def get(self, family, key, work):
        return None

    def between(self):
        return True

    def working(self):
        return False

    def drawn(self):
        pass


def chosen_workers() -> Workers:
    """A window's threads as the running test's fixtures chose (`CHOSEN`): the AI's decisions and
    hints worked out on the test's thread as they are asked for (`AtOnce`); the aims' previews
    too, and their risks never (`Unworked`); else the game's own threads."""
    at_once = CHOSEN["previews_at_once"]
    return Workers(ai=AtOnce() if CHOSEN["ai_at_once"] else None,
                   previews=Foresight(at_once=True) if at_once else None,
                   risks=Unworked() if at_once else None)


def fast_app(**kw) -> App:
    """The App with the AI's pause, the dice's tumble and the replay's pace all at 0, no
    hot-seat hand-over screen between two humans (tests/test_handover.py turns it on), and every
    petanque throw waiting for Accept or Throw again (tests/test_ui_table_keep.py keeps them at
    once, the default), and no coach after a person's throw (tests/test_ui_table_coach.py turns
    it on: its lesson is an expert's search). It speaks the language the test chose (`speak`
    before it), as the App speaks its settings' language. Its threads: `chosen_workers`."""
    kw.setdefault("workers", chosen_workers())
    app = App(settings=load_settings({"ai_delay": 0, "roll_time": 0, "replay_delay": 0,
                                       "handover": False, "accept_at_once": False,
                                       "coach": False, "language": CHOSEN["language"]}), **kw)
    OPENED.append(app)
    return app


class Pixels:
    """A picture's pixels at one moment (the surface itself may be drawn on again), equal to
    another's when every pixel's red, green and blue are: as their RGB bytes compare.

    Two pictures in the same pixel format are first compared over their memory as it lies (a
    tenth of the time of making their RGB bytes): bytes equal there are pixels equal. Only when
    the formats or the bytes differ (a byte no colour uses may) are the RGB bytes compared."""

    __slots__ = ("_form", "_memory", "_surface")

    def __init__(self, surface: pygame.Surface):
        self._surface = surface.copy()
        self._form = _form(self._surface)
        self._memory = self._surface.get_buffer().raw

    def rgb(self) -> bytes:
        return pygame.image.tobytes(self._surface, "RGB")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pixels):
            return NotImplemented
        if self._form is not None and self._form == other._form and \
                self._memory == other._memory:
            return True
        return self._surface.get_size() == other._surface.get_size() and self.rgb() == other.rgb()

    def __hash__(self) -> int:
        return hash(self.rgb())


def pixels(surface: pygame.Surface) -> Pixels:
    """The picture's pixels, to compare with another's (two pictures compared whole)."""
    return Pixels(surface)


def _form(surface: pygame.Surface) -> tuple | None:
    """What two pictures whose memory is the same must share to show the same pixels; None for
    a picture of a palette's numbers, whose colours are not in its memory."""
    if surface.get_bitsize() <= 8:
        return None
    return (surface.get_size(), surface.get_bitsize(), surface.get_masks(), surface.get_pitch())


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Are the two pictures, as they are now, the same size with the same red, green and blue in
    every pixel? (Compared as `Pixels` are, with no copies made.)"""
    form = _form(a)
    if form is not None and form == _form(b) and a.get_buffer().raw == b.get_buffer().raw:
        return True
    return a.get_size() == b.get_size() and \
        pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def differing(a: pygame.Surface, b: pygame.Surface, step: int = 1) -> int:
    """How many pixels of `a` and `b` (of one size) differ in any of red, green, blue or alpha;
    with `step`, only those of every step-th column and row (from the top left) are compared.

    Counted over the pictures' bytes as two whole numbers, XORed: each pixel's 32 bits are
    folded onto its lowest bit, and those are counted (a few milliseconds for a window's
    picture, where asking each pixel with get_at took half a second)."""
    assert a.get_size() == b.get_size(), (a.get_size(), b.get_size())
    first, second = (_sampled(s, step) for s in (a, b))
    if first == second:
        return 0
    bits = int.from_bytes(first, "little") ^ int.from_bytes(second, "little")
    for shift in (16, 8, 4, 2, 1):  # bit 0 of each pixel: any of its 32 bits set
        bits |= bits >> shift
    return (bits & int.from_bytes(b"\x01\0\0\0" * (len(first) // 4), "little")).bit_count()


def _sampled(surface: pygame.Surface, step: int) -> bytes:
    """The RGBA bytes of every step-th pixel of every step-th row."""
    raw = pygame.image.tobytes(surface, "RGBA")
    if step == 1:
        return raw
    w, h = surface.get_size()
    pixels = memoryview(raw).cast("I")
    return b"".join(pixels[y * w:(y + 1) * w:step].tobytes() for y in range(0, h, step))


def read_lists(app: App, timeout: float = 60.0):
    """Let every shown list (replays, resume, statistics, the menu's Resume line) finish reading
    its files, which it does off the window's thread, and take them in; the top scene."""
    for _ in range(4):
        readings = [s.reading for s in app.scenes
                    if getattr(s, "reading", None) is not None and s.reading.going]
        if not readings:
            break
        for reading in readings:
            assert reading.wait(timeout), "a list took too long to read"
        app.step(0.0)
    return app.top


def press(app: App, tag: str) -> None:
    """Click the top scene's button tagged `tag`."""
    scene = app.top
    buttons = scene.buttons() if callable(scene.buttons) else scene.buttons
    app.click(next(b for b in buttons if b.tag == tag).rect.center)


def open_tray_game(game: str, seats):
    """A tray game of `seats` (seed 3, not saved) in an English window: (app, scene, session)."""
    from petanque_game.ui.play import open_game_scene
    from petanque_game.ui.session import new_game

    speak("en")
    app = fast_app()
    session = new_game(game, seats, {}, 3, autosave=False)
    open_game_scene(app, session)
    return app, app.top, session


def roll_as_the_first_person(app: App, session) -> str:
    """Press Roll for seat 0, let the roll fall; the first line told of it."""
    press(app, "roll")
    for _ in range(20):
        app.step(0.05)
    assert session.record.events[0]["player"] == 0
    return session.narrate(session.steps[0])[0]


def paste_challenge_code(app: App, code: str):
    """Type `code` into the Challenges screen's code field and press Enter; the screen."""
    import pygame

    scene = app.top
    scene.code.active = True
    scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=code))
    app.key(pygame.K_RETURN)
    return scene


def start_table(app: App, players, rounds=1, seed=3, level="classic"):
    """A Terningepetanque game of `players` shown at its table; the table scene."""
    from petanque_game.ui.play import open_game_scene
    from petanque_game.ui.session import new_game
    from petanque_game.ui.table.scene import TableScene

    session = new_game("terningepetanque", players, {"rounds": rounds}, seed, level)
    open_game_scene(app, session)
    assert isinstance(app.top, TableScene)
    return app.top


def two_ais_at_the_reckoning(app: App, wait: float):
    """Two easy AIs play a round at the table, its flights skipped, to the reckoning; the
    reckoning then waits `wait` s and the camera comes to rest. The scene and its reckoning."""
    from petanque_game.record import Seat

    scene = start_table(app, [Seat("Robot", "ai", "easy"), Seat("Rob", "ai", "easy")])
    for _ in range(20000):
        if scene.reckoning is not None and not scene.flying:
            break
        scene.skip_flight()
        app.step(1 / 30)
    r = scene.reckoning
    assert r is not None and r.wait is not None
    r.wait = wait
    while not scene.view.still:
        app.step(1 / 60)
    return scene, r


def pixel(scene, x: float, y: float) -> tuple[int, int]:
    """The window pixel of board point (x, y) mm at the table as its camera shows it now."""
    from petanque_game.ui.table.view import AREA

    sx, sy = scene.view.to_screen(x, y)
    return round(sx + AREA.x), round(sy + AREA.y)


def settle(app: App, scene, frames: int = 2000) -> None:
    """Step the window until the table is no longer busy (a throw or a roll played out)."""
    for _ in range(frames):
        if not scene.busy:
            return
        app.step(1 / 60)
    raise AssertionError("the scene stayed busy")


def do_what_is_due(app: App, scene) -> None:
    """The person to move at the table does what is due: rolls for who starts, keeps the throw
    just made, or throws the aim as it stands (Space)."""
    import pygame

    if scene.state.starter is None:
        press(app, "roll")
    elif scene.state.awaiting_accept:
        press(app, "accept")
    else:
        app.key(pygame.K_SPACE)


def roll_off(app: App, scene) -> None:
    """The people at the table roll for who starts until someone does."""
    while scene.session.state.starter is None:
        assert scene.human_turn
        press(app, "roll")
        settle(app, scene)


def told_step(game, state, action, outcome=None, event=None):
    """The step the window is handed for `event` (its typed transition, with the rules' facts),
    and the state after it."""
    from petanque_game.record import decode_event
    from petanque_game.rules.events import Transition
    from petanque_game.rules.games import spec_of
    from petanque_game.ui.session import Step

    after = state.apply(action)
    if outcome is not None:
        after = after.apply(outcome)
    typed = decode_event(game, event, state.num_players, 0)
    spec = spec_of(game)
    facts = spec.facts(state, typed.decision, typed.outcome, after) if spec.facts else None
    made = Transition(0, typed, state, after, facts)
    return Step(0, state, after, [made], 0, event.get("player")), after


def assert_drawn_as_afresh(app: App, monkeypatch) -> None:
    """The table's window shows what a frame drawn with no kept picture shows."""
    from petanque_game.ui.table import kept

    shown = app.logical.copy()
    with monkeypatch.context() as m:
        m.setattr(kept, "KEEP", False)
        app.render()
    assert differing(shown, app.logical) == 0


def assert_a_jump_shows(path, where: int, shown, at_rest) -> None:
    """A replay of `path` opened in a new window, with no picture kept from before (the table's
    parts, the board's), and jumped to `where` events shows `shown`, as `at_rest(app)` reads
    it: what letting go of the timeline there showed."""
    app = fast_app()  # (its pictures its own: none kept from before)
    app.open_replay(path)
    app.top.replay.jump(where)
    assert at_rest(app) == shown
    app.close()
