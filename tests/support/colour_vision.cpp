#include "colour_vision.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace dimerlab::testing {

namespace {

using Matrix = std::array<std::array<double, 3>, 3>;

// Machado et al. 2009, Table 1, severity 1.0 (linear RGB to linear RGB).
constexpr Matrix kIdentity{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
constexpr Matrix kProtanopia{
    {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}};
constexpr Matrix kDeuteranopia{
    {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}};
constexpr Matrix kTritanopia{
    {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}};

const Matrix& matrix_of(ColourVision v) {
    switch (v) {
        case ColourVision::protanopia:
            return kProtanopia;
        case ColourVision::deuteranopia:
            return kDeuteranopia;
        case ColourVision::tritanopia:
            return kTritanopia;
        case ColourVision::normal:
            break;
    }
    return kIdentity;
}

double linear(double c) {
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double degrees(double radians) {
    return radians * 180 / std::numbers::pi;
}
double radians(double degrees) {
    return degrees * std::numbers::pi / 180;
}

}  // namespace

const char* colour_vision_name(ColourVision v) {
    switch (v) {
        case ColourVision::protanopia:
            return "protanopia";
        case ColourVision::deuteranopia:
            return "deuteranopia";
        case ColourVision::tritanopia:
            return "tritanopia";
        case ColourVision::normal:
            break;
    }
    return "normal vision";
}

Lab seen_as(ColourVision v, const Srgb& c) {
    const std::array<double, 3> lin{linear(c[0]), linear(c[1]), linear(c[2])};
    const Matrix& m = matrix_of(v);
    std::array<double, 3> s{};
    for (int i = 0; i < 3; ++i)
        s[i] = std::clamp(m[i][0] * lin[0] + m[i][1] * lin[1] + m[i][2] * lin[2], 0.0, 1.0);
    // Linear sRGB to XYZ (D65), then CIELAB with the D65 white.
    const double x = 0.4124564 * s[0] + 0.3575761 * s[1] + 0.1804375 * s[2];
    const double y = 0.2126729 * s[0] + 0.7151522 * s[1] + 0.0721750 * s[2];
    const double z = 0.0193339 * s[0] + 0.1191920 * s[1] + 0.9503041 * s[2];
    const auto f = [](double t) { return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116; };
    const double fx = f(x / 0.95047), fy = f(y / 1.0), fz = f(z / 1.08883);
    return {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
}

double ciede2000(const Lab& p, const Lab& q) {
    const double c1 = std::hypot(p[1], p[2]), c2 = std::hypot(q[1], q[2]);
    const double c_bar7 = std::pow((c1 + c2) / 2, 7);
    const double g = 0.5 * (1 - std::sqrt(c_bar7 / (c_bar7 + std::pow(25.0, 7))));
    const double a1 = (1 + g) * p[1], a2 = (1 + g) * q[1];
    const double c1p = std::hypot(a1, p[2]), c2p = std::hypot(a2, q[2]);
    const auto hue = [](double b, double a) {
        if (a == 0 && b == 0) return 0.0;
        const double h = degrees(std::atan2(b, a));
        return h < 0 ? h + 360 : h;
    };
    const double h1 = hue(p[2], a1), h2 = hue(q[2], a2);
    const double dl = q[0] - p[0], dc = c2p - c1p;
    double dh = 0;
    if (c1p * c2p != 0) {
        dh = h2 - h1;
        if (dh > 180) dh -= 360;
        if (dh < -180) dh += 360;
    }
    const double dH = 2 * std::sqrt(c1p * c2p) * std::sin(radians(dh / 2));
    const double l_bar = (p[0] + q[0]) / 2, c_barp = (c1p + c2p) / 2;
    double h_bar = h1 + h2;
    if (c1p * c2p != 0) {
        if (std::abs(h1 - h2) <= 180)
            h_bar = (h1 + h2) / 2;
        else
            h_bar = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
    }
    const double t = 1 - 0.17 * std::cos(radians(h_bar - 30)) + 0.24 * std::cos(radians(2 * h_bar)) +
                     0.32 * std::cos(radians(3 * h_bar + 6)) - 0.20 * std::cos(radians(4 * h_bar - 63));
    const double d_theta = 30 * std::exp(-std::pow((h_bar - 275) / 25, 2));
    const double c_barp7 = std::pow(c_barp, 7);
    const double rc = 2 * std::sqrt(c_barp7 / (c_barp7 + std::pow(25.0, 7)));
    const double sl = 1 + 0.015 * (l_bar - 50) * (l_bar - 50) / std::sqrt(20 + (l_bar - 50) * (l_bar - 50));
    const double sc = 1 + 0.045 * c_barp, sh = 1 + 0.015 * c_barp * t;
    const double rt = -std::sin(radians(2 * d_theta)) * rc;
    return std::sqrt((dl / sl) * (dl / sl) + (dc / sc) * (dc / sc) + (dH / sh) * (dH / sh) +
                     rt * (dc / sc) * (dH / sh));
}

}  // namespace dimerlab::testing
