"""What the manifest tools (derive_covers.py, ptx_facts.py) share: turning a compile command of
build/compile_commands.json into another run of the same compiler, and finishing a check (write
the manifest when asked, print the problems, exit status). Python 3 standard library only."""
import json, shlex


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
