// PNG encoding with libspng, and base64 for data URIs.
#include <spng.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "render/render.hpp"

namespace gougechek::render {

namespace {

void check(int error, const char* step) {
  if (error != 0) {
    std::string message = "PNG encoding failed (";
    message.append(step).append("): ").append(spng_strerror(error));
    throw std::runtime_error(message);
  }
}

std::string base64(const std::string& bytes) {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned group = static_cast<unsigned char>(bytes[i]) << 16 |
                           static_cast<unsigned char>(bytes[i + 1]) << 8 |
                           static_cast<unsigned char>(bytes[i + 2]);
    out += kDigits[group >> 18];
    out += kDigits[(group >> 12) & 63];
    out += kDigits[(group >> 6) & 63];
    out += kDigits[group & 63];
  }
  if (i < bytes.size()) {
    const bool two = i + 1 < bytes.size();
    const unsigned group = static_cast<unsigned char>(bytes[i]) << 16 |
                           (two ? static_cast<unsigned char>(bytes[i + 1]) << 8 : 0);
    out += kDigits[group >> 18];
    out += kDigits[(group >> 12) & 63];
    out += two ? kDigits[(group >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

}  // namespace

std::string encodePng(const Image& image) {
  if (image.width <= 0 || image.height <= 0 ||
      image.rgba.size() != static_cast<std::size_t>(image.width) * image.height * 4) {
    throw std::invalid_argument("encodePng: the image's size and its pixels disagree");
  }
  // The pictures are opaque: truecolour without alpha is a quarter less to compress. An image
  // with any transparency keeps its alpha.
  bool opaque = true;
  for (std::size_t i = 3; i < image.rgba.size() && opaque; i += 4) opaque = image.rgba[i] == 255;
  std::vector<std::uint8_t> rgb;
  if (opaque) {
    rgb.reserve(image.rgba.size() / 4 * 3);
    for (std::size_t i = 0; i < image.rgba.size(); i += 4)
      rgb.insert(rgb.end(), image.rgba.begin() + i, image.rgba.begin() + i + 3);
  }
  const std::unique_ptr<spng_ctx, decltype(&spng_ctx_free)> context(spng_ctx_new(SPNG_CTX_ENCODER),
                                                                    &spng_ctx_free);
  if (!context) throw std::runtime_error("PNG encoding failed: no libspng context");
  check(spng_set_option(context.get(), SPNG_ENCODE_TO_BUFFER, 1), "buffer");
  spng_ihdr header{};
  header.width = static_cast<std::uint32_t>(image.width);
  header.height = static_cast<std::uint32_t>(image.height);
  header.bit_depth = 8;
  header.color_type = opaque ? SPNG_COLOR_TYPE_TRUECOLOR : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA;
  check(spng_set_ihdr(context.get(), &header), "header");
  const std::vector<std::uint8_t>& pixels = opaque ? rgb : image.rgba;
  check(spng_encode_image(context.get(), pixels.data(), pixels.size(), SPNG_FMT_PNG,
                          SPNG_ENCODE_FINALIZE),
        "image");
  std::size_t size = 0;
  int error = 0;
  void* buffer = spng_get_png_buffer(context.get(), &size, &error);
  check(error, "buffer");
  if (!buffer) throw std::runtime_error("PNG encoding failed: libspng returned no buffer");
  // The buffer is the caller's to free.
  const std::unique_ptr<void, decltype(&std::free)> owned(buffer, &std::free);
  return std::string(static_cast<const char*>(buffer), size);
}

std::string pngDataUri(const Image& image) {
  std::string uri = "data:image/png;base64,";
  uri.append(base64(encodePng(image)));
  return uri;
}

}  // namespace gougechek::render
