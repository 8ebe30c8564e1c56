#pragma once
// What the viewport draws, computed once per graph on the CPU: one instance (segment) per drawn
// edge piece, one point per vertex, a colour class per instance and a picking index. Kept free of
// GL so tests and the mock render target can use it.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "dimerlab_render/camera.hpp"
#include "graph/graph.hpp"

namespace dimerlab::render {

// Dimer colour classes for the orientation × parity mode (docs/algorithms.md §8): axis × sublattice
// parity of the edge's left (horizontal) or lower (vertical) end. kOtherClass where the graph has
// no axes or is not bipartite.
enum : std::uint8_t {
    kHorizontalEven = 0,
    kHorizontalOdd = 1,
    kVerticalEven = 2,
    kVerticalOdd = 3,
    kOtherClass = 4
};

struct EdgeInstance {
    float x0, y0, x1, y1;
};

struct PickResult {
    enum class Kind { vertex, edge } kind;
    std::uint32_t id;
};

class SceneGeometry {
  public:
    // Shares the graph: a view may outlive the controller that built it.
    explicit SceneGeometry(std::shared_ptr<const Graph> graph);

    const Graph& graph() const { return *graph_; }
    // One per drawn piece: an ordinary edge is one instance; a torus wrap edge, which would cross
    // the whole picture, becomes two short stubs pointing out of the drawing from its endpoints.
    const std::vector<EdgeInstance>& instances() const { return instances_; }
    const std::vector<EdgeId>& instance_edge() const { return instance_edge_; }
    const std::vector<std::uint8_t>& instance_class() const { return instance_class_; }
    const std::vector<float>& vertex_xy() const { return vertex_xy_; }  // x0,y0,x1,y1,...
    const WorldBox& bounds() const { return bounds_; }
    // Typical gap between neighbouring vertices (median_nearest_neighbour_distance; the edge
    // length on lattices): the unit for line widths, disc sizes and picking.
    double unit() const { return unit_; }
    // How wide a dimer is drawn, in world units: a third of the unit on lattices, thinner where
    // edges are much longer than the gaps between vertices (dense or random graphs), so that many
    // long dimers crossing one another stay separate lines.
    double dimer_width() const { return dimer_width_; }
    bool has_orientation_classes() const { return has_classes_; }

    // 1 per instance whose edge is a dimer of `mate`, else 0.
    void edge_states(std::span<const std::uint32_t> mate, std::vector<std::uint8_t>& out) const;
    // 1 per monomer (unmatched vertex), else 0.
    static void monomer_flags(std::span<const std::uint32_t> mate, std::vector<std::uint8_t>& out);

    // The vertex near `world` (within about a third of a unit), else an edge through it that
    // touches a nearby vertex, else nothing.
    std::optional<PickResult> pick(glm::dvec2 world) const;

  private:
    std::int64_t cell_key(double x, double y) const;
    std::optional<VertexId> nearest_vertex(glm::dvec2 world, double radius) const;

    std::shared_ptr<const Graph> graph_;
    std::vector<EdgeInstance> instances_;
    std::vector<EdgeId> instance_edge_;
    std::vector<std::uint32_t> edge_first_instance_;  // instances of edge e: [first[e], first[e+1])
    std::vector<std::uint8_t> instance_class_;
    std::vector<float> vertex_xy_;
    WorldBox bounds_;
    double unit_ = 1;
    double dimer_width_ = 0.36;
    bool has_classes_ = false;
    std::unordered_map<std::int64_t, std::vector<VertexId>> cells_;
};

}  // namespace dimerlab::render
