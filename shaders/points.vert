#version 330 core
// Monomers as point sprites; matched vertices are moved outside the clip volume.
layout(location = 0) in vec2 position;
layout(location = 1) in float monomer;

uniform mat4 view;
uniform float point_px;

void main() {
    if (monomer < 0.5) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        gl_PointSize = 1.0;
        return;
    }
    gl_Position = vec4((view * vec4(position, 0.0, 1.0)).xy, -0.5, 1.0);
    gl_PointSize = point_px;
}
