// SHA-256 against FIPS 180-2 vectors, and file hashing equal to hashing the bytes.
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>

#include "verify/sha256.hpp"

using dimerlab::verify::sha256_file;
using dimerlab::verify::sha256_hex;

class TestSha256 : public QObject {
    Q_OBJECT
  private slots:
    void known_vectors() {
        QCOMPARE(sha256_hex(""),
                 std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        QCOMPARE(sha256_hex("abc"),
                 std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        QCOMPARE(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                 std::string("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
        QCOMPARE(sha256_hex(std::string(1000000, 'a')),
                 std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
    }
    void file_equals_bytes() {
        QTemporaryDir dir;
        const std::string path = (dir.path() + "/f.bin").toStdString();
        const std::string bytes("line1\r\nline2\n\0tail", 18);  // raw bytes: no normalisation
        std::ofstream(path, std::ios::binary) << bytes;
        QCOMPARE(sha256_file(path).value(), sha256_hex(bytes));
        QVERIFY(!sha256_file(path + ".missing").has_value());
    }
};

QTEST_GUILESS_MAIN(TestSha256)
#include "test_sha256.moc"
