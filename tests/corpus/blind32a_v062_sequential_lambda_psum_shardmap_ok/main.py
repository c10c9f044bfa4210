"""Megatron MLP as an eqx.nn.Sequential whose last layer is a Lambda psum; run under shard_map."""
import functools as ft

import jax
import jax.numpy as jnp
import numpy as np
from equinox import combine, is_array, nn, partition, tree_at
from jax.sharding import Mesh, PartitionSpec as P

keys = jax.random.split(jax.random.PRNGKey(0), 2)
mlp = nn.Sequential(
    [
        nn.Linear(128, 512, key=keys[0]),
        nn.Lambda(jax.nn.gelu),
        nn.Linear(512, 128, use_bias=False, key=keys[1]),
        nn.Lambda(ft.partial(jax.lax.psum, axis_name="model")),
    ]
)
params, static = partition(mlp, is_array)
specs = jax.tree.map(lambda _: P(), params)
specs = tree_at(
    lambda s: (s.layers[0].weight, s.layers[0].bias, s.layers[2].weight),
    specs,
    (P("model", None), P("model"), P(None, "model")),
)

mesh = Mesh(np.array(jax.devices()).reshape(4), ("model",))


def apply(params, x):
    return jax.vmap(combine(params, static))(x)


apply = jax.shard_map(apply, mesh=mesh, in_specs=(specs, P()), out_specs=P())
x = jnp.ones((8, 128))
print(jax.jit(apply).trace(params, x).lower(lowering_platforms=("cuda",)) is not None)
