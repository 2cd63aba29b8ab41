#!/usr/bin/env python3
"""The deep-cavity sample (samples/README.md "A deep cavity and its holder"): writes
cavity.stl, a 120 x 120 x 60 mm block with a 60 x 60 mm pocket 50 mm deep (floor at z = 10,
sharp vertical walls), and cavity_finish.nc, a finishing program for a 6 mm ball on a 40 mm
stick-out in an ER32 collet chuck: wall contours at six levels, then the middle of the floor.
Standard library only; run from anywhere: python3 samples/make_cavity.py"""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
SIZE, HEIGHT = 120.0, 60.0          # the block
LO, HI, FLOOR = 30.0, 90.0, 10.0    # the pocket: x, y in [LO, HI], floor at z = FLOOR


def quad(a, b, c, d):
    """Two triangles of the quad a b c d, counter-clockwise seen from outside."""
    return [(a, b, c), (a, c, d)]


def block_with_pocket():
    s, h, lo, hi, f = SIZE, HEIGHT, LO, HI, FLOOR
    tris = []
    tris += quad((0, 0, 0), (0, s, 0), (s, s, 0), (s, 0, 0))                      # bottom
    tris += quad((0, 0, 0), (s, 0, 0), (s, 0, h), (0, 0, h))                      # y = 0
    tris += quad((s, 0, 0), (s, s, 0), (s, s, h), (s, 0, h))                      # x = s
    tris += quad((s, s, 0), (0, s, 0), (0, s, h), (s, s, h))                      # y = s
    tris += quad((0, s, 0), (0, 0, 0), (0, 0, h), (0, s, h))                      # x = 0
    # The top: a ring around the pocket, four quads sharing the pocket's rim.
    tris += quad((0, 0, h), (s, 0, h), (hi, lo, h), (lo, lo, h))
    tris += quad((s, 0, h), (s, s, h), (hi, hi, h), (hi, lo, h))
    tris += quad((s, s, h), (0, s, h), (lo, hi, h), (hi, hi, h))
    tris += quad((0, s, h), (0, 0, h), (lo, lo, h), (lo, hi, h))
    # The pocket's walls face inwards (into the pocket), its floor up.
    tris += quad((lo, lo, h), (hi, lo, h), (hi, lo, f), (lo, lo, f))
    tris += quad((hi, lo, h), (hi, hi, h), (hi, hi, f), (hi, lo, f))
    tris += quad((hi, hi, h), (lo, hi, h), (lo, hi, f), (hi, hi, f))
    tris += quad((lo, hi, h), (lo, lo, h), (lo, lo, f), (lo, hi, f))
    tris += quad((lo, lo, f), (hi, lo, f), (hi, hi, f), (lo, hi, f))
    return tris


def write_stl(path, tris):
    with open(path, "wb") as out:
        out.write(b"gougechek sample: deep cavity".ljust(80, b" "))
        out.write(struct.pack("<I", len(tris)))
        for a, b, c in tris:
            u = [b[i] - a[i] for i in range(3)]
            v = [c[i] - a[i] for i in range(3)]
            n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
            length = sum(x * x for x in n) ** 0.5
            out.write(struct.pack("<3f", *[x / length for x in n]))
            for p in (a, b, c):
                out.write(struct.pack("<3f", *p))
            out.write(b"\0\0")


def program():
    r = 3.0                      # the ball's radius: its axis 3 mm off the walls, touching them
    near, far = LO + r, HI - r   # the contour of the axis
    mid = (LO + HI) / 2
    lines = ["%", "(gougechek sample: deep cavity, 6 mm ball, 40 mm stick-out, ER32 chuck)",
             "G21 G90 G17 G40 G49 G80", "T1 M6", "G0 Z100", f"G0 X{mid:.3f} Y{mid:.3f}",
             "(operation: Wall contour)", "G0 Z65"]
    for z in (50, 40, 30, 20, 15, 10):
        lines += [f"G1 Z{z:.3f} F800",
                  f"G1 X{near:.3f} Y{mid:.3f} F1200",
                  f"G1 Y{near:.3f}", f"G1 X{far:.3f}", f"G1 Y{far:.3f}", f"G1 X{near:.3f}",
                  f"G1 Y{mid:.3f}",
                  f"G1 X{mid:.3f}"]
    # The floor's middle, where the nut clears every wall by 2 mm: a raster 6 mm square.
    lines += ["(operation: Floor middle)", f"G1 Z{FLOOR:.3f} F800"]
    for k, y in enumerate((57, 59, 61, 63)):
        x0, x1 = (57, 63) if k % 2 == 0 else (63, 57)
        lines += [f"G1 X{x0:.3f} Y{y:.3f} F1200", f"G1 X{x1:.3f}"]
    lines += ["G0 Z100", "M30", "%"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    write_stl(os.path.join(HERE, "cavity.stl"), block_with_pocket())
    with open(os.path.join(HERE, "cavity_finish.nc"), "w") as out:
        out.write(program())
