"""Issue 30, item 6: `build_app.py install --user` / `uninstall --user` (tools/app_install.py)
touch only what they made. A stand-in build (the real one is the slow smoke test), installed under
a prefix in a temporary HOME: never the real user's folders."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import build_app  # noqa: E402

NAME, APP_ID = build_app.NAME, build_app.APP_ID
ENTRY = f"share/applications/{APP_ID}.desktop"
METAINFO = f"share/metainfo/{APP_ID}.metainfo.xml"
ICON = f"share/icons/hicolor/64x64/apps/{APP_ID}.png"
LINK = f"bin/{NAME}"
RESERVED = set(' \t\n"\'\\><~|&;$*?#()`')  # the desktop entry spec's, quoted in Exec


@pytest.fixture(scope="module")
def icons(tmp_path_factory):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    return build_app.render_icons(tmp_path_factory.mktemp("icons"))


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A HOME and XDG folders of the test's own."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for key, sub in (("XDG_DATA_HOME", ".local/share"), ("XDG_CONFIG_HOME", ".config")):
        monkeypatch.setenv(key, str(home / sub))
    return home


def stand_in(dist: Path, icons, words: str = "petanque-game") -> Path:
    """A build as build_app makes one: the program (a shell script here), a data file, and the
    share/ folder with the menu entry, metainfo and icons."""
    app = dist / NAME
    (app / "_internal").mkdir(parents=True, exist_ok=True)
    program = app / NAME
    program.write_text(f"#!/bin/sh\necho {words}\n")
    program.chmod(0o755)
    (app / "_internal" / "data.txt").write_text(words)
    build_app._linux_share(app, icons)
    return dist


@pytest.fixture
def dist(tmp_path, icons):
    return stand_in(tmp_path / "dist", icons)


def files_under(folder: Path) -> dict[str, bytes | str]:
    """Every file (its bytes) and link (its target) under `folder`, but the desktop's own caches
    (where its tools are installed, install asks them to look again)."""
    out: dict[str, bytes | str] = {}
    for p in sorted(folder.rglob("*")):
        if p.suffix == ".cache":
            continue
        if p.is_symlink():
            out[str(p.relative_to(folder))] = os.readlink(p)
        elif p.is_file():
            out[str(p.relative_to(folder))] = p.read_bytes()
    return out


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "tools" / "build_app.py"), *args],
                          capture_output=True, text=True, timeout=120, check=False)


def one_line_refusal(out: subprocess.CompletedProcess, *words: str) -> None:
    assert out.returncode == 1, out.stdout + out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    assert out.stderr.startswith("build_app: ")
    for w in words:
        assert w in out.stderr, (w, out.stderr)


@pytest.mark.parametrize("place", [ENTRY, METAINFO, ICON])
def test_a_link_at_a_place_install_writes_is_never_written_through(home, dist, tmp_path, place):
    prefix = home / ".local"
    victim = tmp_path / "elsewhere" / "precious.txt"
    victim.parent.mkdir()
    victim.write_text("the user's own\n")
    (prefix / place).parent.mkdir(parents=True)
    (prefix / place).symlink_to(victim)
    out = run("--dist", str(dist), "install", "--user", "--prefix", str(prefix))
    one_line_refusal(out, str(prefix / place), "is a link", str(victim), "--force")
    assert victim.read_text() == "the user's own\n"
    assert not (prefix / "lib").exists() and not (prefix / "bin").exists()  # nothing written
    out = run("--dist", str(dist), "install", "--user", "--force", "--prefix", str(prefix))
    assert out.returncode == 0, out.stderr
    assert victim.read_text() == "the user's own\n"  # the link was replaced, not followed
    assert not (prefix / place).is_symlink() and (prefix / place).is_file()


def test_the_script_pip_installed_is_kept_unless_forced(home, dist):
    prefix = home / ".local"
    script = prefix / LINK
    script.parent.mkdir(parents=True)
    script.write_text("#!/usr/bin/python3\n# made by pip\n")
    out = run("--dist", str(dist), "install", "--user", "--prefix", str(prefix))
    one_line_refusal(out, str(script), "pip", "--force", "nothing was installed")
    assert script.read_text() == "#!/usr/bin/python3\n# made by pip\n"
    out = run("--dist", str(dist), "install", "--user", "--force", "--prefix", str(prefix))
    assert out.returncode == 0, out.stderr
    assert script.is_symlink() and script.resolve() == (prefix / "lib" / NAME / NAME).resolve()


def test_uninstall_without_an_install_removes_nothing(home, tmp_path):
    prefix = home / ".local"
    (prefix / "bin").mkdir(parents=True)
    (prefix / LINK).symlink_to(tmp_path / "someone-elses-program")
    (prefix / ENTRY).parent.mkdir(parents=True)
    (prefix / ENTRY).write_text("[Desktop Entry]\nName=Someone else's\n")
    before = files_under(prefix)
    out = run("uninstall", "--user", "--prefix", str(prefix))
    one_line_refusal(out, "nothing to uninstall")
    assert files_under(prefix) == before
    (prefix / "lib" / NAME).mkdir(parents=True)  # a folder of that name, without a manifest
    out = run("uninstall", "--user", "--prefix", str(prefix))
    one_line_refusal(out, "nothing to uninstall", "manifest", "nothing was removed")
    assert files_under(prefix) == before


def test_uninstall_removes_what_install_made_and_keeps_what_changed(home, dist, tmp_path):
    prefix = home / ".local"
    (prefix / "share" / "applications").mkdir(parents=True)
    (prefix / "share" / "applications" / "other.desktop").write_text("[Desktop Entry]\n")
    build_app.install(dist, prefix)
    (prefix / METAINFO).write_text("edited by the user\n")
    (prefix / LINK).unlink()
    (prefix / LINK).symlink_to(tmp_path / "another-program")
    out = run("uninstall", "--user", "--prefix", str(prefix))
    assert out.returncode == 0, out.stderr
    assert f"kept {prefix / METAINFO}" in out.stdout and f"kept {prefix / LINK}" in out.stdout
    assert files_under(prefix) == {"share/applications/other.desktop": b"[Desktop Entry]\n",
                                   METAINFO: b"edited by the user\n",
                                   LINK: str(tmp_path / "another-program")}
    assert not (prefix / "lib" / NAME).exists()


def test_installing_again_replaces_the_old_build_and_keeps_the_users_files(home, tmp_path,
                                                                            icons):
    prefix = home / ".local"
    old = stand_in(tmp_path / "old", icons, "old")
    (old / NAME / "_internal" / "gone.txt").write_text("only in the old build")
    build_app.install(old, prefix)
    mine = prefix / "lib" / NAME / "my-notes.txt"
    mine.write_text("the user's")
    new = stand_in(tmp_path / "new", icons, "new")
    build_app.install(new, prefix)
    home_files = files_under(prefix / "lib" / NAME)
    assert "_internal/gone.txt" not in home_files
    assert home_files["_internal/data.txt"] == b"new"
    assert home_files["my-notes.txt"] == b"the user's"
    out = subprocess.run([str(prefix / LINK)], capture_output=True, text=True, check=True)
    assert out.stdout == "new\n"
    build_app.uninstall(prefix)
    assert files_under(prefix / "lib" / NAME) == {"my-notes.txt": b"the user's"}


@pytest.mark.parametrize("where, words", [
    (ENTRY, ("is a folder", "menu entry")),
    (LINK, ("is a folder", "program's link")),
    (f"lib/{NAME}/_internal/data.txt", ("is a folder", "the app's file")),
])
def test_a_folder_where_a_file_goes_is_one_line(home, dist, where, words):
    prefix = home / ".local"
    (prefix / where).mkdir(parents=True)
    (prefix / where / "inside").write_text("keep")
    out = run("--dist", str(dist), "install", "--user", "--force", "--prefix", str(prefix))
    one_line_refusal(out, str(prefix / where), *words)
    assert (prefix / where / "inside").read_text() == "keep"


@pytest.mark.parametrize("where", ["share", "share/applications", "bin", "lib"])
def test_a_file_where_a_folder_goes_is_one_line(home, dist, where):
    prefix = home / ".local"
    (prefix / where).parent.mkdir(parents=True, exist_ok=True)
    (prefix / where).write_text("a file")
    out = run("--dist", str(dist), "install", "--user", "--force", "--prefix", str(prefix))
    one_line_refusal(out, str(prefix / where), "not a folder")
    assert (prefix / where).read_text() == "a file"


def test_a_link_where_the_apps_folder_goes_is_refused_then_replaced(home, dist, tmp_path):
    prefix = home / ".local"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "x").write_text("x")
    (prefix / "lib").mkdir(parents=True)
    (prefix / "lib" / NAME).symlink_to(elsewhere)
    out = run("--dist", str(dist), "install", "--user", "--prefix", str(prefix))
    one_line_refusal(out, "is a link", str(elsewhere))
    out = run("--dist", str(dist), "install", "--user", "--force", "--prefix", str(prefix))
    assert out.returncode == 0, out.stderr
    assert files_under(elsewhere) == {"x": b"x"}
    assert (prefix / "lib" / NAME).is_dir() and not (prefix / "lib" / NAME).is_symlink()


# --- the menu entry's Exec, read back as the desktop entry spec reads it --------------------------

def exec_argv(value: str) -> list[str]:
    """The Exec value's arguments: the string escapes undone, then the field codes (`%%` only:
    the app takes none), then the quoting (inside double quotes a backslash escapes `"`, `` ` ``,
    `$` and itself; outside them a reserved character may not stand)."""
    unescaped, i = "", 0
    while i < len(value):
        if value[i] == "\\":
            unescaped += {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[value[i + 1]]
            i += 2
        else:
            unescaped += value[i]
            i += 1
    assert "%" not in unescaped.replace("%%", ""), "a field code in the command"
    text = unescaped.replace("%%", "%")
    args, current, quoted, i = [], "", False, 0
    while i < len(text):
        c = text[i]
        if quoted:
            if c == "\\":
                assert text[i + 1] in '"`$\\'
                current += text[i + 1]
                i += 1
            elif c == '"':
                quoted = False
            else:
                assert c not in '`$', "must be escaped inside quotes"
                current += c
        elif c == '"':
            quoted = True
        elif c == " ":
            args.append(current)
            current = ""
        else:
            assert c not in RESERVED, f"{c!r} unquoted"
            current += c
        i += 1
    assert not quoted
    return [*args, current]


@pytest.mark.parametrize("folder", [
    "plain", "with space", 'with "quotes"', "it's", "100%", "%f and %u", "$HOME", "back\\slash",
    "`tick`", "Grünwald ærø", "tab\there", "a;b&c|d", "semi; rm -rf", "line\nbreak",
])
def test_the_menu_entry_runs_the_installed_program_whatever_the_path(home, dist, folder):
    prefix = home / folder / ".local"
    program = build_app.install(dist, prefix)
    text = (prefix / ENTRY).read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("Exec="))
    argv = exec_argv(line[len("Exec="):])
    assert argv == [str(program)]
    assert subprocess.run(argv, capture_output=True, text=True, check=True).stdout == \
        "petanque-game\n"


def test_a_path_a_menu_entry_cannot_carry_is_one_line(home, dist):
    out = run("--dist", str(dist), "install", "--user", "--prefix", str(home / "bell\x07" / "x"))
    one_line_refusal(out, "control character")
