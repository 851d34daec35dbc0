"""The window's loop puts what start-up made out of the garbage collector's sight once the first
frame is drawn (`gc.freeze()`): a full collection, which stops every thread inside whatever frame
is being drawn, then walks only what came after (benchmarks/bench_gc.py: about 9 ms at a table of
four AIs before, 1-2 ms after)."""

import gc

from ui_support import fast_app


def test_the_loop_freezes_start_ups_objects_once_the_first_frame_is_drawn(home, monkeypatch):
    app = fast_app()
    frozen_at = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen_at.append(app.frames_drawn))
    ticks = []
    real_tick = app.tick

    def tick(*args, **kwargs):
        real_tick(*args, **kwargs)
        ticks.append(app.frames_drawn)
        app.running = False  # the loop ends after this frame
    monkeypatch.setattr(app, "tick", tick)
    app.running = True
    app.loop()
    assert ticks[0] >= 1  # the first tick drew the first frame
    assert frozen_at == [ticks[0]]  # frozen once, right after it, not before it
    app.close()


def test_the_frames_benchmark_starts_its_windows_as_the_loop_does(home, monkeypatch):
    """benchmarks/bench_frames.py measures what a player gets: its App's first frame is the
    loop's (`frame_loop.first_frame`), start-up's objects frozen right after it, so that no
    full collection of them is counted in its frames."""
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import bench_frames

    frozen = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(1))
    app = bench_frames.new_app()
    assert app.frames_drawn == 1 and frozen == [1]
    app.close()
