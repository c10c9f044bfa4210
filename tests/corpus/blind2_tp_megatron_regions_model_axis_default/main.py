"""Tensor-parallel MLP training step: gradients flow through Megatron's f/g operators."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from megatron import ParallelMLP
from megatron.layers import mse

mesh = Mesh(np.array(jax.devices()), ("tensor",))
mlp = ParallelMLP()


def train_step(params, x, y):
    loss, grads = jax.value_and_grad(lambda p: mse(mlp, p, x, y))(params)
    return jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads), loss


param_specs = {"fc1": P(None, "tensor"), "fc2": P("tensor", None)}
step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(param_specs, P(), P()),
                             out_specs=(param_specs, P()), check_vma=False))

params = {"fc1": jax.ShapeDtypeStruct((128, 512), jnp.float32),
          "fc2": jax.ShapeDtypeStruct((512, 128), jnp.float32)}
x = y = jax.ShapeDtypeStruct((32, 128), jnp.float32)
step.trace(params, x, y).lower(lowering_platforms=("cuda",))
