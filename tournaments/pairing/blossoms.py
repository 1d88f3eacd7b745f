"""The state of Edmonds' blossom algorithm and the steps that change it.

:class:`Blossoms` holds the labels, blossoms, duals and mates of one run of
:func:`.matching.min_cost_perfect_matching` (which grows the alternating trees and
changes the duals) and the operations on blossoms: label a vertex, find and form a
blossom, expand one, and augment the matching along a path through blossoms. The
names and the layout follow van Rantwijk's ``mwmatching.py`` (see :mod:`.matching`).

Every method first binds the state it reads to local names: the algorithm's inner
loops run on those lists, and a local name is read faster than an attribute.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

__all__ = ["Blossoms"]


class Blossoms:
    """One run's state: blossoms, labels, duals; ``mate[v]`` is v's remote endpoint or -1.

    ``endpoint[2k]`` and ``endpoint[2k + 1]`` are edge k's ends, ``weight[k]`` is minus
    its cost, ``neighbend[v]`` the remote endpoint indices of v's edges.
    """

    def __init__(
        self,
        nvertex: int,
        endpoint: list[int],
        weight: list[int],
        neighbend: list[list[int]],
        mate: list[int],
    ) -> None:
        self.nvertex = nvertex
        self.endpoint = endpoint
        self.weight = weight
        self.neighbend = neighbend
        self.mate = mate
        nedge = len(weight)
        nb = 2 * nvertex
        self.nb = nb
        # label: 0 free, 1 S (outer), 2 T (inner); bit 4 marks blossoms during scanBlossom.
        self.label = [0] * nb
        self.labelend = [-1] * nb
        self.inblossom = list(range(nvertex))
        self.blossomparent = [-1] * nb
        self.blossomchilds: list[list[int]] = [[] for _ in range(nb)]
        self.blossombase = list(range(nvertex)) + [-1] * nvertex
        self.blossomendps: list[list[int]] = [[] for _ in range(nb)]
        self.bestedge = [-1] * nb
        self.blossombestedges: list[list[int] | None] = [None] * nb
        self.unusedblossoms = list(range(nvertex, nb))
        # Doubled vertex duals (as in mwmatching); all costs >= 0 so 0 is feasible.
        self.dualvar = [0] * nb
        self.allowedge = [False] * nedge
        self.queue: list[int] = []
        # Top-level blossoms (index >= nvertex) currently in use, for the delta scans.
        self.live_blossoms: set[int] = set()
        dualvar = self.dualvar

        # A closure, not a method: the slack is read in every inner loop.
        def slack(k: int) -> int:
            return dualvar[endpoint[2 * k]] + dualvar[endpoint[2 * k + 1]] - 2 * weight[k]

        self.slack: Callable[[int], int] = slack

    def leaves(self, b: int) -> Iterator[int]:
        """The vertices inside ``b`` (a vertex is its own blossom)."""
        nvertex = self.nvertex
        blossomchilds = self.blossomchilds
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

    def assign_label(self, w: int, t: int, p: int) -> None:
        """Label ``w``'s blossom S (t=1) or T (t=2), reached through endpoint ``p``;
        a T blossom's mate is labelled S in turn, and S vertices go on the queue."""
        endpoint = self.endpoint
        mate = self.mate
        label = self.label
        labelend = self.labelend
        inblossom = self.inblossom
        blossombase = self.blossombase
        bestedge = self.bestedge
        queue = self.queue
        leaves = self.leaves
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

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace back from ``v`` and ``w``: the base of the new blossom, or -1 when the
        paths reach different roots (an augmenting path)."""
        endpoint = self.endpoint
        label = self.label
        labelend = self.labelend
        inblossom = self.inblossom
        blossombase = self.blossombase
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

    def add_blossom(self, base: int, k: int) -> None:
        """Form a blossom with ``base`` from the cycle closed by edge ``k``."""
        endpoint = self.endpoint
        neighbend = self.neighbend
        label = self.label
        labelend = self.labelend
        inblossom = self.inblossom
        blossomparent = self.blossomparent
        blossomchilds = self.blossomchilds
        blossombase = self.blossombase
        blossomendps = self.blossomendps
        bestedge = self.bestedge
        blossombestedges = self.blossombestedges
        unusedblossoms = self.unusedblossoms
        dualvar = self.dualvar
        queue = self.queue
        live_blossoms = self.live_blossoms
        slack = self.slack
        leaves = self.leaves
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

    def expand_blossom(self, b: int, endstage: bool) -> None:
        """Undo blossom ``b`` (and, at the end of a stage, its zero-dual sub-blossoms)."""
        # Iterative: at the end of a stage, sub-blossoms with a zero dual are expanded
        # too, and blossoms can nest deeper than Python's recursion limit.
        nvertex = self.nvertex
        label = self.label
        labelend = self.labelend
        inblossom = self.inblossom
        blossomparent = self.blossomparent
        blossomchilds = self.blossomchilds
        blossombase = self.blossombase
        blossomendps = self.blossomendps
        bestedge = self.bestedge
        blossombestedges = self.blossombestedges
        unusedblossoms = self.unusedblossoms
        dualvar = self.dualvar
        live_blossoms = self.live_blossoms
        leaves = self.leaves
        relabel_expanded = self.relabel_expanded
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

    def relabel_expanded(self, b: int) -> None:
        # An inner (T) blossom was expanded mid-stage: relabel its sub-blossoms along
        # the even-length path from the entry child to the base.
        endpoint = self.endpoint
        mate = self.mate
        label = self.label
        labelend = self.labelend
        inblossom = self.inblossom
        blossomchilds = self.blossomchilds
        blossombase = self.blossombase
        blossomendps = self.blossomendps
        bestedge = self.bestedge
        allowedge = self.allowedge
        leaves = self.leaves
        assign_label = self.assign_label
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

    def augment_blossom(self, b: int, v: int) -> None:
        # Swap matched and unmatched edges on the even path from v to b's base, in b
        # and (a work list instead of recursion) in every sub-blossom on that path;
        # the sub-blossoms are disjoint and only write their own vertices' mates.
        nvertex = self.nvertex
        endpoint = self.endpoint
        mate = self.mate
        blossomparent = self.blossomparent
        blossomchilds = self.blossomchilds
        blossombase = self.blossombase
        blossomendps = self.blossomendps
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

    def augment_matching(self, k: int) -> None:
        """Swap matched and unmatched edges along the augmenting path through edge ``k``."""
        nvertex = self.nvertex
        endpoint = self.endpoint
        mate = self.mate
        labelend = self.labelend
        inblossom = self.inblossom
        augment_blossom = self.augment_blossom
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
