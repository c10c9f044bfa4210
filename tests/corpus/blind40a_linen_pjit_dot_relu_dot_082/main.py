import functools
from typing import Callable

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import with_sharding_constraint
from jax.sharding import NamedSharding, PartitionSpec

mesh = jax.make_mesh((2, 2), ("data", "model"))


def mesh_sharding(pspec):
    return NamedSharding(mesh, pspec)


class DotReluDot(nn.Module):
    depth: int
    dense_init: Callable = nn.initializers.xavier_normal()

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.depth,
                     kernel_init=nn.with_partitioning(self.dense_init, (None, "model")),
                     use_bias=False)(x)
        y = jax.nn.relu(y)
        y = with_sharding_constraint(y, mesh_sharding(PartitionSpec("data", "model")))
        W2 = self.param("W2", nn.with_partitioning(self.dense_init, ("model", None)),
                        (self.depth, x.shape[-1]))
        z = jnp.dot(y, W2)
        return with_sharding_constraint(z, mesh_sharding(PartitionSpec("data", None)))


model = DotReluDot(1024)
x = jnp.ones((8, 1024))
x_sharding = mesh_sharding(PartitionSpec("data", None))
abstract_variables = jax.eval_shape(model.init, jax.random.key(0), x)
var_sharding = nn.get_sharding(abstract_variables, mesh)

apply = jax.jit(model.apply, in_shardings=(var_sharding, x_sharding), out_shardings=x_sharding)
lowered = apply.trace(abstract_variables, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:60])
