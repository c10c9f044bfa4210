_MESH = None


def set_global_mesh(mesh):
    global _MESH
    _MESH = mesh
    return mesh


def get_mesh():
    if _MESH is None:
        raise RuntimeError("call set_global_mesh first")
    return _MESH
