"""What the manifest tools (derive_covers.py, ptx_facts.py) share: turning a compile command of
build/compile_commands.json into another run of the same compiler, and finishing a check (write
the manifest when asked, print the problems, exit status). Python 3 standard library only."""
import json, os, re, shlex, subprocess


def compile_args(command, drop=lambda arg: False):
    """The command's arguments without its output, object and depfile options (and any argument
    `drop` rejects), ready for other flags such as -MM or -ptx."""
    args, skip = [], False
    for a in shlex.split(command):
        if skip:
            skip = False
            continue
        if a in ("-o", "-MT", "-MF", "-MQ"):
            skip = True
            continue
        if a in ("-c", "-MD", "-MMD") or drop(a):
            continue
        args.append(a)
    return args


def dependencies(directory, command, repo, flag="-MM"):
    """Project files (relative to `repo`, build outputs left out) that a compile command reads,
    from the compiler's own dependency output (g++ -MM, nvcc -M); None when the scan fails."""
    r = subprocess.run(compile_args(command) + [flag], cwd=directory, capture_output=True, text=True)
    if r.returncode != 0:
        return None
    out = set()
    for f in r.stdout.replace("\\\n", " ").split(":", 1)[1].split():
        rel = os.path.relpath(os.path.realpath(os.path.join(directory, f)), repo)
        if not (rel.startswith("..") or rel.startswith("build")):
            out.add(rel)
    return out


def compile_commands(build, repo, keep):
    """source path (relative to `repo`) -> (directory, command) of the compile_commands.json
    entries for which keep(command, file) holds."""
    out = {}
    for e in json.load(open(os.path.join(build, "compile_commands.json"), encoding="utf-8")):
        if keep(e["command"], e["file"]):
            for source, command in unity_members(e["file"], e["command"]):
                out[os.path.relpath(os.path.realpath(source), repo)] = (e["directory"], command)
    return out


UNITY_INCLUDE = re.compile(r'^#include "(.+)"$', re.M)


def unity_members(file, command):
    """[(source, command)] for one compile_commands.json entry. A CMake unity file (Unity/unity_N_*)
    stands for the sources it includes; each gets the same command on its own file, so the proofs
    are tied to the sources themselves, with the flags the build gives them."""
    if os.path.basename(os.path.dirname(file)) != "Unity" or not os.path.basename(file).startswith("unity_"):
        return [(file, command)]
    with open(file, encoding="utf-8") as f:
        members = UNITY_INCLUDE.findall(f.read())
    return [(m, command.replace(file, m)) for m in members]


def is_host_layer_compile(command):
    """Whether a compile command builds the CUDA-on-host layer's kernel or host-side objects
    (gpu/host/CMakeLists.txt: one object library per kernel source, not the mutants)."""
    return "/dimerlab_gpu_host_" in command and "_objects.dir/" in command


def finish(tool, manifest_path, manifest, write, problems, ok_line):
    """Writes the manifest when `write`, prints the problems, returns the exit status."""
    if write:
        with open(manifest_path, "w", encoding="utf-8") as f:
            json.dump(manifest, f, indent=2, ensure_ascii=False)
            f.write("\n")
    for p in problems:
        print(f"{tool}: {p}")
    if problems:
        return 1
    print(f"{tool}: {ok_line}")
    return 0
