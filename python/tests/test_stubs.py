"""damatb.pyi, the type stubs installed beside the module, names what the module has: every
public name of the module and of its classes is in the stubs, and every name of the stubs in
the module, with the keywords the functions take."""
import ast
import builtins
import pathlib

import damatb

# Built beside the module (python/CMakeLists.txt), where editors look for it.
STUBS = pathlib.Path(damatb.__file__).with_name("damatb.pyi")


def public(names):
    return {n for n in names if not n.startswith("_")}


def stub_tree():
    return ast.parse(STUBS.read_text())


def stub_names(body):
    """The public names a module's or class's statements define."""
    names = set()
    for node in body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets)
    return public(names)


def stub_classes():
    return {node.name: node for node in stub_tree().body if isinstance(node, ast.ClassDef)}


def test_the_stubs_are_beside_the_module():
    assert STUBS.is_file()


def test_the_module_and_the_stubs_name_the_same():
    assert public(dir(damatb)) == stub_names(stub_tree().body)


def test_each_class_and_its_stub_name_the_same():
    for name, node in stub_classes().items():
        cls = getattr(damatb, name)
        # What a class inherits (an exception's args, with_traceback) is its base's stub's.
        inherited = set().union(*(dir(base) for base in cls.__mro__[1:]))
        assert public(set(dir(cls)) - inherited) == stub_names(node.body), name


def test_the_stubs_keywords_are_the_modules():
    # pybind11 writes each function's signature at the top of its docstring: "probe(self:
    # damatb.Tablebase, fen: object, counter: Optional[int] = None) -> damatb.ProbeValue".
    functions = [(getattr(damatb, f.name), f) for f in stub_tree().body if isinstance(f, ast.FunctionDef)]
    for name, node in stub_classes().items():
        if issubclass(getattr(damatb, name), BaseException):
            continue
        functions += [(getattr(getattr(damatb, name), f.name), f)
                      for f in node.body if isinstance(f, ast.FunctionDef)
                      and not any(isinstance(d, ast.Name) and d.id == "property" for d in f.decorator_list)]
    checked = 0
    for function, node in functions:
        if node.name in {"__eq__", "__hash__"} or getattr(builtins.object, node.name, None) is function:
            continue
        doc = function.__doc__ or ""
        for arg in node.args.args:
            if arg.arg != "self" and not node.name == "__exit__":
                assert f"{arg.arg}: " in doc, f"{node.name}: keyword {arg.arg} is not the module's"
        checked += 1
    assert checked > 20
