#version 330 core
// The tiling view: each dimer as its domino or lozenge, flat-shaded by its class.
layout(location = 0) in vec2 position;     // world units
layout(location = 1) in float tile_class;  // 0..3 dominoes, 0..2 lozenges

uniform mat4 view;
uniform vec3 tile_colours[4];

out vec3 colour;

void main() {
    colour = tile_colours[clamp(int(tile_class + 0.5), 0, 3)];
    gl_Position = vec4((view * vec4(position, 0.0, 1.0)).xy, 0.0, 1.0);
}
