"""Evaluation of the tensor-parallel MLP under plain jax.jit with the weights sharded by
in_shardings: the row-parallel layer's all-reduce has no shard_map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from megatron import ParallelMLP
from megatron.layers import mse

mesh = Mesh(np.array(jax.devices()), ("tensor",))
mlp = ParallelMLP()


def eval_step(params, x, y):
    return mse(mlp, params, x, y)


param_shardings = {"fc1": NamedSharding(mesh, P(None, "tensor")),
                   "fc2": NamedSharding(mesh, P("tensor", None))}
replicated = NamedSharding(mesh, P())
step = jax.jit(eval_step, in_shardings=(param_shardings, replicated, replicated))

params = {"fc1": jax.ShapeDtypeStruct((128, 512), jnp.float32),
          "fc2": jax.ShapeDtypeStruct((512, 128), jnp.float32)}
x = y = jax.ShapeDtypeStruct((32, 128), jnp.float32)
step.trace(params, x, y).lower(lowering_platforms=("cuda",))
