"""Mesh layout shared by the launcher and the checkpoint converter."""
import jax
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

MESH_AXES = ("data", "tensor")
DATA, TENSOR = MESH_AXES


def build_mesh(dp=2, tp=2):
    return Mesh(np.array(jax.devices()[: dp * tp]).reshape(dp, tp), MESH_AXES)


def mlp_param_specs(params):
    import equinox as eqx

    specs = jax.tree.map(lambda _: P(), params)
    return eqx.tree_at(
        lambda m: (m.up.weight, m.up.bias, m.down.weight),
        specs,
        (P(TENSOR, None), P(TENSOR), P(None, TENSOR)),
    )
