#version 330 core
// One instanced quad per drawn edge piece (core profile has no wide lines). Widths are in device
// pixels so thin edges never vanish when zoomed out; dimers sit in front of edges (depth).
layout(location = 0) in vec2 corner;         // x: 0 at end a, 1 at end b; y: -1 / +1 across
layout(location = 1) in vec4 segment;        // per instance: a.xy, b.xy in world units
layout(location = 2) in float colour_class;  // per instance: 0..3 axis x parity, 4 other
layout(location = 3) in float dimer;         // per instance: 1 when the edge is a dimer
layout(location = 4) in float value;         // per instance: the edge's value in modes 3 and 4

uniform mat4 view;
uniform vec2 viewport_px;
uniform float edge_px;
uniform float dimer_px;
// 0 plain, 1 orientation x parity, 2 heat map (dimers drawn as edges), 3 a value in 0..1 on a
// sequential ramp, 4 a signed value on a diverging ramp from -value_scale to +value_scale
uniform int colour_mode;
uniform vec3 edge_colour;
uniform vec3 dimer_colours[5];
uniform float value_px;       // the edges' width in modes 3 and 4
uniform int value_dimers;     // modes 3 and 4: 1 when dimers are drawn apart from the field
uniform float value_scale;
uniform vec3 ramp_low, ramp_mid, ramp_high;
uniform vec3 below_colour, above_colour;

out vec3 colour;

vec3 value_colour() {
    if (colour_mode == 3) {
        float t = clamp(value, 0.0, 1.0);
        return t < 0.5 ? mix(ramp_low, ramp_mid, 2.0 * t) : mix(ramp_mid, ramp_high, 2.0 * t - 1.0);
    }
    float s = clamp(value / value_scale, -1.0, 1.0);
    return s < 0.0 ? mix(vec3(1.0), below_colour, -s) : mix(vec3(1.0), above_colour, s);
}

void main() {
    bool by_value = colour_mode >= 3;
    bool is_dimer = dimer > 0.5 && colour_mode != 2 && (!by_value || value_dimers == 1);
    vec2 half_px = 0.5 * viewport_px;
    vec2 a = (view * vec4(segment.xy, 0.0, 1.0)).xy * half_px;
    vec2 b = (view * vec4(segment.zw, 0.0, 1.0)).xy * half_px;
    vec2 d = b - a;
    float len = length(d);
    vec2 dir = len > 1e-4 ? d / len : vec2(1.0, 0.0);
    vec2 across = vec2(-dir.y, dir.x);
    float width = is_dimer ? dimer_px : (by_value ? value_px : edge_px);
    vec2 p = mix(a, b, corner.x) + across * (corner.y * 0.5 * width);
    gl_Position = vec4(p / half_px, is_dimer ? -0.2 : 0.2, 1.0);
    int cls = clamp(int(colour_class + 0.5), 0, 4);
    if (by_value) {
        // A dimer keeps its edge's colour, a shade darker, so the field stays whole underneath.
        colour = value_colour() * (is_dimer ? 0.8 : 1.0);
    } else {
        colour = is_dimer ? dimer_colours[colour_mode == 1 ? cls : 4] : edge_colour;
    }
}
