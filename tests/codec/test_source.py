"""pycore.codec.source re-states urllib.parse's unquote and parse_qsl (importing urllib.parse
costs ~75 ms of the page's start-up under Pyodide): they must agree with the originals."""
from __future__ import annotations

import urllib.parse

from hypothesis import given, strategies as st

from pycore.codec import source

QUERY_CHARS = st.sampled_from(list("abcXYZ019=&+%;?#/ ,é☃") + ["%20", "%2C", "%e2%98%83", "%zz", "%4", "%C3", "%ff"])


@given(st.lists(QUERY_CHARS, max_size=40).map("".join))
def test_unquote_and_parse_qsl_agree_with_urllib(text):
    assert source.unquote(text) == urllib.parse.unquote(text)
    for keep in (True, False):
        assert source.parse_qsl(text, keep_blank_values=keep) == urllib.parse.parse_qsl(text, keep_blank_values=keep)


def test_examples():
    assert source.parse_qsl("bd=a%2Cb&embed=1&x&y=", keep_blank_values=True) == [
        ("bd", "a,b"), ("embed", "1"), ("x", ""), ("y", "")]
    assert source.unquote("%E2%98%83%2") == "\u2603%2"
