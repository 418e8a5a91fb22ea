"""The mutation benchmark: a mutant really breaks its kind, the conformance check catches it,
the game's table is put back, and a fault that never fires is never reported as caught."""

from __future__ import annotations

import muertos

from .scripts import load_benchmark


def test_a_mutant_is_caught_and_the_table_is_put_back() -> None:
    mut = load_benchmark("mutations")
    g = muertos.game("ofertu")
    table = g.state_class.ACTIONS
    first = table.kinds[0]
    m = mut.Mutant(0, first.verb, "admit", 2)
    with mut.installed(g.state_class, m):
        assert g.state_class.ACTIONS is not table
        assert g.state_class.ACTIONS.kinds[0] is not first
        assert g.state_class.ACTIONS.kinds[1:] == table.kinds[1:]
    assert g.state_class.ACTIONS is table
    got, at, why = mut.caught_at(("ofertu", 2, {}, m, 0, 3, 1))
    assert got == m and at == 0 and why
    assert g.state_class.ACTIONS is table


def test_a_fault_that_never_fires_is_not_caught() -> None:
    mut = load_benchmark("mutations")
    for fault in mut.FAULTS:
        m = mut.Mutant(0, "x", fault, 10**12)
        assert mut.caught_at(("ofertu", 2, {}, m, 0, 2, 1))[1] is None
