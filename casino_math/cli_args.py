"""The command line's parser parts: help wrapped to the terminal, epilogs built on demand, whole-number options.

Start-up is most of a command's time, so nothing here imports shutil (argparse
would, with the compression modules, to ask the terminal's width), and a help
epilog that must import the games is built only when help is printed.
"""

from __future__ import annotations

import argparse
import os
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


def positive_int(what: str) -> Callable[[str], int]:
    """An argparse type: a whole number of at least 1, with an error that names ``what``.

    >>> positive_int("--rounds")("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --rounds must be a whole number from 1 up, not 0
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
        if value < 1:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number from 1 up, not {value}")
        return value

    return parse
