"""One home for what shardlint knows about JAX (analysis/jaxfacts.py): its error texts are not
spelled again by the rules, version strings read one way, and the prefilter's words come from
the API table."""

from __future__ import annotations

import re
import tokenize
from pathlib import Path

import pytest

from shardlint.analysis import jaxfacts, prefilter
from shardlint.analysis.apis import API
from shardlint.analysis.source import parse_text

RULES_DIR = Path(jaxfacts.__file__).resolve().parent / "rules"
ERRORS = {name: text for name, text in vars(jaxfacts).items()
          if name.isupper() and isinstance(text, str) and re.match(r"[A-Z]\w*Error: ", text)}


@pytest.mark.parametrize("text,version", [
    ("0.10.2", (0, 10, 2)), ("0.4.30", (0, 4, 30)), ("0.8", (0, 8)), ("0.4.36.dev20241122", (0, 4, 36)),
    ("0.10.2rc1", (0, 10, 2)), (" 0.6.2 ", (0, 6, 2)), ("latest", None), ("", None), (None, None),
])
def test_parse_version(text, version):
    assert jaxfacts.parse_version(text) == version


def test_version_text():
    assert jaxfacts.version_text(jaxfacts.PMAP_IS_SHARD_MAP) == "0.8"
    assert jaxfacts.parse_version(jaxfacts.version_text((0, 6, 2))) == (0, 6, 2)


def test_error_head_and_quoting():
    assert jaxfacts.error_head(jaxfacts.UNBOUND_AXIS) == "NameError: Found an unbound axis name"
    assert jaxfacts.quoted(jaxfacts.OUTSIDE_JIT.format(what="set_mesh")) == (
        "`ValueError: set_mesh can only be used outside of jax.jit.`")


def _strings(path: Path) -> str:
    """The string literals of a module (f-string parts included), backticks dropped."""
    with path.open(encoding="utf-8") as f:
        kinds = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
        return "\n".join(t.string for t in tokenize.generate_tokens(f.readline) if t.type in kinds).replace("`", "")


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_rules_do_not_spell_jax_errors_again(name):
    """The longest literal stretch of each JAX error appears in jaxfacts only, not in a rule's
    strings."""
    words = max(re.split(r"\{\w*\}", ERRORS[name].split(": ", 1)[1].replace("`", "")), key=len).strip()[:40]
    assert len(words) >= 12, words
    for path in sorted(RULES_DIR.glob("*.py")):
        assert words not in _strings(path), f"{path.name} spells {name} again"


def test_prefilter_words_come_from_the_api_table():
    for qual, api in API.items():
        if api.kind in ("collective", "send", "recv", "pallas_call", "comm", "signal", "barrier"):
            assert qual.rsplit(".", 1)[-1] in prefilter.WORDS, qual
    assert {"jax", "pallas", "shard_map", "pmap", "set_mesh", "use_mesh"} <= prefilter.WORDS


def test_a_file_naming_only_a_collective_is_run():
    files = {p: parse_text(p, t) for p, t in {
        "uses.py": "from comm import f\n\nf(1)\n",
        "comm.py": "from mylib import ragged_all_to_all\n\ndef f(x):\n    return ragged_all_to_all(x)\n",
        "plain.py": "print('nothing parallel here')\n",
    }.items()}
    assert prefilter.relevant(files) == {"uses.py", "comm.py"}


def test_mentions_is_the_whole_word_search_of_the_relevance_words():
    """`prefilter.mentions` (a str.find per word, boundaries checked by hand) says what the
    regular expression of the words says, on real files and on the edges of a word."""
    words = re.compile(r"\b(?:" + "|".join(sorted(prefilter.WORDS)) + r")\b|import \*")
    tests = Path(__file__).resolve().parent
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in sorted(tests.rglob("*.py"))[:400]]
    texts += ["jaxx", "_jax", "xjax", "jax_", "pjax ", "é jax", "jaxé", "ājax", "pltpu", "plt", "pl.", "import  *",
              "from m import *", "psum_scatter", "apsum", "", "jax", "jaxjax", "xjax jax", "apply(pl)", "１jax"]
    assert [prefilter.mentions(t) for t in texts] == [bool(words.search(t)) for t in texts]
