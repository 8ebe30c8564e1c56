// The CUDA runtime probe must never abort: with or without a device it returns, and when it
// reports no device every device entry point refuses with InfeasibleError instead of crashing.
#include <QtTest>

#include "dimerlab_gpu/device.hpp"
#include "graph/graph.hpp"
#include "util/errors.hpp"
#include "util/gpu_absence_words.hpp"

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
    // What the probe says in CUDA's words becomes plain words for the screen: the messages it can
    // produce (cudaGetErrorString's, and the stub's), each to its own clause; the probe's reason
    // on this machine to a clause without "CUDA" in it.
    void absence_reasons_become_plain_words() {
        using dimerlab::gpu_absence_in_plain_words;
        QCOMPARE(gpu_absence_in_plain_words(
                     "no usable CUDA device: CUDA driver version is insufficient for CUDA runtime version"),
                 std::string("the NVIDIA driver here is older than this build needs"));
        QCOMPARE(gpu_absence_in_plain_words("no usable CUDA device: no CUDA-capable device is detected"),
                 std::string("no NVIDIA GPU was found"));
        QCOMPARE(gpu_absence_in_plain_words("no CUDA device found"), std::string("no NVIDIA GPU was found"));
        QCOMPARE(gpu_absence_in_plain_words(
                     "no usable CUDA device: no NVIDIA driver is installed (CUDA driver version 0)"),
                 std::string("no NVIDIA GPU was found"));
        QCOMPARE(gpu_absence_in_plain_words(
                     "this build has no CUDA support (nvcc was not found when it was configured)"),
                 std::string("this build has no GPU support"));
        QCOMPARE(gpu_absence_in_plain_words("cannot query CUDA device 0: unknown error"),
                 std::string("the GPU cannot be used here"));
        const dimerlab::gpu::DeviceInfo info = dimerlab::gpu::probe();
        if (!info.available)
            QVERIFY(gpu_absence_in_plain_words(info.reason).find("CUDA") == std::string::npos);
        // A machine without any NVIDIA driver (driver version 0) has, for a class, no GPU; CUDA's
        // own message there would blame an old driver.
        if (!info.available && info.compiled && info.driver_version == 0)
            QCOMPARE(gpu_absence_in_plain_words(info.reason), std::string("no NVIDIA GPU was found"));
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
