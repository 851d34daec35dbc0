"""Make the game's sounds (assets/sounds/<name>.wav, one per name in ui/sound.py SOUNDS) from first
principles: sine waves, filtered noise and envelopes, with the standard library only.

Every sound is drawn from its own seeded random stream, so running the script again writes the same
bytes (tests/test_sound_files.py checks it). 16-bit mono at 22050 Hz, each under 1.5 s, normalised
to a peak level of its own: the big events (a wall, a win) near -6 dBFS, the clicks quieter.

    python tools/make_sounds.py            # write assets/sounds/*.wav
    python tools/make_sounds.py --check    # say which files differ from what the script makes
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "assets" / "sounds"

Samples = list[float]


# --- building blocks ------------------------------------------------------------------------------

def silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def mix_in(into: Samples, sound: Samples, at: float, gain: float = 1.0) -> None:
    """Add `sound` into `into` starting `at` seconds (growing `into` if needed)."""
    start = int(at * RATE)
    end = start + len(sound)
    if end > len(into):
        into.extend([0.0] * (end - len(into)))
    for i, s in enumerate(sound):
        into[start + i] += gain * s


def noise(rng: random.Random, seconds: float) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(x: Samples, cutoff: float) -> Samples:
    """One-pole low-pass filter: keeps what is below `cutoff` Hz."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for s in x:
        y += a * (s - y)
        out.append(y)
    return out


def highpass(x: Samples, cutoff: float) -> Samples:
    low = lowpass(x, cutoff)
    return [s - lo for s, lo in zip(x, low)]


def resonator(x: Samples, freq: float, decay: float) -> Samples:
    """A two-pole resonant filter: what a wooden body rings at `freq` Hz when struck, dying away
    with a time constant of `decay` seconds."""
    r = math.exp(-1.0 / (decay * RATE))
    c = 2.0 * r * math.cos(2.0 * math.pi * freq / RATE)
    y1 = y2 = 0.0
    out = []
    for s in x:
        y = s + c * y1 - r * r * y2
        out.append(y)
        y2, y1 = y1, y
    return out


def ring(freq: float, seconds: float, decay: float, phase: float = 0.0) -> Samples:
    """A damped sine: a struck thing ringing."""
    return [math.sin(2 * math.pi * freq * i / RATE + phase) * math.exp(-i / (decay * RATE))
            for i in range(int(seconds * RATE))]


def sweep(f0: float, f1: float, seconds: float, decay: float) -> Samples:
    """A damped sine whose pitch glides exponentially from `f0` to `f1` Hz."""
    n = int(seconds * RATE)
    out, phase = [], 0.0
    for i in range(n):
        t = i / n
        phase += 2 * math.pi * f0 * (f1 / f0) ** t / RATE
        out.append(math.sin(phase) * math.exp(-i / (decay * RATE)))
    return out


def note(freq: float, seconds: float, harmonics: tuple[float, ...], attack: float = 0.01,
         decay: float = 0.3) -> Samples:
    """A tone with the given harmonic weights, a short attack and an exponential decay."""
    n = int(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-t / decay)
        env *= min(1.0, (n - i) / (0.01 * RATE))  # no click at the end
        out.append(env * sum(w * math.sin(2 * math.pi * freq * (k + 1) * t)
                             for k, w in enumerate(harmonics)))
    return out


def envelope(x: Samples, attack: float, release: float) -> Samples:
    n = len(x)
    a, r = max(1, int(attack * RATE)), max(1, int(release * RATE))
    return [s * min(1.0, i / a, (n - i) / r) for i, s in enumerate(x)]


def click(rng: random.Random, brightness: float, body: float, length: float = 0.04) -> Samples:
    """One die hitting something: a few milliseconds of noise rung through a small body."""
    burst = noise(rng, 0.004) + silence(length)
    burst = highpass(burst, 400)
    return resonator(burst, body, length / 3) if body else lowpass(burst, brightness)


# --- the sounds -----------------------------------------------------------------------------------

def roll(rng: random.Random) -> Samples:
    """Dice shaken in a cup and rolled into the tray: bursts of clicks, thinning out."""
    out = silence(0.9)
    t = 0.0
    while t < 0.75:
        body = rng.uniform(1800, 3600)
        mix_in(out, click(rng, 6000, body, 0.03), t, rng.uniform(0.3, 1.0))
        t += rng.expovariate(18 + 40 * (1 - t / 0.75))  # dense at first, then sparse
    return envelope(out, 0.002, 0.1)


def clack(rng: random.Random) -> Samples:
    """Two dice knocking together: a wooden impulse with a resonant decay."""
    hit = highpass(noise(rng, 0.003), 300) + silence(0.2)
    out = [0.6 * a + 0.4 * b for a, b in zip(resonator(hit, 1150, 0.025),
                                               resonator(hit, 2750, 0.012))]
    return envelope(out, 0.0005, 0.03)


def release(rng: random.Random) -> Samples:
    """A piece leaving the hand: a soft whoosh, noise swelling and fading."""
    n = int(0.45 * RATE)
    band = lowpass(lowpass(highpass(noise(rng, 0.45), 300), 1400), 1400)  # soft: no hiss
    return [s * math.sin(math.pi * i / n) ** 2 for i, s in enumerate(band)]


def wall(rng: random.Random) -> Samples:
    """A piece hitting a wooden wall: a low thud."""
    thud = sweep(140, 70, 0.35, 0.07)
    knock = resonator(highpass(noise(rng, 0.004), 200) + silence(0.1), 420, 0.02)
    out = [a + 0.5 * b for a, b in zip(thud, knock + [0.0] * len(thud))]
    return envelope(out, 0.001, 0.05)


def land(rng: random.Random) -> Samples:
    """A piece landing on felt: a soft, dull thump."""
    body = sweep(90, 60, 0.3, 0.05)
    felt = lowpass(noise(rng, 0.3), 500)
    return envelope([a + 0.8 * b * math.exp(-i / (0.03 * RATE))
                     for i, (a, b) in enumerate(zip(body, felt))], 0.004, 0.05)


def knock(rng: random.Random) -> Samples:
    """A piece knocking another: a sharp, bright click."""
    hit = highpass(noise(rng, 0.002), 1000) + silence(0.13)
    out = [0.7 * a + 0.5 * b for a, b in zip(resonator(hit, 1900, 0.012),
                                               resonator(hit, 3600, 0.006))]
    return envelope(out, 0.0003, 0.02)


def fall(rng: random.Random) -> Samples:
    """A piece falling off the board: a falling whistle of air, then a thud below."""
    out = silence(0.8)
    mix_in(out, envelope(sweep(700, 180, 0.42, 1.0), 0.03, 0.08), 0.0, 0.25)
    mix_in(out, wall(rng), 0.42, 1.0)
    return out


def button(rng: random.Random) -> Samples:
    """A button pressed: a short tick."""
    return envelope([a + 0.3 * b for a, b in zip(ring(2200, 0.05, 0.006),
                                                  highpass(noise(rng, 0.05), 3000))],
                    0.0003, 0.01)


def bust(rng: random.Random) -> Samples:
    """A roll that scores nothing: two soft notes going down."""
    out = silence(0.75)
    reed = (1.0, 0.0, 0.33, 0.0, 0.2)  # odd harmonics: a hollow, mellow tone
    mix_in(out, note(392.0, 0.32, reed, 0.01, 0.4), 0.0)
    mix_in(out, note(277.2, 0.45, reed, 0.01, 0.3), 0.3)
    return out


def shut(rng: random.Random) -> Samples:
    """All nine boxes shut: a bright arpeggio going up."""
    out = silence(0.9)
    bell = (1.0, 0.4, 0.15, 0.08)
    for k, f in enumerate((523.3, 659.3, 784.0, 1046.5)):
        mix_in(out, note(f, 0.9 - 0.09 * k - 0.1, bell, 0.004, 0.18 + 0.08 * k), 0.09 * k)
    return out


def win(rng: random.Random) -> Samples:
    """A game won: a short fanfare, three quick notes and a held chord."""
    out = silence(1.4)
    brass = (1.0, 0.6, 0.45, 0.3, 0.2, 0.12)
    for k, f in enumerate((392.0, 523.3, 659.3)):
        mix_in(out, note(f, 0.16, brass, 0.015, 0.5), 0.13 * k, 0.8)
    for f in (523.3, 659.3, 784.0):
        mix_in(out, note(f, 1.0, brass, 0.03, 0.6), 0.4, 0.5)
    return out


# name: (how it is made, its peak in dBFS)
RECIPES = {
    "roll": (roll, -9.0),
    "clack": (clack, -12.0),
    "release": (release, -12.0),
    "wall": (wall, -6.0),
    "land": (land, -8.0),
    "knock": (knock, -10.0),
    "fall": (fall, -6.0),
    "button": (button, -16.0),
    "bust": (bust, -8.0),
    "shut": (shut, -6.0),
    "win": (win, -6.0),
}


def render(name: str) -> bytes:
    """The WAV file of the sound `name`, as bytes."""
    import io

    make, peak_db = RECIPES[name]
    samples = make(random.Random(f"petanque-game sound {name}"))
    top = max(abs(s) for s in samples) or 1.0
    gain = 10 ** (peak_db / 20) / top
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(s * gain * 32767))))
                      for s in samples)
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return buf.getvalue()


def main(argv: list[str]) -> int:
    check = "--check" in argv
    FOLDER.mkdir(parents=True, exist_ok=True)
    differ = []
    for name in RECIPES:
        data = render(name)
        path = FOLDER / f"{name}.wav"
        if check:
            if not path.exists() or path.read_bytes() != data:
                differ.append(path.name)
        else:
            path.write_bytes(data)
            print(f"{path.relative_to(ROOT)}: {len(data) - 44} bytes of sound")
    if differ:
        print("differ from what the script makes: " + ", ".join(differ))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
