// encodePng() and pngDataUri(): decoded again with libspng, the pixels are the picture's.
#include <gtest/gtest.h>
#include <spng.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "render/render.hpp"
#include "render/test_meshes.hpp"

namespace gougechek::render {
namespace {

struct Decoded {
  spng_ihdr header{};
  std::vector<std::uint8_t> rgba;
};

Decoded decode(const std::string& png) {
  const std::unique_ptr<spng_ctx, decltype(&spng_ctx_free)> context(spng_ctx_new(0),
                                                                    &spng_ctx_free);
  Decoded decoded;
  EXPECT_EQ(spng_set_png_buffer(context.get(), png.data(), png.size()), 0);
  EXPECT_EQ(spng_get_ihdr(context.get(), &decoded.header), 0);
  std::size_t size = 0;
  EXPECT_EQ(spng_decoded_image_size(context.get(), SPNG_FMT_RGBA8, &size), 0);
  decoded.rgba.resize(size);
  EXPECT_EQ(spng_decode_image(context.get(), decoded.rgba.data(), size, SPNG_FMT_RGBA8, 0), 0);
  return decoded;
}

std::string unbase64(const std::string& text) {
  const std::string digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  unsigned group = 0;
  int bits = 0;
  for (char c : text) {
    if (c == '=') break;
    const auto value = digits.find(c);
    if (value == std::string::npos) throw std::runtime_error("not base64");
    group = group << 6 | static_cast<unsigned>(value);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((group >> bits) & 0xFF);
    }
  }
  return out;
}

Image picture() {
  Mesh part = box({-20, -10, 0}, {20, 10, 10});
  addBox(part, {-5, -5, 10}, {5, 5, 15}, 0.4);
  const std::vector<Marker> markers{{{0, 0, 15}, 0.02, false}};
  RenderOptions options;
  options.width = 320;
  options.height = 240;
  options.depth_scale = depthScaleFor(markers);
  return view(part, {}, markers, viewOf(ViewKind::Iso, bounds(part)), options);
}

TEST(Png, AnOpaquePictureRoundTripsAsTruecolour) {
  const Image image = picture();
  const std::string png = encodePng(image);
  ASSERT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  const Decoded decoded = decode(png);
  EXPECT_EQ(decoded.header.width, 320u);
  EXPECT_EQ(decoded.header.height, 240u);
  EXPECT_EQ(decoded.header.color_type, SPNG_COLOR_TYPE_TRUECOLOR);
  EXPECT_EQ(decoded.rgba, image.rgba);
}

TEST(Png, APictureWithTransparencyKeepsItsAlpha) {
  Image image = picture();
  image.rgba[3] = 0;
  image.rgba[4 * 1000 + 3] = 128;
  const Decoded decoded = decode(encodePng(image));
  EXPECT_EQ(decoded.header.color_type, SPNG_COLOR_TYPE_TRUECOLOR_ALPHA);
  EXPECT_EQ(decoded.rgba, image.rgba);
}

TEST(Png, TheDataUriHoldsThePngInBase64) {
  const Image image = picture();
  const std::string uri = pngDataUri(image);
  const std::string prefix = "data:image/png;base64,";
  ASSERT_EQ(uri.substr(0, prefix.size()), prefix);
  const std::string digits = uri.substr(prefix.size());
  EXPECT_EQ(digits.size() % 4, 0u);
  EXPECT_EQ(unbase64(digits), encodePng(image));
}

TEST(Png, AnImageWhoseSizeAndPixelsDisagreeIsRefused) {
  Image image = picture();
  image.rgba.pop_back();
  EXPECT_THROW(encodePng(image), std::invalid_argument);
  EXPECT_THROW(encodePng(Image{}), std::invalid_argument);
}

}  // namespace
}  // namespace gougechek::render
