#version 330 core
// Monomers as point sprites; matched vertices are moved outside the clip volume. In the heat-map
// mode every vertex is drawn, coloured by its monomer frequency.
layout(location = 0) in vec2 position;
layout(location = 1) in float monomer;
layout(location = 2) in float heat;  // time-averaged monomer indicator, 0..1

uniform mat4 view;
uniform float point_px;
uniform int heat_mode;

out float v_heat;

void main() {
    v_heat = heat;
    if (heat_mode == 0 && monomer < 0.5) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        gl_PointSize = 1.0;
        return;
    }
    gl_Position = vec4((view * vec4(position, 0.0, 1.0)).xy, -0.5, 1.0);
    gl_PointSize = point_px;
}
