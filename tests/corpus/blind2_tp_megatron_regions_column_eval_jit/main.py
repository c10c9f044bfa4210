"""Evaluation of only the column-parallel half under plain jax.jit: its all-reduce is in the
backward rule, which evaluation never traces."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from megatron import ColumnParallelLinear

mesh = Mesh(np.array(jax.devices()), ("tensor",))
fc1 = ColumnParallelLinear()


def eval_step(params, x, y):
    return jnp.mean(jax.nn.gelu(fc1(params["fc1"], x)) ** 2)


param_shardings = {"fc1": NamedSharding(mesh, P(None, "tensor")),
                   "fc2": NamedSharding(mesh, P("tensor", None))}
replicated = NamedSharding(mesh, P())
step = jax.jit(eval_step, in_shardings=(param_shardings, replicated, replicated))

params = {"fc1": jax.ShapeDtypeStruct((128, 512), jnp.float32),
          "fc2": jax.ShapeDtypeStruct((512, 128), jnp.float32)}
x = y = jax.ShapeDtypeStruct((32, 128), jnp.float32)
step.trace(params, x, y).lower(lowering_platforms=("cuda",))
