"""Only its own files: every reported case of the tool touching files outside its own,
reproduced, plus the rules that prevent it (ids, chapter files, cache clean-up, site out)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from judge_tool.rulebook import RulebookError, load_folder

CHAPTER = "# 1. Bölüm\n\n**1.1.** Bir kural metni.\n"


def write_book(folder: Path, *, id_line: str = 'id = "mybook"',
               chapters: str = '["01.md"]', chapter_text: str = CHAPTER) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "rulebook.toml").write_text(
        f'{id_line}\ngame = "My Game"\nlanguage = "tr"\nversion = "1"\ndate = "2026-01-01"\n'
        f"chapters = {chapters}\n", encoding="utf-8")
    (folder / "01.md").write_text(chapter_text, encoding="utf-8")
    return folder


def one_line_error(res) -> str:
    assert "Traceback" not in res.stderr, res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("judge: ")
    return lines[0]


# --- rulebook ids --------------------------------------------------------------------

@pytest.mark.parametrize("bad", ['".."', '"."', '"../x"', '"A"', '"a/b"', '""', '"a b"',
                                 '"x\\u0000"', "12", "[1]", '"' + "a" * 65 + '"'])
def test_rulebook_id_must_be_lower_case_letters_digits_hyphens(tmp_path, bad):
    folder = write_book(tmp_path / "book", id_line=f"id = {bad}")
    with pytest.raises(RulebookError) as info:
        load_folder(folder)
    message = str(info.value)
    assert "rulebook.toml:1: id:" in message and "\n" not in message


def test_reported_dotdot_id_cannot_make_index_cleanup_delete_a_shared_file(run_judge, tmp_path):
    """Reported: id '..' with JUDGE_TOOL_CACHE at a shared folder deleted another program's
    file there."""
    shared = tmp_path / "shared"
    (shared / "index").mkdir(parents=True)
    precious = shared / "other-program.db"
    precious.write_text("keep")
    (shared / "index" / "someone-else").mkdir()
    (shared / "index" / "someone-else" / "data").write_text("keep too")
    folder = write_book(tmp_path / "book", id_line='id = ".."')
    res = run_judge("--game", str(folder), "search", "kural", env={"JUDGE_TOOL_CACHE": str(shared)})
    assert res.returncode == 2
    one_line_error(res)
    assert precious.read_text() == "keep"
    assert (shared / "index" / "someone-else" / "data").read_text() == "keep too"


def test_index_cleanup_removes_only_folders_with_its_marker(tmp_path):
    from judge_tool.glossary import Glossary
    from judge_tool.search.analysis import analysis_for
    from judge_tool.search.index import open_or_build

    book = load_folder(write_book(tmp_path / "book"))
    cache = tmp_path / "cache"
    root = cache / "index" / "mybook"
    root.mkdir(parents=True)
    foreign = root / "not-ours"
    foreign.mkdir()
    (foreign / "f").write_text("keep")
    foreign_tmp = root / ".tmp-lookalike"
    foreign_tmp.mkdir()
    os.utime(foreign_tmp, (0, 0))                    # very old, but not ours
    (root / "plain-file").write_text("keep")
    # an interrupted build of ours: its builder process is gone
    stale = root / ".tmp-old-build"
    stale.mkdir()
    (stale / "judge-build.json").write_text(json.dumps({"pid": 2**22 + 12345,
                                                        "host": os.uname().nodename}))
    opened = open_or_build(book, Glossary(terms=()), analysis_for("tr"), cache=cache)
    assert opened.path is not None and opened.path.parent == root
    assert (foreign / "f").read_text() == "keep"
    assert foreign_tmp.is_dir()
    assert (root / "plain-file").read_text() == "keep"
    assert not stale.exists(), "a stale temporary build folder of ours is removed"
    # an old index of ours (other key) is removed on the next build
    old = root / "0123456789abcdef0123"
    old.mkdir()
    (old / "judge-index.json").write_text("{}")
    open_or_build(book, Glossary(terms=()), analysis_for("tr"), cache=cache, rebuild=True)
    assert not old.exists()
    assert (foreign / "f").read_text() == "keep"


# --- chapter files ---------------------------------------------------------------------

@pytest.mark.parametrize("chapter", ["../outside.md", "/etc/passwd", "sub/../../outside.md"])
def test_reported_chapter_outside_the_folder_is_refused(run_judge, tmp_path, chapter):
    (tmp_path / "outside.md").write_text("# 1. Gizli\n\n**1.1.** SECRET-CONTENT\n")
    folder = write_book(tmp_path / "book", chapters=json.dumps([chapter]))
    res = run_judge("--game", str(folder), "rule", "1.1")
    assert res.returncode == 2
    line = one_line_error(res)
    assert "chapters" in line and "SECRET" not in res.stdout + res.stderr
    assert "root:" not in res.stdout


def test_chapter_symlink_out_of_the_folder_is_refused(tmp_path):
    (tmp_path / "outside.md").write_text(CHAPTER)
    folder = write_book(tmp_path / "book", chapters='["link.md"]')
    (folder / "link.md").symlink_to(tmp_path / "outside.md")
    with pytest.raises(RulebookError, match="outside the folder"):
        load_folder(folder)


def test_chapter_symlink_inside_the_folder_is_fine(tmp_path):
    folder = write_book(tmp_path / "book", chapters='["link.md"]')
    (folder / "link.md").symlink_to(folder / "01.md")
    assert "1.1" in load_folder(folder)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_chapter_fifo_is_refused_without_hanging(tmp_path):
    folder = write_book(tmp_path / "book", chapters='["fifo.md"]')
    os.mkfifo(folder / "fifo.md")
    with pytest.raises(RulebookError, match="not a regular file"):
        load_folder(folder)


# --- site build --out -----------------------------------------------------------------

def test_reported_site_build_does_not_write_through_a_symlink(run_judge, tmp_path):
    """Reported: `assets -> ../elsewhere` inside the output folder let the build overwrite
    files there."""
    out = tmp_path / "site"
    res = run_judge("--game", "cyberpunk-tcg", "site", "build", "--out", str(out), "--quiet")
    assert res.returncode == 0, res.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "style.css").write_text("theirs")
    import shutil
    shutil.rmtree(out / "assets")
    (out / "assets").symlink_to(elsewhere)
    res = run_judge("--game", "cyberpunk-tcg", "site", "build", "--out", str(out), "--quiet")
    assert res.returncode == 2
    line = one_line_error(res)
    assert "symlink" in line
    assert (elsewhere / "style.css").read_text() == "theirs"
    assert sorted(p.name for p in elsewhere.iterdir()) == ["style.css"]


@pytest.mark.parametrize("where", ["/", "~"])
def test_site_build_refuses_root_and_home(run_judge, tmp_path, where):
    home = tmp_path / "home"
    home.mkdir()
    res = run_judge("site", "build", "--out", where, "--force", env={"HOME": str(home)})
    assert res.returncode == 2
    assert "refusing" in one_line_error(res)
    assert list(home.iterdir()) == []


def test_site_build_force_into_a_folder_deletes_nothing_of_the_users(run_judge, tmp_path):
    mine = tmp_path / "notes"
    mine.mkdir()
    (mine / "important.txt").write_text("keep me")
    res = run_judge("--game", "cyberpunk-tcg", "site", "build", "--out", str(mine), "--force", "-q")
    assert res.returncode == 0, res.stderr
    assert (mine / "important.txt").read_text() == "keep me"
    assert (mine / "index.html").is_file()
    # a rebuild without --force now works (our manifest is there) and still keeps the note
    res = run_judge("--game", "cyberpunk-tcg", "site", "build", "--out", str(mine), "-q")
    assert res.returncode == 0, res.stderr
    assert (mine / "important.txt").read_text() == "keep me"


def test_site_build_never_replaces_a_same_named_file_it_did_not_write(tmp_path):
    from judge_tool.sitebuild import MANIFEST, SiteError, write_site

    out = tmp_path / "site"
    write_site({"index.html": b"v1"}, out)
    (out / "new.html").write_text("the user's own page")
    with pytest.raises(SiteError, match="not written by a site build"):
        write_site({"index.html": b"v2", "new.html": b"ours"}, out)
    assert (out / "new.html").read_text() == "the user's own page"
    assert json.loads((out / MANIFEST).read_text())["files"].keys() == {"index.html"}


def test_site_manifest_listing_a_symlinked_file_deletes_nothing_outside(tmp_path):
    import hashlib

    from judge_tool.sitebuild import MANIFEST, write_site

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "x.js").write_text("keep")
    out = tmp_path / "site"
    write_site({"index.html": b"v1"}, out)
    (out / "assets").symlink_to(outside)
    manifest = json.loads((out / MANIFEST).read_text())
    manifest["files"]["assets/x.js"] = hashlib.sha256(b"keep").hexdigest()
    (out / MANIFEST).write_text(json.dumps(manifest))
    write_site({"index.html": b"v2"}, out)
    assert (outside / "x.js").read_text() == "keep"


# --- files beside a rulebook (official numbering) -----------------------------------------

def test_official_numbering_symlink_out_of_the_folder_is_refused_unread(run_judge, tmp_path):
    (tmp_path / "secret.tsv").write_text("SECRET-CONTENT\tx\n", encoding="utf-8")
    folder = write_book(tmp_path / "book")
    (folder / "official.tsv").symlink_to(tmp_path / "secret.tsv")
    res = run_judge("--game", str(folder), "rule", "1.1")
    assert res.returncode == 2
    line = one_line_error(res)
    assert "outside the folder" in line
    assert "SECRET" not in res.stdout + res.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_official_numbering_fifo_is_refused_without_hanging(tmp_path):
    folder = write_book(tmp_path / "book")
    os.mkfifo(folder / "official.tsv")
    with pytest.raises(RulebookError, match="not a regular file"):
        load_folder(folder)


def test_official_numbering_over_the_size_limit_is_refused(tmp_path, monkeypatch):
    from judge_tool import limits
    folder = write_book(tmp_path / "book")
    (folder / "official.tsv").write_text("x" * 200, encoding="utf-8")
    monkeypatch.setattr(limits, "MAX_CHAPTER_BYTES", 100)
    with pytest.raises(RulebookError, match="limit"):
        load_folder(folder)


def test_scenario_saved_with_a_bom_checks_like_one_without(run_judge, tmp_path):
    """Editors on Windows save UTF-8 with a byte order mark: it is not part of the TOML."""
    from judge_tool.resources import data_path
    source = data_path("scenarios", "08-calma-sayilari.toml").read_bytes()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "s.toml").write_bytes(source)
    (tmp_path / "b" / "s.toml").write_bytes(b"\xef\xbb\xbf" + source)
    plain = run_judge("check", str(tmp_path / "a" / "s.toml"))
    bom = run_judge("check", str(tmp_path / "b" / "s.toml"))
    assert plain.returncode == 0 and "1 passed" in plain.stdout
    assert bom.returncode == 0
    assert bom.stdout.replace("/b/", "/a/") == plain.stdout
