"""What the grader asks a sandbox about each answer, and how it judges what comes back.

For one assignment and one variant, a :class:`Plan` holds each question's tests
with their points.  Its job for the runner (:mod:`~casino_math.classroom.runner`)
names the public probes: ``value`` (report the answer), ``call`` (call the
answer on these inputs) or ``play`` (call ``play(rng)`` this many rounds on a
generator seeded so); the hidden tests' probes are sent only once the cells are
over.  What the sandbox reports is plain data, judged here by the key's checks:
a question scores the points of each of its tests that says right.  A hidden
test's hint never shows its inputs.

>>> from casino_math.classroom.checks import Rule
>>> how_to_probe(Rule("demo.even", outcomes=lambda: (1, 2), right=lambda n: n % 2 == 0, hint=None))
{'kind': 'call', 'inputs': [{'t': 'int', 'v': '1'}, {'t': 'int', 'v': '2'}], 'spread': False}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import data, keys, source
from .checks import ByHand, Check, Rule, Simulation
from .marks import Mark
from .variants import Variant
from .verdict import Status

#: Plain JSON data: a cell as the runner takes it, an event the sandbox reported, a probe.
JSON = dict[str, Any]
HIDDEN_HINT = ("right on the check cell's own inputs, but a hidden test ({test}) gets a wrong result on inputs it keeps "
               "to itself: make it right for every input, not only the ones the check cell shows")


def how_to_probe(test: Check) -> JSON:
    """What the runner reports about an answer for a test: its value, or the function called on the test's inputs."""
    if isinstance(test, Rule):
        return {"kind": "call", "inputs": [data.encode(outcome) for outcome in test.outcomes()], "spread": test.spread}
    if isinstance(test, Simulation):
        return {"kind": "play", "seed": test.seed, "rounds": test.rounds}
    return {"kind": "value"}


@dataclass(frozen=True)
class Plan:
    """What the grader needs of an assignment for one variant: each question's tests with their points."""

    assignment: source.Assignment
    tests: dict[str, dict[str, tuple[Check, int]]]
    """For each question's short ID: {test name: (check, points)}."""
    variant: Variant
    fingerprint: str
    """What identifies the source, the key and the variant: a grade made under another is stale."""

    def job(self, cells: list[JSON], timeout: float, check_timeout: float) -> JSON:
        """The runner's job for a notebook's code cells: every public probe, and no hidden test's input."""
        graded = [q for q in self.assignment.questions if not q.by_hand]
        return {"cells": cells, "timeout": timeout, "check_timeout": check_timeout,
                "answers": {q.id: q.answer for q in graded},
                "probes": {q.id: {name: how_to_probe(test) for name, (test, _) in self.tests[q.id].items()
                                  if name == keys.PUBLIC} for q in graded}}

    def hidden(self) -> dict[str, dict[str, JSON]]:
        """The hidden tests' probes, by question and test: sent to a sandbox only once its cells are over."""
        found = {q: {name: how_to_probe(test) for name, (test, _) in tests.items() if name != keys.PUBLIC}
                 for q, tests in self.tests.items()}
        return {q: probes for q, probes in found.items() if probes}


def plan(assignment: source.Assignment, key: keys.Key, variant: Variant, fingerprint: str) -> Plan:
    """The plan of an assignment for a variant, its key's tests checked against the source's."""
    tests: dict[str, dict[str, tuple[Check, int]]] = {}
    public, hidden = key.questions(variant), key.hidden(variant)
    for question in assignment.questions:
        if question.id not in public:
            raise ValueError(f"{assignment.name}: the key has no check for question {question.id}")
        if question.by_hand:
            if not isinstance(public[question.id], ByHand):
                raise ValueError(f"{assignment.name}: question {question.id} is marked by hand in the source, so its "
                                 "key's check is ByHand(...)")
            continue
        there = {keys.PUBLIC: public[question.id], **hidden.get(question.id, {})}
        missing = sorted(set(dict(question.tests)) - set(there))
        if missing:
            raise ValueError(f"{assignment.name}: the key has no test {', '.join(missing)} for question {question.id}")
        tests[question.id] = {test: (there[test], points) for test, points in question.tests}
    return Plan(assignment, tests, variant, fingerprint)


class Recorded:
    """A submitted function, as the grader sees it: the results it gave, in order, on the inputs it was given."""

    def __init__(self, calls: list[Any], error: str | None, check_timeout: float):
        self._calls, self._error, self._seconds = iter([data.decode(c) for c in calls]), error, check_timeout

    def __call__(self, *given: object) -> Any:
        for result in self._calls:
            return result
        if self._error in (None, "TimeLimit"):
            raise type("TimeLimit", (Exception,), {})(f"it ran past the {self._seconds:g} s a check may take")
        name, _, message = str(self._error).partition(": ")
        raise type(name if name.isidentifier() else "Error", (Exception,), {})(message)


def answer_in(record: JSON, check_timeout: float) -> Any:
    """The answer a runner's record stands for: a value, a Recorded function, or None when it was not defined."""
    if record.get("missing"):
        return None
    if "value" in record:
        return data.decode(record["value"])
    calls = record.get("calls")
    return Recorded(calls if isinstance(calls, list) else [], record.get("error"), check_timeout)


def _is_blank(record: JSON) -> bool:
    value = record.get("value")
    return bool(record.get("missing")) or (isinstance(value, dict) and value.get("t") in ("none", "blank"))


def judge_tests(plan: Plan, question: source.Question, events: list[JSON],
                check_timeout: float) -> list[tuple[str, Status, str]]:
    """Each test of a question, judged from the runner's events: (test, status, hint), the hint as the key says it."""
    return [(test, *_judge_test(question, test, check, events, check_timeout))
            for test, (check, _) in plan.tests[question.id].items()]


def judge_question(plan: Plan, question: source.Question, events: list[JSON], check_timeout: float) -> Mark:
    """Judge a question from the runner's events: the points of each of its tests that says right."""
    if question.by_hand:
        return Mark(question.id, question.points, 0, Status.BY_HAND, "")
    score, first = 0, None
    for test, status, hint in judge_tests(plan, question, events, check_timeout):
        points = plan.tests[question.id][test][1]
        if status is Status.RIGHT:
            score += points
        elif first is None:
            first = status, (HIDDEN_HINT.format(test=test) if test != keys.PUBLIC and status is Status.WRONG else hint)
    status, hint = first or (Status.RIGHT, "")
    return Mark(question.id, question.points, score, status, hint)


def record_of(question: source.Question, test: str, events: list[JSON]) -> JSON | None:
    """What the sandbox reported of a question's answer for a test: as its answer cell left it, or as the last cell
    left it when it was blank after its answer cell."""
    records = [e for e in events if e.get("question") == question.id and e.get("test") == test]
    by_time = {e.get("at"): e for e in records}
    record = by_time.get("answer")
    if record is None or (_is_blank(record) and "end" in by_time):
        record = by_time.get("end", record)
    return record


def _judge_test(question: source.Question, test: str, check: Check, events: list[JSON],
                check_timeout: float) -> tuple[Status, str]:
    record = record_of(question, test, events)
    if record is None:
        if any(e.get("probing") == question.id and e.get("test") == test for e in events):
            return Status.TIMED_OUT, f"checking it ran past its time (the {check_timeout:g} s a check may take)"
        return Status.NOT_GRADED, "the notebook stopped before this answer was reached"
    if record.get("missing"):
        return Status.NOT_ANSWERED, f"{question.answer} is not defined: run its cell, and fix any error it shows"
    try:
        feedback = check.judge(answer_in(record, check_timeout))
    except Exception as error:  # noqa: BLE001  (odd data from a submission is a wrong answer, not a crash)
        return Status.WRONG, f"checking it raised {type(error).__name__}: {error}"
    return feedback.status, feedback.hint


def where(cell: JSON, number: int, assignment: source.Assignment) -> str:
    """Where a code cell is, in words a student recognises: the answer cell of a question, else its number."""
    numbers = {q.id: q.number for q in assignment.questions}
    if cell.get("question") in numbers:
        return f"the answer cell of question {numbers[cell['question']]} ({cell['question']})"
    return f"code cell {number}"


def notes_of(events: list[JSON], cells: list[JSON], assignment: source.Assignment, killed: str | None,
             timeout: float) -> list[str]:
    """What went wrong while running a notebook, in words a student recognises."""
    notes, started = [], [e["cell"] for e in events if isinstance(e.get("cell"), int)]
    errors = [(e["finished"], e["error"]) for e in events if isinstance(e.get("finished"), int) and e.get("error")]
    shown = [f"{where(cells[i], i + 1, assignment)} ({error})" for i, error in errors
             if error != "TimeLimit" and 0 <= i < len(cells)]
    if shown:
        notes.append(f"errors in {', '.join(shown)}")
    stopped = [e["stopped"] for e in events if isinstance(e.get("stopped"), int)]
    last = started[-1] if started and 0 <= started[-1] < len(cells) else None
    place = f" in {where(cells[last], last + 1, assignment)}" if last is not None else ""
    if stopped and 0 <= stopped[0] < len(cells):
        notes.append(f"stopped at the {timeout:g} s limit in {where(cells[stopped[0]], stopped[0] + 1, assignment)}"
                     f" (a loop that never ends?); {len(cells) - stopped[0] - 1} cells after it were not run")
    elif killed == "wall time":
        notes.append(f"ended at its time limit{place}, which it would not let go of; answers given before count")
    elif killed:
        notes.append(f"ended because it {killed}; answers given before count")
    elif not any(e.get("done") for e in events):
        notes.append(f"Python ended{place} before the notebook finished (os._exit, a crash or the memory limit?); "
                     "answers given before count")
    return notes
