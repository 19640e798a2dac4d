"""The command line's parser parts: help wrapped to the terminal, epilogs built on demand, whole-number options.

Start-up is most of a command's time, so nothing here imports shutil (argparse
would, with the compression modules, to ask the terminal's width), and a help
epilog that must import the games is built only when help is printed.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from typing import Any


def terminal_columns() -> int:
    """The terminal's width in columns, found as ``shutil.get_terminal_size`` finds it: $COLUMNS, the terminal, or 80.

    (argparse would import shutil, and with it the compression modules, to ask this of every parser it builds.)

    >>> terminal_columns() >= 1
    True
    """
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 0
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


#: What each figure of the ``fairness`` report means, for its help (the limits are the library's; a test checks them).
FAIRNESS_HELP = """Roulette: is a log of spins fair?  What each figure of the report means:
  chi_square, p_value   Pearson's statistic, exact, and the chi-square tail P(chi-square >= it) to 15 digits
  expected_per_pocket   the hits a fair wheel expects on each pocket
  cochran_rule_holds    whether that is at least 5, where the chi-square tail is a fair guide to the p-value
  exact_p_value         P(the statistic >= the one seen) on a fair wheel, counted exactly (logs of at most 40
                        spins; null beyond)
  hot_pocket_tail       the chance that on a fair wheel SOME pocket is hit at least as often as the hot pocket
                        was: exact up to 4,000 spins (unless the hot pocket is so hot that the sum is too long,
                        yet not so hot that no other pocket could be); else hot_pocket_tail_low and _high bound
                        it (Šidák below, Bonferroni above)
  named_pocket_tail     the chance that ONE pocket named in advance is hit that often; not the question a pocket
                        picked out for being hot asks.  Exact up to 50,000 spins; beyond, summed in decimal
                        arithmetic within one unit of the last digit shown
Each chance has a _decimal (10 significant digits) and a _method (how it was found).  Logs of up to 100
million spins are answered."""


class Formatter(argparse.RawDescriptionHelpFormatter):
    """Descriptions and epilogs printed as written, help wrapped to the terminal's width."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, width or terminal_columns() - 2)


class Parser(argparse.ArgumentParser):
    """An argument parser whose epilog may be a function, called only when help is printed (it imports games)."""

    def __init__(self, *args: Any, epilog_from: Callable[[], str] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)
        self.epilog_from = epilog_from

    def format_help(self) -> str:
        if self.epilog_from is not None:
            self.epilog = self.epilog_from()
        return super().format_help()


#: The most characters of a bad value that an error repeats; a longer one is shown by its start and its length.
MOST_SHOWN = 24


def shown(text: str) -> str:
    """A value as an error repeats it: quoted, and cut to its start and its length when it is long.

    >>> shown("many"), shown("9" * 5000)
    ("'many'", "'999999999999...' (5000 characters)")
    """
    return repr(text) if len(text) <= MOST_SHOWN else f"'{text[:MOST_SHOWN // 2]}...' ({len(text)} characters)"


def positive_int(what: str, most_digits: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number of at least 1 (of at most ``most_digits`` digits, if given), with an error
    that names ``what`` and repeats a long value only in part.

    >>> positive_int("--rounds")("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --rounds must be a whole number from 1 up, not 0
    >>> positive_int("--at-least", 9)("1" * 5000)
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --at-least must be a whole number of at most 9 digits, not one of 5000 digits
    """

    def parse(text: str) -> int:
        digits = text.strip().lstrip("+-")
        if most_digits is not None and digits.isdigit() and len(digits) > most_digits:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number of at most {most_digits} digits, not one "
                                             f"of {len(digits)} digits")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {shown(text)}") from None
        if value < 1:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number from 1 up, not {value}")
        return value

    return parse


def glued(words: list[str], option: str) -> list[str]:
    """The command line's words with ``option VALUE`` written ``option=VALUE`` where VALUE starts with a minus and a
    digit, so that argparse takes a list such as "-1,5,..." as the option's value and not as an option of its own.

    >>> glued(["fairness", "--counts", "-1,5", "--format", "json"], "--counts")
    ['fairness', '--counts=-1,5', '--format', 'json']
    """
    words = list(words)
    for i in range(len(words) - 2, -1, -1):
        if words[i] == option and re.match(r"-[0-9]", words[i + 1]):
            words[i:i + 2] = [f"{option}={words[i + 1]}"]
    return words
