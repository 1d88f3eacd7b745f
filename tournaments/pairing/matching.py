"""Minimum-cost perfect matching in a general graph (Edmonds' blossom algorithm).

This is the primal-dual blossom algorithm in the O(n^3) formulation of Galil ("Efficient
algorithms for finding maximum matching in graphs", 1986) as laid out by Joris van
Rantwijk's well-known ``mwmatching.py``, rewritten here for this engine:

* it minimises cost over *perfect* matchings (run as maximum-weight matching of
  ``-cost`` among maximum-cardinality matchings, so vertex duals may go negative);
* it can start from a given partial matching of zero-cost edges (a *warm start*: with
  every cost ``>= 0`` all-zero duals are feasible and make exactly the zero-cost edges
  tight), so a pairing that is nearly right to begin with costs a handful of
  augmentations instead of ``n / 2``;
* the per-blossom neighbour bookkeeping uses dictionaries instead of arrays of length
  ``2n``, so forming many small blossoms stays cheap on large sparse graphs.

Costs must be non-negative integers (Python integers, so the lexicographic costs of the
pairing rules, which run past 2**64, stay exact).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .blossoms import Blossoms

__all__ = ["NoPerfectMatching", "min_cost_perfect_matching"]


class NoPerfectMatching(ValueError):
    """The graph has no perfect matching."""


def min_cost_perfect_matching(
    nvertex: int,
    edges: Sequence[tuple[int, int, int]],
    initial: Iterable[tuple[int, int]] = (),
) -> list[int]:
    """A minimum-cost perfect matching: ``mate[v]`` is v's partner.

    ``edges`` are ``(i, j, cost)`` with ``0 <= i, j < nvertex``, ``i != j`` and integer
    ``cost >= 0``; at most one edge per pair. ``initial`` may give pairs joined by
    zero-cost edges to start from. Raises :class:`NoPerfectMatching` if there is none.
    """
    if nvertex == 0:
        return []
    nedge = len(edges)
    endpoint: list[int] = []
    weight: list[int] = []
    neighbend: list[list[int]] = [[] for _ in range(nvertex)]
    edge_index: dict[tuple[int, int], int] = {}
    for k, (i, j, c) in enumerate(edges):
        if not (0 <= i < nvertex and 0 <= j < nvertex) or i == j:
            raise ValueError(f"bad edge {(i, j)}")
        if c < 0:
            raise ValueError("costs must be non-negative")
        endpoint.append(i)
        endpoint.append(j)
        weight.append(-c)
        neighbend[i].append(2 * k + 1)
        neighbend[j].append(2 * k)
        edge_index[(i, j)] = edge_index[(j, i)] = k

    # mate[v] is the remote endpoint index of v's matched edge, or -1.
    mate = [-1] * nvertex
    for i, j in initial:
        k = edge_index.get((i, j), -1)
        if k < 0 or weight[k] != 0 or mate[i] != -1 or mate[j] != -1:
            raise ValueError(f"the initial pair {(i, j)} is not a free zero-cost edge")
        if endpoint[2 * k] == i:
            mate[i], mate[j] = 2 * k + 1, 2 * k
        else:
            mate[i], mate[j] = 2 * k, 2 * k + 1

    state = Blossoms(nvertex, endpoint, weight, neighbend, mate)
    label = state.label
    labelend = state.labelend
    inblossom = state.inblossom
    blossomparent = state.blossomparent
    blossombase = state.blossombase
    bestedge = state.bestedge
    blossombestedges = state.blossombestedges
    dualvar = state.dualvar
    allowedge = state.allowedge
    queue = state.queue
    live_blossoms = state.live_blossoms
    nb = state.nb
    slack = state.slack
    assign_label = state.assign_label
    scan_blossom = state.scan_blossom
    add_blossom = state.add_blossom
    expand_blossom = state.expand_blossom
    augment_matching = state.augment_matching

    while True:
        # One stage: grow alternating trees from every free vertex until one augments.
        for i in range(nb):
            label[i] = 0
            bestedge[i] = -1
        for b in range(nvertex, nb):
            blossombestedges[b] = None
        for k in range(nedge):
            allowedge[k] = False
        queue.clear()
        free = [v for v in range(nvertex) if mate[v] == -1]
        if not free:
            break
        for v in free:
            if label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                bv = inblossom[v]
                for p in neighbend[v]:
                    k = p >> 1
                    w = endpoint[p]
                    bw = inblossom[w]
                    if bv == bw:
                        continue
                    kslack = 0
                    if not allowedge[k]:
                        kslack = dualvar[v] + dualvar[w] - 2 * weight[k]
                        if kslack <= 0:
                            allowedge[k] = True
                    if allowedge[k]:
                        if label[bw] == 0:
                            assign_label(w, 2, p ^ 1)
                        elif label[bw] == 1:
                            base = scan_blossom(v, w)
                            if base >= 0:
                                add_blossom(base, k)
                                bv = inblossom[v]
                            else:
                                augment_matching(k)
                                augmented = True
                                break
                        elif label[w] == 0:
                            label[w] = 2
                            labelend[w] = p ^ 1
                    elif label[bw] == 1:
                        if bestedge[bv] == -1 or kslack < slack(bestedge[bv]):
                            bestedge[bv] = k
                    elif label[w] == 0 and (bestedge[w] == -1 or kslack < slack(bestedge[w])):
                        bestedge[w] = k
            if augmented:
                break
            # No tight edge left to follow: change the duals.
            deltatype = -1
            delta = 0
            deltaedge = -1
            deltablossom = -1
            for v in range(nvertex):
                if label[inblossom[v]] == 0 and bestedge[v] != -1:
                    d = slack(bestedge[v])
                    if deltatype == -1 or d < delta:
                        delta, deltatype, deltaedge = d, 2, bestedge[v]
            for b in list(range(nvertex)) + sorted(live_blossoms):
                if blossomparent[b] == -1 and label[b] == 1 and bestedge[b] != -1:
                    kslack = slack(bestedge[b])
                    d, odd = divmod(kslack, 2)
                    if odd:  # pragma: no cover - the algorithm keeps S-S slacks even
                        raise AssertionError("odd slack between outer vertices")
                    if deltatype == -1 or d < delta:
                        delta, deltatype, deltaedge = d, 3, bestedge[b]
            for b in sorted(live_blossoms):
                if (
                    blossomparent[b] == -1
                    and label[b] == 2
                    and (deltatype == -1 or dualvar[b] < delta)
                ):
                    delta, deltatype, deltablossom = dualvar[b], 4, b
            if deltatype == -1:
                # No augmenting path can ever be found: no perfect matching.
                raise NoPerfectMatching("the graph has no perfect matching")
            for v in range(nvertex):
                lab = label[inblossom[v]]
                if lab == 1:
                    dualvar[v] -= delta
                elif lab == 2:
                    dualvar[v] += delta
            for b in live_blossoms:
                if blossomparent[b] == -1:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
            if deltatype == 2:
                allowedge[deltaedge] = True
                i, j = endpoint[2 * deltaedge], endpoint[2 * deltaedge + 1]
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = True
                queue.append(endpoint[2 * deltaedge])
            else:
                expand_blossom(deltablossom, False)
        # End of stage: expand outer blossoms whose dual reached zero.
        for b in sorted(live_blossoms):
            if blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1 and dualvar[b] == 0:
                expand_blossom(b, True)

    return [endpoint[m] for m in mate]
