# Refines a raster finish made by `gougechek-samplegen finish` by a whole factor f in both
# directions: f times as many stations along each line and f times as many lines, f² times as
# many moves, their heights interpolated bilinearly between the dropped tips around them.
#
#   awk -v f=2 -f bench/refine_finish.awk finish_1m.nc > finish_4m.nc
#
# Dropping the ball on 16M points of a 16M-triangle mold takes hours (the drop cutter tests
# ever more triangles as they shrink), so bench/scaling.sh makes its 4M- and 16M-move programs
# this way. The ball's centre moves on a surface whose convex bends have radius ≥ R = 3 mm, so
# a chord between tips 0.1 mm apart dips below it by at most 0.1² / (8 · 3) ≈ 4e-4 mm; the
# generator's points are within 0.01 mm of touching, and so are these.
#
# Input: the header ending in `G0 X Y` over the first tip and a plunge `G1 Z… F…` to it, then
# one `G1 X Y Z` line a tip, line by line in a zigzag (even lines in +X, odd lines back), then
# the trailer from the next G0 on. The output has the same header, plunge and trailer.
BEGIN { state = "header"; tips = 0 }

state == "header" && /^G0 X/ { x[0] = substr($2, 2) + 0; y[0] = substr($3, 2) + 0 }
state == "header" && /^G1 Z/ {
  z[0] = substr($2, 2) + 0; plunge_feed = $3; tips = 1; state = "raster"
  next
}
state == "header" { print; next }

state == "raster" && /^G1 X/ {
  x[tips] = substr($2, 2) + 0; y[tips] = substr($3, 2) + 0; z[tips] = substr($4, 2) + 0
  if ($5 != "") feed = $5
  tips++
  next
}

state == "raster" { state = "trailer"; refine() }
state == "trailer" { print }

function refine(    columns, rows, nr, nc, r, c, i, row, col, u, v, i0, j0, a, b, px, py, pz) {
  columns = lineLength()
  rows = tips / columns
  nr = (rows - 1) * f + 1; nc = (columns - 1) * f + 1
  for (r = 0; r < nr; r++)
    for (i = 0; i < nc; i++) {
      c = r % 2 == 0 ? i : nc - 1 - i  # zigzag, as the input runs
      row = r / f; col = c / f
      j0 = int(row); i0 = int(col)
      if (j0 == rows - 1) j0--
      if (i0 == columns - 1) i0--
      v = row - j0; u = col - i0
      a = at(j0, i0, columns); b = at(j0 + 1, i0, columns)
      px = (1 - u) * x[a] + u * x[at(j0, i0 + 1, columns)]
      py = (1 - v) * y[a] + v * y[b]
      pz = (1 - v) * ((1 - u) * z[a] + u * z[at(j0, i0 + 1, columns)]) \
         + v * ((1 - u) * z[b] + u * z[at(j0 + 1, i0 + 1, columns)])
      if (r == 0 && i == 0) {
        printf "G1 Z%.4f %s\n", pz, plunge_feed
      } else if (r == 0 && i == 1) {
        printf "G1 X%.4f Y%.4f Z%.4f %s\n", px, py, pz, feed
      } else {
        printf "G1 X%.4f Y%.4f Z%.4f\n", px, py, pz
      }
    }
}

# Tips on a raster line: the first line ends where y first changes.
function lineLength(    k) {
  for (k = 1; k < tips && y[k] == y[0]; k++) {}
  return k
}

# Index of the tip at line j, column i (columns counted in +X) in the zigzag input.
function at(j, i, columns) { return j * columns + (j % 2 == 0 ? i : columns - 1 - i) }
