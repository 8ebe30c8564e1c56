#include "chromatic/class_schedule.hpp"

#include <algorithm>
#include <string>

#include "util/errors.hpp"

namespace dimerlab {

std::string_view class_order_name(ClassOrder order) {
    return order == ClassOrder::random ? "random" : "fixed";
}

ClassOrder parse_class_order(std::string_view text) {
    if (text == "fixed") return ClassOrder::fixed;
    if (text == "random") return ClassOrder::random;
    throw InputError("unknown class order '" + std::string(text) + "'; expected fixed or random");
}

ClassSchedule::ClassSchedule(const EdgeColouring& colouring, ClassOrder order, std::uint64_t seed)
    : colouring_(colouring),
      order_(order),
      seed_(seed),
      perm_(colouring.num_colours()),
      starts_(colouring.num_colours() + std::size_t{1}) {}

void ClassSchedule::prepare(std::uint64_t sweep) {
    if (prepared_ && sweep == sweep_) return;
    const std::uint32_t k = colouring_.num_colours();
    if (order_ == ClassOrder::random) {
        class_permutation(seed_, sweep, k, perm_.data());
    } else {
        for (std::uint32_t c = 0; c < k; ++c) perm_[c] = c;
    }
    starts_[0] = 0;
    for (std::uint32_t j = 0; j < k; ++j)
        starts_[j + 1] = starts_[j] + (colouring_.offsets[perm_[j] + 1] - colouring_.offsets[perm_[j]]);
    sweep_ = sweep;
    prepared_ = true;
}

std::span<const std::uint32_t> ClassSchedule::classes(std::uint64_t sweep) {
    prepare(sweep);
    return perm_;
}

ClassPiece ClassSchedule::piece(std::uint64_t t, std::uint64_t limit) {
    const auto m = static_cast<std::uint64_t>(colouring_.order.size());
    const std::uint64_t sweep = t / m;
    const auto pos = static_cast<std::uint32_t>(t % m);
    prepare(sweep);
    // The last run starting at or before pos; classes are never empty, so it holds pos.
    const auto j =
        static_cast<std::size_t>(std::upper_bound(starts_.begin(), starts_.end(), pos) - starts_.begin()) - 1;
    const std::uint32_t offset = pos - starts_[j];
    const std::uint32_t first = colouring_.offsets[perm_[j]] + offset;
    const std::uint32_t left = starts_[j + 1] - pos;
    const auto length = static_cast<std::uint32_t>(std::min<std::uint64_t>(left, limit));
    return {sweep, first, first + length};
}

}  // namespace dimerlab
