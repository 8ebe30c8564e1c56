#version 330 core
// The tiling view: each dimer as its domino or lozenge, flat-shaded by its class. The height view
// (ramp = 1) draws faces through the same path: the third attribute is then the face's position
// on the height ramp, 0..1 (low, mid, high at 0, 0.5, 1), or negative for a defect face.
layout(location = 0) in vec2 position;     // world units
layout(location = 1) in float tile_class;  // 0..3 dominoes, 0..2 lozenges; or the ramp position

uniform mat4 view;
uniform vec3 tile_colours[4];
uniform int ramp;
uniform vec3 ramp_low;
uniform vec3 ramp_mid;
uniform vec3 ramp_high;
uniform vec3 defect_colour;

out vec3 colour;

void main() {
    if (ramp == 1) {
        float t = clamp(tile_class, 0.0, 1.0);
        vec3 on_ramp = t < 0.5 ? mix(ramp_low, ramp_mid, 2.0 * t) : mix(ramp_mid, ramp_high, 2.0 * t - 1.0);
        colour = tile_class < 0.0 ? defect_colour : on_ramp;
    } else {
        colour = tile_colours[clamp(int(tile_class + 0.5), 0, 3)];
    }
    gl_Position = vec4((view * vec4(position, 0.0, 1.0)).xy, 0.0, 1.0);
}
