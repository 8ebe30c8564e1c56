#version 330 core
// A disc cut out of the point sprite: the monomer colour, or in the heat-map mode a ramp from
// white (never a monomer) to the monomer colour (always one).
uniform vec3 point_colour;
uniform int heat_mode;
in float v_heat;
out vec4 frag_colour;

void main() {
    if (length(gl_PointCoord - vec2(0.5)) > 0.5) discard;
    vec3 colour = heat_mode == 1 ? mix(vec3(1.0), point_colour, clamp(v_heat, 0.0, 1.0)) : point_colour;
    frag_colour = vec4(colour, 1.0);
}
