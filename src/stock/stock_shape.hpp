#pragma once
// The stock before the program, as a field of columns: a box, a vertical cylinder, a closed mesh
// (vertical rays through it), or a native file written by --stock-out.
#include <cstddef>
#include <string>

#include "stock/stock_check.hpp"
#include "stock/stock_field.hpp"

namespace gougechek::stock {

/// The default column spacing (docs/checking-rules.md "Stock"), mm.
inline constexpr double kDefaultResolution = 0.1;

/// The column spacing for a stock `width` × `depth` mm: `asked`, or the default when 0; throws
/// InputError when the field would be over the memory budget, naming a spacing that fits.
double chooseResolution(double asked, double width, double depth);

/// The field of `shape` at `resolution` (0: the default). Throws InputError for a shape that
/// cannot be made: an empty box, a mesh that is not closed, a file that is not a native stock.
StockField makeField(const StockShape& shape, double resolution);

/// The native stock file (exact columns): write and read.
void writeNativeFile(const StockField& field, const std::string& path);
StockField readNativeFile(const std::string& path);
/// The stock's surface as a binary STL (closed: tops, bottoms and the walls between columns).
void writeStlFile(const StockField& field, const std::string& path);
/// The stock's surface for the report's 3D view within `max_triangles` (>= 12, else
/// std::invalid_argument): columns of equal material merged into rectangles, at the field's
/// spacing when that fits, else cells of 2, 4, 8 ... columns, each their envelope.
StockView viewMeshOf(const StockField& field, std::size_t max_triangles);

}  // namespace gougechek::stock
