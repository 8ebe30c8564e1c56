// The "cuda" backends without a device (CI, this build machine, or a build without nvcc): the
// factory, the sampler classes and the ensemble refuse with InfeasibleError carrying the probe's
// one-line reason, before any device call, and never crash. On a machine with a device this is
// skipped; gpu_device_check covers that case.
#include <QtTest>
#include <string>

#include "dimerlab_gpu/cuda_ensemble.hpp"
#include "dimerlab_gpu/cuda_sampler.hpp"
#include "dimerlab_gpu/device.hpp"
#include "test_graphs.hpp"
#include "util/errors.hpp"

using namespace dimerlab;

namespace {

template <class F>
QString infeasible_message(F&& f) {
    try {
        f();
    } catch (const InfeasibleError& e) {
        return QString::fromStdString(e.what());
    } catch (const std::exception& e) {
        return QString("wrong exception: ") + e.what();
    }
    return "no exception";
}

}  // namespace

class TestCudaRefusal : public QObject {
    Q_OBJECT
  private slots:
    void everything_refuses_with_the_probe_reason() {
        const gpu::DeviceInfo info = gpu::probe();
        if (info.available) QSKIP("a CUDA device is present: gpu_device_check runs the cuda backends");
        const QString reason = QString::fromStdString(info.reason);
        QVERIFY(!reason.isEmpty());
        const Graph g = testing::grid_graph(5, 4);
        const MateArray empty(g.num_vertices(), kNoMate);
        for (Dynamics d : {Dynamics::glauber, Dynamics::chromatic}) {
            QCOMPARE(infeasible_message([&] { gpu::make_cuda_sampler(g, d, 1, LambdaRecord(1.0), empty); }),
                     reason);
        }
        QCOMPARE(infeasible_message([&] { gpu::CudaJacobiSampler s(g, 1, LambdaRecord(1.0), empty, 7); }),
                 reason);
        QCOMPARE(infeasible_message([&] { gpu::CudaChromaticSampler s(g, 1, LambdaRecord(1.0), empty); }),
                 reason);
        QCOMPARE(infeasible_message([&] { gpu::make_cuda_ensemble(g, 4, 1, LambdaRecord(1.0)); }), reason);
        QCOMPARE(infeasible_message([&] {
                     gpu::CudaSamplerEnsemble e(g, 1, LambdaRecord(1.0), {empty, empty});
                 }),
                 reason);
    }

    void input_errors_come_first() {
        // A bad start is the caller's mistake whatever the device: InputError, as on the CPU.
        const Graph g = testing::grid_graph(3, 3);
        MateArray bad(g.num_vertices(), kNoMate);
        bad[0] = 8;
        QVERIFY_THROWS_EXCEPTION(InputError, gpu::CudaJacobiSampler(g, 1, LambdaRecord(1.0), bad));
        QVERIFY_THROWS_EXCEPTION(InputError, gpu::CudaSamplerEnsemble(g, 1, LambdaRecord(1.0), {bad}));
    }
};

QTEST_GUILESS_MAIN(TestCudaRefusal)
#include "test_cuda_refusal.moc"
