import contextlib

import jax


@contextlib.contextmanager
def maybe_mesh(mesh):
    if mesh is None:
        yield
    else:
        with jax.set_mesh(mesh):
            yield
