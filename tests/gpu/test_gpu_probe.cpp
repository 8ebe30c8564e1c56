// The CUDA runtime probe must never abort: with or without a device it returns, and when it
// reports no device every device entry point refuses with InfeasibleError instead of crashing.
#include <QtTest>

#include "dimerlab_gpu/device.hpp"
#include "graph/graph.hpp"
#include "util/errors.hpp"

class TestGpuProbe : public QObject {
    Q_OBJECT
  private slots:
    void probe_returns_a_reason_or_a_device() {
        const dimerlab::gpu::DeviceInfo info = dimerlab::gpu::probe();
#ifdef DIMERLAB_HAVE_CUDA
        QVERIFY(info.compiled);
#else
        QVERIFY(!info.compiled);
#endif
        if (info.available) {
            QVERIFY(!info.name.empty());
            QVERIFY(info.compute_major >= 7);
            QVERIFY(info.memory_bytes > 0);
        } else {
            QVERIFY2(!info.reason.empty(), "an unavailable device must say why");
        }
    }
    void device_entry_points_refuse_cleanly_without_a_device() {
        const dimerlab::gpu::DeviceInfo info = dimerlab::gpu::probe();
        if (info.available) return;  // covered by gpu_device_check on a GPU machine
        dimerlab::Graph g(2, {{0, 1}});
        dimerlab::MateArray mate(2, dimerlab::kNoMate);
        QVERIFY_THROWS_EXCEPTION(dimerlab::InfeasibleError,
                                 dimerlab::gpu::heat_bath_on_device(g, 1, 0, 10, 1u << 31, mate));
        QCOMPARE(mate[0], dimerlab::kNoMate);
    }
};

QTEST_GUILESS_MAIN(TestGpuProbe)
#include "test_gpu_probe.moc"
