#version 330 core
// A disc cut out of the point sprite.
uniform vec3 point_colour;
out vec4 frag_colour;

void main() {
    if (length(gl_PointCoord - vec2(0.5)) > 0.5) discard;
    frag_colour = vec4(point_colour, 1.0);
}
