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

from collections.abc import Iterable, Iterator, Sequence

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

    nb = 2 * nvertex
    # label: 0 free, 1 S (outer), 2 T (inner); bit 4 marks blossoms during scanBlossom.
    label = [0] * nb
    labelend = [-1] * nb
    inblossom = list(range(nvertex))
    blossomparent = [-1] * nb
    blossomchilds: list[list[int]] = [[] for _ in range(nb)]
    blossombase = list(range(nvertex)) + [-1] * nvertex
    blossomendps: list[list[int]] = [[] for _ in range(nb)]
    bestedge = [-1] * nb
    blossombestedges: list[list[int] | None] = [None] * nb
    unusedblossoms = list(range(nvertex, nb))
    # Doubled vertex duals (as in mwmatching); all costs >= 0 so 0 is feasible.
    dualvar = [0] * nb
    allowedge = [False] * nedge
    queue: list[int] = []
    # Top-level blossoms (index >= nvertex) currently in use, for the delta scans.
    live_blossoms: set[int] = set()

    def slack(k: int) -> int:
        return dualvar[endpoint[2 * k]] + dualvar[endpoint[2 * k + 1]] - 2 * weight[k]

    def leaves(b: int) -> Iterator[int]:
        if b < nvertex:
            yield b
            return
        stack = [b]
        while stack:
            t = stack.pop()
            for s in blossomchilds[t]:
                if s < nvertex:
                    yield s
                else:
                    stack.append(s)

    def assign_label(w: int, t: int, p: int) -> None:
        while True:
            b = inblossom[w]
            label[w] = label[b] = t
            labelend[w] = labelend[b] = p
            bestedge[w] = bestedge[b] = -1
            if t == 1:
                queue.extend(leaves(b))
                return
            base = blossombase[b]
            w, t, p = endpoint[mate[base]], 1, mate[base] ^ 1

    def scan_blossom(v: int, w: int) -> int:
        path = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, k: int) -> None:
        v, w = endpoint[2 * k], endpoint[2 * k + 1]
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unusedblossoms.pop()
        live_blossoms.add(b)
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        blossomchilds[b] = path
        blossomendps[b] = endps
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for sub in path:
            live_blossoms.discard(sub)
        for x in leaves(b):
            if label[inblossom[x]] == 2:
                queue.append(x)
            inblossom[x] = b
        bestedgeto: dict[int, int] = {}
        for sub in path:
            nblists: list[list[int]]
            sub_best = blossombestedges[sub]
            if sub_best is None:
                nblists = [[p >> 1 for p in neighbend[x]] for x in leaves(sub)]
            else:
                nblists = [sub_best]
            for nblist in nblists:
                for kk in nblist:
                    i, j = endpoint[2 * kk], endpoint[2 * kk + 1]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if bj != b and label[bj] == 1:
                        cur = bestedgeto.get(bj, -1)
                        if cur == -1 or slack(kk) < slack(cur):
                            bestedgeto[bj] = kk
            blossombestedges[sub] = None
            bestedge[sub] = -1
        best_list = list(bestedgeto.values())
        blossombestedges[b] = best_list
        best = -1
        for kk in best_list:
            if best == -1 or slack(kk) < slack(best):
                best = kk
        bestedge[b] = best

    def expand_blossom(b: int, endstage: bool) -> None:
        # Iterative: at the end of a stage, sub-blossoms with a zero dual are expanded
        # too, and blossoms can nest deeper than Python's recursion limit.
        work = [b]
        while work:
            b = work.pop()
            live_blossoms.discard(b)
            for s in blossomchilds[b]:
                blossomparent[s] = -1
                if s < nvertex:
                    inblossom[s] = s
                elif endstage and dualvar[s] == 0:
                    work.append(s)
                else:
                    live_blossoms.add(s)
                    for x in leaves(s):
                        inblossom[x] = s
            if (not endstage) and label[b] == 2:
                relabel_expanded(b)
            label[b] = labelend[b] = -1
            blossomchilds[b] = []
            blossomendps[b] = []
            blossombase[b] = -1
            blossombestedges[b] = None
            bestedge[b] = -1
            unusedblossoms.append(b)

    def relabel_expanded(b: int) -> None:
        # An inner (T) blossom was expanded mid-stage: relabel its sub-blossoms along
        # the even-length path from the entry child to the base.
        childs = blossomchilds[b]
        endps = blossomendps[b]
        entrychild = inblossom[endpoint[labelend[b] ^ 1]]
        j = childs.index(entrychild)
        if j & 1:
            j -= len(childs)
            jstep = 1
            endptrick = 0
        else:
            jstep = -1
            endptrick = 1
        p = labelend[b]
        while j != 0:
            label[endpoint[p ^ 1]] = 0
            label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
            assign_label(endpoint[p ^ 1], 2, p)
            allowedge[endps[j - endptrick] >> 1] = True
            j += jstep
            p = endps[j - endptrick] ^ endptrick
            allowedge[p >> 1] = True
            j += jstep
        bv = childs[j]
        label[endpoint[p ^ 1]] = label[bv] = 2
        labelend[endpoint[p ^ 1]] = labelend[bv] = p
        bestedge[bv] = -1
        j += jstep
        while childs[j] != entrychild:
            bv = childs[j]
            if label[bv] == 1:
                j += jstep
                continue
            found = -1
            for x in leaves(bv):
                if label[x] != 0:
                    found = x
                    break
            if found != -1:
                label[found] = 0
                label[endpoint[mate[blossombase[bv]]]] = 0
                assign_label(found, 2, labelend[found])
            j += jstep

    def augment_blossom(b: int, v: int) -> None:
        # Swap matched and unmatched edges on the even path from v to b's base, in b
        # and (a work list instead of recursion) in every sub-blossom on that path;
        # the sub-blossoms are disjoint and only write their own vertices' mates.
        work = [(b, v)]
        while work:
            b, v = work.pop()
            t = v
            while blossomparent[t] != b:
                t = blossomparent[t]
            if t >= nvertex:
                work.append((t, v))
            childs = blossomchilds[b]
            endps = blossomendps[b]
            i = j = childs.index(t)
            if i & 1:
                j -= len(childs)
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
            while j != 0:
                j += jstep
                t = childs[j]
                p = endps[j - endptrick] ^ endptrick
                if t >= nvertex:
                    work.append((t, endpoint[p]))
                j += jstep
                t = childs[j]
                if t >= nvertex:
                    work.append((t, endpoint[p ^ 1]))
                mate[endpoint[p]] = p ^ 1
                mate[endpoint[p ^ 1]] = p
            blossomchilds[b] = childs[i:] + childs[:i]
            blossomendps[b] = endps[i:] + endps[:i]
            blossombase[b] = v

    def augment_matching(k: int) -> None:
        v, w = endpoint[2 * k], endpoint[2 * k + 1]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= nvertex:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= nvertex:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

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
