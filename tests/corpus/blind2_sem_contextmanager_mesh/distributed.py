"""Mesh setup helpers: a context manager that builds the mesh and makes it current."""
import contextlib

import jax
import numpy as np
from jax.sharding import Mesh


def make_mesh(dp, tp):
    return Mesh(np.array(jax.devices()).reshape(dp, tp), ("dp", "tp"))


@contextlib.contextmanager
def distributed_context(dp=2, tp=2):
    mesh = make_mesh(dp, tp)
    with jax.set_mesh(mesh):
        yield mesh
